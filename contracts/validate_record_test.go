package contracts_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// shipCases cover nesting, arrays, every kind and every constraint family,
// against a contract with unknown_fields=reject.
var shipCases = []struct {
	name    string
	payload string
	want    verdict
}{
	{"valid", ship(), verdict{}},
	{"valid with optionals", ship(m("email", `"a.b+c@example.co.uk"`), m("site", `"https://example.com/a?b#c"`),
		m("code", `"abc"`), m("name", `"bob"`), m("lower", `"abc-1"`), m("upper", `"ABC-1"`), m("num", `"-12.5"`),
		m("prefix", `"abc"`), m("suffix", `"xyz"`), m("middle", `"amidb"`), m("alnum", `"a1"`), m("rating", "5"),
		m("seen", `"2026-07-15T11:50:00Z"`)), verdict{}},
	{"valid optionals null", ship(m("email", "null"), m("rating", "null"), m("seen", "null")), verdict{}},
	// nested struct
	{"event absent", ship(m("event", "-")), verdict{contracts.ReasonMissingRequired, "event"}},
	{"event not an object", ship(m("event", "[]")), verdict{contracts.ReasonWrongType, "event"}},
	{"event.order_id missing", ship(m("event", `{}`)), verdict{contracts.ReasonMissingRequired, "event.order_id"}},
	{"event.order_id zero", ship(m("event", `{"order_id":0}`)), verdict{contracts.ReasonOutOfRange, "event.order_id"}},
	{"event.note short", ship(m("event", `{"order_id":1,"note":"x"}`)), verdict{contracts.ReasonBadLength, "event.note"}},
	{"event.note null", ship(m("event", `{"order_id":1,"note":null}`)), verdict{}},
	{"event duplicate member", ship(m("event", `{"order_id":1,"order_id":1}`)), verdict{code: contracts.ReasonMalformedJSON}},
	// arrays
	{"items not an array", ship(m("items", `{}`)), verdict{contracts.ReasonWrongType, "items"}},
	{"items empty (min=1)", ship(m("items", `[]`)), verdict{contracts.ReasonBadLength, "items"}},
	{"items[2].qty zero", ship(m("items", `[{"sku":"AAAA","qty":1},{"sku":"BBBB","qty":1},{"sku":"CCCC","qty":0}]`)), verdict{contracts.ReasonOutOfRange, "items[2].qty"}},
	{"items[1] null", ship(m("items", `[{"sku":"AAAA","qty":1},null]`)), verdict{contracts.ReasonMissingRequired, "items[1]"}},
	{"items[0] string", ship(m("items", `["x"]`)), verdict{contracts.ReasonWrongType, "items[0]"}},
	{"items[0].sku empty", ship(m("items", `[{"sku":"","qty":1}]`)), verdict{contracts.ReasonMissingRequired, "items[0].sku"}},
	{"items[0].sku len", ship(m("items", `[{"sku":"ABC","qty":1}]`)), verdict{contracts.ReasonBadLength, "items[0].sku"}},
	{"items[0].qty int32 overflow", ship(m("items", `[{"sku":"ABCD","qty":2147483648}]`)), verdict{contracts.ReasonOutOfRange, "items[0].qty"}},
	{"items[0].qty max", ship(m("items", `[{"sku":"ABCD","qty":101}]`)), verdict{contracts.ReasonOutOfRange, "items[0].qty"}},
	{"tags too many", ship(m("tags", `["a","b","c","d"]`)), verdict{contracts.ReasonBadLength, "tags"}},
	{"tags element checked before length", ship(m("tags", `[1,2,3,4]`)), verdict{contracts.ReasonWrongType, "tags[0]"}},
	{"tags[1] number", ship(m("tags", `["a",2]`)), verdict{contracts.ReasonWrongType, "tags[1]"}},
	{"tags empty", ship(m("tags", `[]`)), verdict{}},
	// floats and bools
	{"weight integer literal", ship(m("weight", "3")), verdict{}},
	{"weight overflow", ship(m("weight", "1e400")), verdict{contracts.ReasonWrongType, "weight"}},
	{"weight underflow to zero (gt=0)", ship(m("weight", "1e-400")), verdict{contracts.ReasonOutOfRange, "weight"}},
	{"weight at lte bound", ship(m("weight", "1000.5")), verdict{}},
	{"weight above lte bound", ship(m("weight", "1000.50001")), verdict{contracts.ReasonOutOfRange, "weight"}},
	{"weight string", ship(m("weight", `"1.5"`)), verdict{contracts.ReasonWrongType, "weight"}},
	{"fragile string", ship(m("fragile", `"true"`)), verdict{contracts.ReasonWrongType, "fragile"}},
	{"fragile number", ship(m("fragile", `1`)), verdict{contracts.ReasonWrongType, "fragile"}},
	// int32
	{"count32 max", ship(m("count32", "2147483647")), verdict{}},
	{"count32 overflow", ship(m("count32", "2147483648")), verdict{contracts.ReasonOutOfRange, "count32"}},
	{"count32 underflow", ship(m("count32", "-2147483649")), verdict{contracts.ReasonOutOfRange, "count32"}},
	{"count32 below gte", ship(m("count32", "-6")), verdict{contracts.ReasonOutOfRange, "count32"}},
	{"count32 at gte", ship(m("count32", "-5")), verdict{}},
	// decimal(5,2)
	{"price 3 integer digits", ship(m("price", "499.99")), verdict{}},
	{"price lt bound", ship(m("price", "500")), verdict{contracts.ReasonOutOfRange, "price"}},
	{"price 4 integer digits", ship(m("price", "1000")), verdict{contracts.ReasonDecimalOverflow, "price"}},
	{"price exponent 4 integer digits", ship(m("price", "1.5e3")), verdict{contracts.ReasonDecimalOverflow, "price"}},
	{"price fine exponent", ship(m("price", "125e-3")), verdict{contracts.ReasonDecimalOverflow, "price"}},
	{"price negative exponent", ship(m("price", "12500e-3")), verdict{}},
	// dates
	{"date Feb 30", ship(m("ship_date", `"2026-02-30"`)), verdict{contracts.ReasonInvalidDate, "ship_date"}},
	{"date short", ship(m("ship_date", `"2026-7-15"`)), verdict{contracts.ReasonInvalidDate, "ship_date"}},
	{"date with time", ship(m("ship_date", `"2026-07-15T00:00:00Z"`)), verdict{contracts.ReasonInvalidDate, "ship_date"}},
	{"date year 0", ship(m("ship_date", `"0000-01-01"`)), verdict{contracts.ReasonInvalidDate, "ship_date"}},
	{"date number", ship(m("ship_date", `20260715`)), verdict{contracts.ReasonWrongType, "ship_date"}},
	{"seen invalid", ship(m("seen", `"yesterday"`)), verdict{contracts.ReasonInvalidTimestamp, "seen"}},
	// formats
	{"id not a uuid", ship(m("id", `"123e4567e89b12d3a456426614174000"`)), verdict{contracts.ReasonBadFormat, "id"}},
	{"id uuid with newline", ship(m("id", `"123e4567-e89b-12d3-a456-426614174000\n"`)), verdict{contracts.ReasonBadFormat, "id"}},
	{"id empty", ship(m("id", `""`)), verdict{contracts.ReasonMissingRequired, "id"}},
	{"email bad", ship(m("email", `"a@b"`)), verdict{contracts.ReasonBadFormat, "email"}},
	{"email no at", ship(m("email", `"ab.example.com"`)), verdict{contracts.ReasonBadFormat, "email"}},
	{"url bad", ship(m("site", `"example.com"`)), verdict{contracts.ReasonBadFormat, "site"}},
	{"url vertical tab", ship(m("site", `"http://a\u000bb"`)), verdict{contracts.ReasonBadFormat, "site"}},
	{"url space", ship(m("site", `"http://a b"`)), verdict{contracts.ReasonBadFormat, "site"}},
	{"alpha digits", ship(m("code", `"ab1"`)), verdict{contracts.ReasonBadFormat, "code"}},
	{"alpha trailing newline", ship(m("code", `"ab\n"`)), verdict{contracts.ReasonBadFormat, "code"}},
	{"alpha then len", ship(m("code", `"abcd"`)), verdict{contracts.ReasonBadLength, "code"}},
	{"required optional empty", ship(m("name", `""`)), verdict{contracts.ReasonMissingRequired, "name"}},
	{"required optional absent", ship(m("name", "-")), verdict{contracts.ReasonMissingRequired, "name"}},
	{"required optional null", ship(m("name", "null")), verdict{contracts.ReasonMissingRequired, "name"}},
	{"required optional too long", ship(m("name", `"abcdef"`)), verdict{contracts.ReasonBadLength, "name"}},
	{"lowercase", ship(m("lower", `"aBc"`)), verdict{contracts.ReasonBadFormat, "lower"}},
	{"lowercase unicode", ship(m("lower", `"é"`)), verdict{}},
	{"lowercase unicode upper", ship(m("lower", `"É"`)), verdict{contracts.ReasonBadFormat, "lower"}},
	{"uppercase", ship(m("upper", `"AbC"`)), verdict{contracts.ReasonBadFormat, "upper"}},
	{"numeric", ship(m("num", `"1e5"`)), verdict{contracts.ReasonBadFormat, "num"}},
	{"numeric dot", ship(m("num", `"1."`)), verdict{contracts.ReasonBadFormat, "num"}},
	{"startswith", ship(m("prefix", `"bab"`)), verdict{contracts.ReasonBadFormat, "prefix"}},
	{"endswith", ship(m("suffix", `"yzx"`)), verdict{contracts.ReasonBadFormat, "suffix"}},
	{"contains", ship(m("middle", `"mi-d"`)), verdict{contracts.ReasonBadFormat, "middle"}},
	{"alphanum", ship(m("alnum", `"a-1"`)), verdict{contracts.ReasonBadFormat, "alnum"}},
	{"pattern", ship(m("ref", `"ORD-12"`)), verdict{}},
	{"pattern with a tail", ship(m("ref", `"REF-1234/a b"`)), verdict{}},
	{"pattern case", ship(m("ref", `"ord-12"`)), verdict{contracts.ReasonPatternMismatch, "ref"}},
	{"pattern final newline (\\z, not $)", ship(m("ref", `"ORD-12\n"`)), verdict{contracts.ReasonPatternMismatch, "ref"}},
	{"pattern dot excludes \\r", ship(m("ref", `"ORD-12/\r"`)), verdict{contracts.ReasonPatternMismatch, "ref"}},
	{"pattern too many digits", ship(m("ref", `"ORD-12345"`)), verdict{contracts.ReasonPatternMismatch, "ref"}},
	{"rating above max", ship(m("rating", "6")), verdict{contracts.ReasonOutOfRange, "rating"}},
	// unknown fields (contract policy reject)
	{"unknown top-level", ship(m("extra", "1")), verdict{contracts.ReasonUnknownField, "extra"}},
	{"unknown nested", ship(m("event", `{"order_id":1,"x":1}`)), verdict{contracts.ReasonUnknownField, "event.x"}},
	{"unknown in array element", ship(m("items", `[{"sku":"ABCD","qty":1},{"sku":"ABCD","qty":1,"y":2}]`)), verdict{contracts.ReasonUnknownField, "items[1].y"}},
	{"unknown first in payload order", `{"zz":1,` + ship(m("event", `{"order_id":1,"x":1}`))[1:], verdict{contracts.ReasonUnknownField, "zz"}},
	{"unknown nested first in payload order", ship(m("event", `{"order_id":1,"x":1}`), m("extra", "1")), verdict{contracts.ReasonUnknownField, "event.x"}},
	{"unknown loses to a field check", ship(m("extra", "1"), m("fragile", "0")), verdict{contracts.ReasonWrongType, "fragile"}},
	{"unknown empty name", ship(m("", `""`)), verdict{contracts.ReasonUnknownField, ""}},
	{"unknown empty name nested", ship(m("event", `{"order_id":1,"":2}`)), verdict{contracts.ReasonUnknownField, "event."}},
	{"unknown escaped name", ship(m(`ex\"tra`, "1")), verdict{contracts.ReasonUnknownField, `ex"tra`}},
}

func TestValidateRecordCases(t *testing.T) {
	v, err := contracts.NewRecordValidator(&valShipmentContract)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range shipCases {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.payload)
			rec, rej := v.Validate(raw)
			checkVerdict(t, raw, rej, tc.want)
			if rej == nil && rec.Len() != len(valShipmentContract.Fields) {
				t.Fatalf("record has %d fields, want %d", rec.Len(), len(valShipmentContract.Fields))
			}
		})
	}
}

// TestValidateTypedMatchesRecord checks that the typed layer gives the same
// verdicts as the record validator.
func TestValidateTypedMatchesRecord(t *testing.T) {
	for _, tc := range shipCases {
		raw := []byte(tc.payload)
		_, rej := contracts.Validate[valShipment](raw)
		checkVerdict(t, raw, rej, tc.want)
	}
}

func TestValidateNestingLimitInContractField(t *testing.T) {
	raw := ship(m("tags", strings.Repeat("[", 999)+strings.Repeat("]", 999)))
	_, rej := contracts.Validate[valShipment]([]byte(raw))
	checkVerdict(t, []byte(raw), rej, verdict{code: contracts.ReasonMalformedJSON})
}
