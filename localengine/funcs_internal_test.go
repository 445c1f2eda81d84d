package localengine

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
		// a function that may be NULL on non-NULL arguments is strict or
		// not (nullif sees a NULL second argument, try_parse_url does not)
		wantStrict := i.Nulls == ir.NullsStrict || i.Nulls == ir.NullsInvalid || i.Nulls == ir.NullsMaybe && !nonStrict
		if (strict || cmp) != wantStrict || nonStrict == wantStrict || strict && cmp {
			t.Errorf("%s (nulls %d): strict %v, comparison %v, non-strict %v", i.Func, i.Nulls, strict, cmp, nonStrict)
		}
	}
}
