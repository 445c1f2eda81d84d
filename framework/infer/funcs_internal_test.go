package infer

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestFunctionsHaveRows: every function with a typing rule has a row in ir's
// table, of the right kind, and every row but the SQL-only ones has a rule.
func TestFunctionsHaveRows(t *testing.T) {
	for f := range functions {
		if i, ok := f.Info(); !ok || i.Agg || i.SQLOnly {
			t.Errorf("scalar %s: row %+v, %v", f, i, ok)
		}
	}
	for f := range aggRules {
		if i, ok := f.Info(); !ok || !i.Agg {
			t.Errorf("aggregate %s: row %+v, %v", f, i, ok)
		}
	}
	for _, i := range ir.Funcs() {
		_, scalar := functions[i.Func]
		_, agg := aggRules[i.Func]
		if !i.SQLOnly && !scalar && !agg {
			t.Errorf("%s: no typing rule", i.Func)
		}
	}
}
