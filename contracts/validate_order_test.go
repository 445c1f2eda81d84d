package contracts_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// orderCases cover the payload-level checks and every OrderEvent rule.
var orderCases = []struct {
	name    string
	payload string
	want    verdict
}{
	{"valid", order(), verdict{}},
	{"valid with unknown member (allow)", order(m("extra", `{"a":[1,2]}`)), verdict{}},
	{"valid members in any order", `{"status":"paid","event_time":"2026-07-15T11:50:00Z","order_total":1,"customer_id":1,"order_id":1,"event_id":"e"}`, verdict{}},
	{"valid whitespace around", " \t\r\n" + order() + "\n ", verdict{}},
	// payload level
	{"invalid utf8 in a string", order(m("event_id", "\"e\xff\"")), verdict{code: contracts.ReasonInvalidUTF8}},
	{"invalid utf8 beats malformed", "{\"event_id\":\"\xc3\x28", verdict{code: contracts.ReasonInvalidUTF8}},
	{"invalid utf8 surrogate bytes", order(m("event_id", "\"\xed\xa0\x80\"")), verdict{code: contracts.ReasonInvalidUTF8}},
	{"empty payload", "", verdict{code: contracts.ReasonMalformedJSON}},
	{"whitespace only", "  \n", verdict{code: contracts.ReasonMalformedJSON}},
	{"truncated", order()[:40], verdict{code: contracts.ReasonMalformedJSON}},
	{"trailing garbage", order() + "x", verdict{code: contracts.ReasonMalformedJSON}},
	{"two values", order() + " " + order(), verdict{code: contracts.ReasonMalformedJSON}},
	{"trailing comma", strings.TrimSuffix(order(), "}") + ",}", verdict{code: contracts.ReasonMalformedJSON}},
	{"single quotes", `{'event_id':'x'}`, verdict{code: contracts.ReasonMalformedJSON}},
	{"comment", "/*c*/" + order(), verdict{code: contracts.ReasonMalformedJSON}},
	{"bom", "\ufeff" + order(), verdict{code: contracts.ReasonMalformedJSON}},
	{"leading zero", order(m("order_id", "01001")), verdict{code: contracts.ReasonMalformedJSON}},
	{"plus sign", order(m("order_id", "+1")), verdict{code: contracts.ReasonMalformedJSON}},
	{"NaN", order(m("order_total", "NaN")), verdict{code: contracts.ReasonMalformedJSON}},
	{"bare dot", order(m("order_total", "1.")), verdict{code: contracts.ReasonMalformedJSON}},
	{"raw newline in string", order(m("event_id", "\"a\nb\"")), verdict{code: contracts.ReasonMalformedJSON}},
	{"bad escape", order(m("event_id", `"a\x41"`)), verdict{code: contracts.ReasonMalformedJSON}},
	{"lone surrogate escape", order(m("event_id", `"\ud800"`)), verdict{code: contracts.ReasonMalformedJSON}},
	{"duplicate member", strings.TrimSuffix(order(), "}") + `,"order_id":2}`, verdict{code: contracts.ReasonMalformedJSON}},
	{"duplicate member via escape", strings.TrimSuffix(order(), "}") + `,"order\u005fid":2}`, verdict{code: contracts.ReasonMalformedJSON}},
	{"duplicate at depth in unknown member", order(m("extra", `[{"a":1,"b":{"c":1,"c":2}}]`)), verdict{code: contracts.ReasonMalformedJSON}},
	{"nesting too deep (1000)", order(m("extra", strings.Repeat("[", 999)+strings.Repeat("]", 999))), verdict{code: contracts.ReasonMalformedJSON}},
	{"nesting at the limit (999)", order(m("extra", strings.Repeat("[", 998)+strings.Repeat("]", 998))), verdict{}},
	{"number of 1000 digits", order(m("extra", "1."+strings.Repeat("1", 999))), verdict{}},
	{"number of 1001 digits", order(m("extra", "1."+strings.Repeat("1", 1000))), verdict{code: contracts.ReasonMalformedJSON}},
	{"member name of 50000 characters", order(m(strings.Repeat("n", 50000), "1")), verdict{}},
	{"member name of 50001 characters", order(m(strings.Repeat("n", 50001), "1")), verdict{code: contracts.ReasonMalformedJSON}},
	{"member name of 25001 surrogate pairs", order(m(strings.Repeat("😀", 25001), "1")), verdict{code: contracts.ReasonMalformedJSON}},
	{"member name of 50000 escaped characters", order(m(strings.Repeat(`é`, 50000), "1")), verdict{}},
	{"array", `[]`, verdict{code: contracts.ReasonNotAnObject}},
	{"string", `"x"`, verdict{code: contracts.ReasonNotAnObject}},
	{"number", `1`, verdict{code: contracts.ReasonNotAnObject}},
	{"null", `null`, verdict{code: contracts.ReasonNotAnObject}},
	{"empty object", `{}`, verdict{contracts.ReasonMissingRequired, "event_id"}},
	// presence
	{"event_id absent", order(m("event_id", "-")), verdict{contracts.ReasonMissingRequired, "event_id"}},
	{"event_id null", order(m("event_id", "null")), verdict{contracts.ReasonMissingRequired, "event_id"}},
	{"event_id empty", order(m("event_id", `""`)), verdict{contracts.ReasonMissingRequired, "event_id"}},
	{"event_time absent", order(m("event_time", "-")), verdict{contracts.ReasonMissingRequired, "event_time"}},
	{"first declared field wins", order(m("status", "1"), m("order_id", "-")), verdict{contracts.ReasonMissingRequired, "order_id"}},
	// JSON types
	{"event_id number", order(m("event_id", "5")), verdict{contracts.ReasonWrongType, "event_id"}},
	{"order_id string", order(m("order_id", `"1001"`)), verdict{contracts.ReasonWrongType, "order_id"}},
	{"order_id fraction", order(m("order_id", "1001.0")), verdict{contracts.ReasonWrongType, "order_id"}},
	{"order_id exponent", order(m("order_id", "1e3")), verdict{contracts.ReasonWrongType, "order_id"}},
	{"order_id bool", order(m("order_id", "true")), verdict{contracts.ReasonWrongType, "order_id"}},
	{"order_total string", order(m("order_total", `"19.99"`)), verdict{contracts.ReasonWrongType, "order_total"}},
	{"status array", order(m("status", `["paid"]`)), verdict{contracts.ReasonWrongType, "status"}},
	{"event_time number", order(m("event_time", "1784116200")), verdict{contracts.ReasonWrongType, "event_time"}},
	// integers
	{"order_id int64 max", order(m("order_id", "9223372036854775807")), verdict{}},
	{"order_id int64 overflow", order(m("order_id", "9223372036854775808")), verdict{contracts.ReasonOutOfRange, "order_id"}},
	{"order_id 38 digits", order(m("order_id", strings.Repeat("9", 38))), verdict{contracts.ReasonOutOfRange, "order_id"}},
	{"order_id 39 digits", order(m("order_id", "-"+strings.Repeat("9", 39))), verdict{contracts.ReasonWrongType, "order_id"}},
	{"order_id zero (gt=0)", order(m("order_id", "0")), verdict{contracts.ReasonOutOfRange, "order_id"}},
	{"order_id minus zero", order(m("order_id", "-0")), verdict{contracts.ReasonOutOfRange, "order_id"}},
	{"customer_id negative", order(m("customer_id", "-42")), verdict{contracts.ReasonOutOfRange, "customer_id"}},
	{"customer_id int64 min", order(m("customer_id", "-9223372036854775808")), verdict{contracts.ReasonOutOfRange, "customer_id"}},
	// decimals
	{"total two decimals", order(m("order_total", "19.99")), verdict{}},
	{"total trailing zeros", order(m("order_total", "19.9900000")), verdict{}},
	{"total three decimals", order(m("order_total", "19.999")), verdict{contracts.ReasonDecimalOverflow, "order_total"}},
	{"total exponent", order(m("order_total", "1.999e1")), verdict{}},
	{"total negative exponent", order(m("order_total", "1999E-2")), verdict{}},
	{"total exponent too fine", order(m("order_total", "1.9999e1")), verdict{contracts.ReasonDecimalOverflow, "order_total"}},
	{"total 16 integer digits", order(m("order_total", "9999999999999999.99")), verdict{}},
	{"total 17 integer digits", order(m("order_total", "10000000000000000")), verdict{contracts.ReasonDecimalOverflow, "order_total"}},
	{"total 1e16", order(m("order_total", "1e16")), verdict{contracts.ReasonDecimalOverflow, "order_total"}},
	{"total 1e15", order(m("order_total", "1e15")), verdict{}},
	{"total huge exponent zero", order(m("order_total", "0e999999999999999999")), verdict{}},
	{"total tiny", order(m("order_total", "1e-400")), verdict{contracts.ReasonDecimalOverflow, "order_total"}},
	{"total zero", order(m("order_total", "0.00")), verdict{}},
	{"total negative (gte=0)", order(m("order_total", "-0.01")), verdict{contracts.ReasonOutOfRange, "order_total"}},
	{"total minus zero", order(m("order_total", "-0.0")), verdict{}},
	// timestamps
	{"ts offset", order(m("event_time", `"2026-07-15T13:50:00+02:00"`)), verdict{}},
	{"ts negative offset", order(m("event_time", `"2026-07-15T06:20:00-05:30"`)), verdict{}},
	{"ts 1 fractional digit", order(m("event_time", `"2026-07-15T11:50:00.1Z"`)), verdict{}},
	{"ts 6 fractional digits", order(m("event_time", `"2026-07-15T11:50:00.123456Z"`)), verdict{}},
	{"ts 7 fractional digits", order(m("event_time", `"2026-07-15T11:50:00.1234567Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts empty fraction", order(m("event_time", `"2026-07-15T11:50:00.Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts lowercase t", order(m("event_time", `"2026-07-15t11:50:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts lowercase z", order(m("event_time", `"2026-07-15T11:50:00z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts space", order(m("event_time", `"2026-07-15 11:50:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts no offset", order(m("event_time", `"2026-07-15T11:50:00"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts no seconds", order(m("event_time", `"2026-07-15T11:50Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts Feb 30", order(m("event_time", `"2026-02-30T11:50:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts Feb 29 leap year", order(m("event_time", `"2024-02-29T11:50:00Z"`)), verdict{}},
	{"ts Feb 29 common year", order(m("event_time", `"2026-02-29T11:50:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts Feb 29 1900", order(m("event_time", `"1900-02-29T11:50:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts Feb 29 2000", order(m("event_time", `"2000-02-29T11:50:00Z"`)), verdict{}},
	{"ts month 13", order(m("event_time", `"2026-13-15T11:50:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts hour 24", order(m("event_time", `"2026-07-15T24:00:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts leap second", order(m("event_time", `"2026-06-30T23:59:60Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts offset -00:00", order(m("event_time", `"2026-07-15T11:50:00-00:00"`)), verdict{}},
	{"ts offset +00:00", order(m("event_time", `"2026-07-15T11:50:00+00:00"`)), verdict{}},
	{"ts offset 18:00", order(m("event_time", `"2026-07-15T11:50:00+18:00"`)), verdict{}},
	{"ts offset 18:01", order(m("event_time", `"2026-07-15T11:50:00-18:01"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts offset minutes 60", order(m("event_time", `"2026-07-15T11:50:00+01:60"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts offset without colon", order(m("event_time", `"2026-07-15T11:50:00+0200"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts year 0000", order(m("event_time", `"0000-01-01T00:00:00Z"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts year 0001", order(m("event_time", `"0001-01-01T00:00:00Z"`)), verdict{}},
	{"ts before year 1 in UTC", order(m("event_time", `"0001-01-01T00:30:00+01:00"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts after 9999 in UTC", order(m("event_time", `"9999-12-31T23:30:00-01:00"`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	{"ts escaped", order(m("event_time", `"2026-07-15T11:50:00\u005A"`)), verdict{}},
	{"ts empty", order(m("event_time", `""`)), verdict{contracts.ReasonInvalidTimestamp, "event_time"}},
	// strings
	{"event_id 64 chars", order(m("event_id", `"`+strings.Repeat("x", 64)+`"`)), verdict{}},
	{"event_id 65 chars", order(m("event_id", `"`+strings.Repeat("x", 65)+`"`)), verdict{contracts.ReasonBadLength, "event_id"}},
	{"event_id 64 code points, 128 bytes", order(m("event_id", `"`+strings.Repeat("é", 64)+`"`)), verdict{}},
	{"event_id 65 escaped code points", order(m("event_id", `"`+strings.Repeat(`\u00e9`, 65)+`"`)), verdict{contracts.ReasonBadLength, "event_id"}},
	{"status other", order(m("status", `"shipped"`)), verdict{contracts.ReasonBadEnum, "status"}},
	{"status case", order(m("status", `"PAID"`)), verdict{contracts.ReasonBadEnum, "status"}},
	{"status padded", order(m("status", `"paid "`)), verdict{contracts.ReasonBadEnum, "status"}},
	{"status escaped", order(m("status", `"p\u0061id"`)), verdict{}},
}

func TestValidateOrderEventCases(t *testing.T) {
	v, err := contracts.NewValidator[valOrderEvent]()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range orderCases {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.payload)
			_, rej := v.Validate(raw)
			checkVerdict(t, raw, rej, tc.want)
		})
	}
}
