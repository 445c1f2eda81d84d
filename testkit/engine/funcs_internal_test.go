package engine

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestEngineEvaluatesEveryFunction: every scalar of ir's table but the
// SQL-only ones has an evaluation that matches its NULL behaviour
// (arithmetic is strict: compileArith).
func TestEngineEvaluatesEveryFunction(t *testing.T) {
	for _, i := range ir.Funcs() {
		if i.Agg || i.SQLOnly {
			continue
		}
		_, strict := strictFuncs[i.Func]
		_, arith := arithOps[i.Func]
		strict = strict || arith
		_, cmp := cmpTests[i.Func]
		_, nonStrict := nonStrictFuncs[i.Func]
		strictNulls := i.Nulls == ir.NullsStrict || i.Nulls == ir.NullsInvalid
		if (strict || cmp) != strictNulls || nonStrict == strictNulls || strict && cmp {
			t.Errorf("%s (nulls %d): strict %v, comparison %v, non-strict %v", i.Func, i.Nulls, strict, cmp, nonStrict)
		}
	}
}
