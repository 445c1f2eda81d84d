package localengine

import (
	"reflect"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// TestBoxer checks that the boxer converts values as fromValue does, with
// the boxed small integers and oneof values reused, the other int64s,
// strings, timestamps and decimals (their coefficients too) boxed into its
// slabs without an allocation each, null or not.
func TestBoxer(t *testing.T) {
	c := &contracts.Contract{ID: "box", Fields: []contracts.Field{
		{Name: "id", Type: contracts.Type{Kind: contracts.KindInt64}, Required: true},
		{Name: "status", Type: contracts.Type{Kind: contracts.KindString}, Required: true,
			Constraints: []contracts.Constraint{{Kind: "oneof", Args: []string{"paid", "cancelled"}}}},
		{Name: "note", Type: contracts.Type{Kind: contracts.KindString}},
		{Name: "at", Type: contracts.Type{Kind: contracts.KindTimestamp}},
		{Name: "total", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 12, Scale: 2}},
		{Name: "n", Type: contracts.Type{Kind: contracts.KindInt32}},
	}}
	rv, err := contracts.NewRecordValidator(c)
	if err != nil {
		t.Fatal(err)
	}
	b := newBoxer(c)
	tests := []struct {
		raw    string
		allocs []bool // per field: boxing the value allocates
	}{
		{`{"id": 7, "status": "paid", "note": "x"}`, []bool{false, false, false, false, false, false}},
		{`{"id": 4095, "status": "cancelled", "at": "2026-07-15T10:00:00.5Z", "total": 12.5, "n": 3000}`, []bool{false, false, false, false, false, true}},
		{`{"id": 4096, "status": "paid", "note": "paid", "total": -0.01, "n": -4}`, []bool{false, false, false, false, false, true}},
		{`{"id": -1, "status": "cancelled", "at": "2026-07-15T10:00:00Z"}`, []bool{false, false, false, false, false, false}},
	}
	bx := newBoxes(1 << 10)
	for _, tc := range tests {
		rec, rej := rv.Validate([]byte(tc.raw))
		if rej != nil {
			t.Fatalf("%s: %s", tc.raw, rej.Reason)
		}
		for i := 0; i < rec.Len(); i++ {
			got, want := b.value(i, rec.Value(i), bx), fromValue(rec.Value(i))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s field %d = %#v, want %#v", tc.raw, i, got, want)
			}
			v := rec.Value(i)
			if want == nil {
				continue
			}
			if _, dec := want.(decimal.Decimal); !dec && got != want { // a decimal's coefficient is a pointer
				t.Errorf("%s field %d: %#v != %#v", tc.raw, i, got, want)
			}
			allocs := testing.AllocsPerRun(10, func() { boxSink = b.value(i, v, bx) })
			if (allocs > 0) != tc.allocs[i] {
				t.Errorf("%s field %d: %v allocations, want some: %v", tc.raw, i, allocs, tc.allocs[i])
			}
		}
	}
}

// boxSink keeps the boxed values of TestBoxer alive.
var boxSink any
