package funcverdicts_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// uncovered are the scalar functions of ir.Funcs that the corpus does not
// evaluate, each with its reason.
var uncovered = map[ir.Func]string{}

// TestEveryFunctionHasCases fails when a scalar function of the IR is in
// no case of the corpus (aggregates and the sort directions aside) and is
// not listed in uncovered, and when a function listed there has cases.
func TestEveryFunctionHasCases(t *testing.T) {
	called := map[ir.Func]bool{}
	for _, c := range corpus(t) {
		for _, f := range c.Funcs() {
			called[f] = true
		}
	}
	for _, info := range ir.Funcs() {
		f := info.Func
		switch _, listed := uncovered[f]; {
		case info.Agg || info.Sort:
		case called[f] && listed:
			t.Errorf("%s has cases now: remove it from uncovered", f)
		case !called[f] && !listed:
			t.Errorf("no case calls %s: add cases to a cases_<family>.go table (or list it in uncovered with the reason)", f)
		}
	}
}
