package localengine

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
)

// TestRejectionReadsMembersOfStrictJSONOnly checks the contract fields a
// rejection copies from its payload (event_id here): read only when the
// payload passed the payload-level checks (one JSON value, valid UTF-8,
// no duplicate member, no lone surrogate), as the Spark engine reads them
// from its strict parse (_etl_json, NULL otherwise); encoding/json would
// read the last of two duplicates, or the object before trailing text.
func TestRejectionReadsMembersOfStrictJSONOnly(t *testing.T) {
	c := &contracts.Contract{ID: "event", Version: "1.0.0", Fields: []contracts.Field{
		{Name: "event_id", Type: contracts.Type{Kind: contracts.KindString}, Required: true},
		{Name: "n", Type: contracts.Type{Kind: contracts.KindInt64}, Required: true},
	}}
	v, err := newValidator(c, "p")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		payload string
		code    contracts.ReasonCode
		eventID any
		n       any
	}{
		{`{"event_id":"a"}`, contracts.ReasonMissingRequired, "a", nil},
		{`{"event_id":"a","n":"7"}`, contracts.ReasonWrongType, "a", nil},
		{`{"event_id":7,"n":7}`, contracts.ReasonWrongType, nil, int64(7)},
		{`{"event_id":"a","event_id":"b"}`, contracts.ReasonMalformedJSON, nil, nil},
		{`{"event_id":"a"} {"n":1}`, contracts.ReasonMalformedJSON, nil, nil},
		{`{"event_id":"\ud800"}`, contracts.ReasonMalformedJSON, nil, nil},
		{"{\"event_id\":\"a\xff\"}", contracts.ReasonInvalidUTF8, nil, nil},
		{`["a"]`, contracts.ReasonNotAnObject, nil, nil},
	}
	for _, tc := range cases {
		sb := v.split([]Payload{{Raw: []byte(tc.payload)}}, time.Unix(0, 0))
		if len(sb.invalid) != 1 {
			t.Fatalf("%s: %d rejections, want 1", tc.payload, len(sb.invalid))
		}
		got := v.invalid.Map(sb.invalid[0])
		if got["reason_code"] != string(tc.code) || got["event_id"] != tc.eventID || got["n"] != tc.n {
			t.Errorf("%s: reason %v, event_id %#v, n %#v; want %s, %#v, %#v",
				tc.payload, got["reason_code"], got["event_id"], got["n"], tc.code, tc.eventID, tc.n)
		}
	}
}
