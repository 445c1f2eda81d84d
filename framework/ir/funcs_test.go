package ir_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestFuncTable checks the function table's rows against each other.
func TestFuncTable(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range ir.Funcs() {
		for _, name := range append([]string{string(f.Func)}, f.Aliases...) {
			if seen[name] {
				t.Errorf("%s: name or alias listed twice", name)
			}
			seen[name] = true
			if got, ok := ir.LookupFunc(name); !ok || got.Func != f.Func {
				t.Errorf("LookupFunc(%q) = %v, %v; want %s", name, got.Func, ok, f.Func)
			}
		}
		if f.MaxArgs != ir.Variadic && f.MaxArgs < f.MinArgs {
			t.Errorf("%s: arity %d..%d", f.Func, f.MinArgs, f.MaxArgs)
		}
		if len(f.Aliases) > 0 && f.Infix == "" {
			t.Errorf("%s: aliases are for infix operators", f.Func)
		}
		if f.Agg && (f.Infix != "" || f.Sort || f.Nulls != ir.NullsStrict) {
			t.Errorf("%s: an aggregate is a plain call", f.Func)
		}
	}
	for _, alias := range []string{"eq", "ne", "lt", "le", "gt", "ge"} {
		if _, ok := ir.Func(alias).Info(); ok {
			t.Errorf("alias %s is a name of the IR", alias)
		}
	}
}

func TestFuncArityAndNulls(t *testing.T) {
	info := func(f ir.Func) ir.FuncInfo {
		i, ok := f.Info()
		if !ok {
			t.Fatalf("%s: no row", f)
		}
		return i
	}
	for _, tc := range []struct {
		f    ir.Func
		text string
		n    int
		ok   bool
	}{
		{ir.FuncAdd, "two arguments", 2, true},
		{ir.FuncAdd, "two arguments", 1, false},
		{ir.FuncAnd, "at least one argument", 5, true},
		{ir.FuncSubstring, "three arguments", 2, false},
		{ir.AggCount, "at most one argument", 0, true},
		{ir.AggSum, "one argument", 0, false},
		{ir.AggMaxBy, "two arguments", 2, true},
		{ir.AggMinBy, "two arguments", 1, false},
	} {
		i := info(tc.f)
		if got := i.Accepts(tc.n); got != tc.ok || i.ArityText() != tc.text {
			t.Errorf("%s: Accepts(%d) = %v, ArityText %q; want %v, %q", tc.f, tc.n, got, i.ArityText(), tc.ok, tc.text)
		}
	}
	for _, tc := range []struct {
		f    ir.Func
		args []bool
		want bool
	}{
		{ir.FuncAdd, []bool{false, true}, true},
		{ir.FuncAdd, []bool{false, false}, false},
		{ir.FuncAnd, []bool{true, false}, true},
		{ir.FuncIsNull, []bool{true}, false},
		{ir.FuncCoalesce, []bool{true, false}, false},
		{ir.FuncCoalesce, []bool{true, true}, true},
	} {
		if got := info(tc.f).Nulls.Nullable(tc.args); got != tc.want {
			t.Errorf("%s nullable with %v = %v, want %v", tc.f, tc.args, got, tc.want)
		}
	}
}
