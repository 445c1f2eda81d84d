package contracts_test

import (
	"reflect"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// TestRecordValidatorValidateInto checks that ValidateInto gives the values
// and rejections of Validate, in the caller's reused slice.
func TestRecordValidatorValidateInto(t *testing.T) {
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
	dst := make([]contracts.Value, 0, 16)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, wantRej := v.Validate([]byte(tc.raw))
			got, rej := v.ValidateInto([]byte(tc.raw), dst)
			if (rej == nil) != (wantRej == nil) {
				t.Fatalf("rejection %+v, Validate's %+v", rej, wantRej)
			}
			if rej != nil {
				if rej.ReasonCode != wantRej.ReasonCode || rej.FieldPath != wantRej.FieldPath || len(got) != 0 {
					t.Fatalf("rejection %s at %q with %d values, Validate's %s at %q", rej.ReasonCode, rej.FieldPath, len(got), wantRej.ReasonCode, wantRej.FieldPath)
				}
				return
			}
			if len(got) != rec.Len() || &got[:1][0] != &dst[:1][0] {
				t.Fatalf("%d values (in dst's array: %v), want %d", len(got), &got[:1][0] == &dst[:1][0], rec.Len())
			}
			for i := range got {
				if !reflect.DeepEqual(got[i].Any(), rec.Value(i).Any()) {
					t.Errorf("value %d (%s) = %v, Validate's %v", i, rec.Name(i), got[i], rec.Value(i))
				}
			}
		})
	}
}
