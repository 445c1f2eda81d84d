package pyspark

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIdentsKeepNamesApart: names that map to one identifier, or to one
// constant in upper case, get distinct ones; a reserved name gets a '_'
// suffix; forms are checked together.
func TestIdentsKeepNamesApart(t *testing.T) {
	ids := newIdents()
	var got []string
	for _, n := range []string{"a-b", "a_b", "a.b", "lambda", "F", "input", "df", "df2", "x"} {
		got = append(got, ids.claim(n))
	}
	want := []string{"a_b", "a_b_2", "a_b_3", "lambda_", "F_", "input_", "df_", "df2_", "x"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bare names (-want +got):\n%s", diff)
	}
	mod := newIdents()
	got = nil
	for _, n := range []string{"orders", "Orders", "orders"} {
		got = append(got, mod.claim(n, "%s_raw", "%S_OPTIONS"))
	}
	// a query x and a query x_target: X_TARGET_COLUMNS is one form of each
	got = append(got, mod.claim("x", queryForms...), mod.claim("x_target", queryForms...))
	want = []string{"orders", "Orders_2", "orders_3", "x", "x_target_2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("module names (-want +got):\n%s", diff)
	}
}
