package contracts_test

import (
	"reflect"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// TestChecker checks that a Checker gives the values and rejections of
// Validate, payload after payload.
func TestChecker(t *testing.T) {
	v, err := contracts.NewRecordValidator(&valOrderEventContract)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		raw  string
	}{
		{"valid", order()},
		{"valid other status", order(m("status", `"cancelled"`))},
		{"not an object", `[]`},
		{"wrong type", order(m("order_id", `"x"`))},
		{"valid after a rejection", order(m("status", `"refunded"`))},
	}
	c := v.Checker()
	defer c.Release()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, wantRej := v.Validate([]byte(tc.raw))
			got, rej := c.Check([]byte(tc.raw))
			if (rej == nil) != (wantRej == nil) {
				t.Fatalf("rejection %+v, Validate's %+v", rej, wantRej)
			}
			if rej != nil {
				if rej.ReasonCode != wantRej.ReasonCode || rej.FieldPath != wantRej.FieldPath || len(got) != 0 {
					t.Fatalf("rejection %s at %q with %d values, Validate's %s at %q", rej.ReasonCode, rej.FieldPath, len(got), wantRej.ReasonCode, wantRej.FieldPath)
				}
				return
			}
			if len(got) != rec.Len() {
				t.Fatalf("%d values, want %d", len(got), rec.Len())
			}
			for i := range got {
				if !reflect.DeepEqual(got[i].Any(), rec.Value(i).Any()) {
					t.Errorf("value %d (%s) = %v, Validate's %v", i, rec.Name(i), got[i], rec.Value(i))
				}
			}
		})
	}
}
