package contracts_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// checkRejection asserts what holds for every rejection, and compares the
// payload-level verdict with encoding/json.
func checkRejection(t *testing.T, raw []byte, rej *contracts.Rejection) {
	t.Helper()
	if !rej.ReasonCode.Known() {
		t.Fatalf("unknown reason code %q", rej.ReasonCode)
	}
	if !bytes.Equal(rej.RawPayload, raw) || rej.Reason == "" {
		t.Fatalf("rejection %+v does not carry the payload and a reason", rej)
	}
	switch {
	case len(raw) > contracts.DefaultMaxPayloadBytes:
		if rej.ReasonCode != contracts.ReasonPayloadTooLarge {
			t.Fatalf("oversized payload: %s", rej.ReasonCode)
		}
	case !utf8.Valid(raw):
		if rej.ReasonCode != contracts.ReasonInvalidUTF8 {
			t.Fatalf("invalid UTF-8 payload: %s", rej.ReasonCode)
		}
	case !json.Valid(raw):
		if rej.ReasonCode != contracts.ReasonMalformedJSON {
			t.Fatalf("encoding/json rejects the payload, we say %s: %s", rej.ReasonCode, rej.Reason)
		}
	case rej.ReasonCode == contracts.ReasonMalformedJSON:
		// Stricter than encoding/json only for these documented reasons.
		if !strings.Contains(rej.Reason, "duplicate") && !strings.Contains(rej.Reason, "nesting") &&
			!strings.Contains(rej.Reason, "surrogate") && !strings.Contains(rej.Reason, "longer than") {
			t.Fatalf("encoding/json accepts the payload, we say %s", rej.Reason)
		}
	}
	payloadLevel := rej.ReasonCode == contracts.ReasonPayloadTooLarge || rej.ReasonCode == contracts.ReasonInvalidUTF8 ||
		rej.ReasonCode == contracts.ReasonMalformedJSON || rej.ReasonCode == contracts.ReasonNotAnObject
	// An unknown member may have the empty name, and so an empty path.
	if (payloadLevel && rej.FieldPath != "") || (!payloadLevel && rej.FieldPath == "" && rej.ReasonCode != contracts.ReasonUnknownField) {
		t.Fatalf("%s with field path %q", rej.ReasonCode, rej.FieldPath)
	}
}

// checkOrderAgainstStdlib decodes an accepted payload with encoding/json and
// compares every field.
func checkOrderAgainstStdlib(t *testing.T, raw []byte, ev valOrderEvent) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("accepted payload that encoding/json cannot decode: %v", err)
	}
	num := func(k string) string { n, _ := doc[k].(json.Number); return string(n) }
	total, err := decimal.NewFromString(num("order_total"))
	ts, terr := time.Parse(time.RFC3339Nano, doc["event_time"].(string))
	switch {
	case doc["event_id"] != ev.EventID || doc["status"] != ev.Status:
		t.Fatalf("strings differ: %v %v vs %+v", doc["event_id"], doc["status"], ev)
	case num("order_id") != strconv.FormatInt(ev.OrderID, 10) && num("order_id") != "-0":
		t.Fatalf("order_id %s vs %d", num("order_id"), ev.OrderID)
	case num("customer_id") != strconv.FormatInt(ev.CustomerID, 10):
		t.Fatalf("customer_id %s vs %d", num("customer_id"), ev.CustomerID)
	case err == nil && !total.Equal(ev.OrderTotal), err != nil && !ev.OrderTotal.IsZero():
		t.Fatalf("order_total %s vs %s (%v)", num("order_total"), ev.OrderTotal, err)
	case terr != nil || !ts.Equal(ev.EventTime) || ev.EventTime.Location() != time.UTC:
		t.Fatalf("event_time %v vs %v (%v)", doc["event_time"], ev.EventTime, terr)
	}
}

func addSeeds(f *testing.F, payloads ...string) {
	for _, p := range payloads {
		f.Add([]byte(p))
	}
}

func FuzzValidateOrderEvent(f *testing.F) {
	for _, tc := range orderCases {
		addSeeds(f, tc.payload)
	}
	v, err := contracts.NewValidator[valOrderEvent]()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		ev, rej := v.Validate(raw)
		if rej != nil {
			checkRejection(t, raw, rej)
			if ev != (valOrderEvent{}) {
				t.Fatalf("rejected payload with a value %+v", ev)
			}
			return
		}
		again, rej := v.Validate(raw)
		if rej != nil || !cmp.Equal(ev, again) {
			t.Fatalf("re-validation differs: %v %s", rej, cmp.Diff(ev, again))
		}
		checkOrderAgainstStdlib(t, raw, ev)
	})
}

func FuzzValidateRecord(f *testing.F) {
	for _, tc := range shipCases {
		addSeeds(f, tc.payload)
	}
	v, err := contracts.NewRecordValidator(&valShipmentContract)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		rec, rej := v.Validate(raw)
		_, typedRej := contracts.Validate[valShipment](raw)
		if (rej == nil) != (typedRej == nil) || (rej != nil && (rej.ReasonCode != typedRej.ReasonCode || rej.FieldPath != typedRej.FieldPath)) {
			t.Fatalf("record and typed validators disagree: %v vs %v", rej, typedRej)
		}
		if rej != nil {
			checkRejection(t, raw, rej)
			if rec.Len() != 0 {
				t.Fatalf("rejected payload with a record")
			}
			return
		}
		if !json.Valid(raw) || rec.Len() != len(valShipmentContract.Fields) {
			t.Fatalf("accepted payload: json.Valid=%v, %d fields", json.Valid(raw), rec.Len())
		}
		again, rej := v.Validate(raw)
		if rej != nil || !cmp.Equal(rec.Map(), again.Map()) {
			t.Fatalf("re-validation differs: %v", rej)
		}
	})
}
