package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Expectation checks expectation e against the schema s of the stream it
// is declared on (path names it in diagnostics): a predicate must be a
// boolean expression over s's columns (ETL-D221, ETL-D220), the keys of a
// uniqueness expectation columns of s (ETL-D220); at the expectation's
// position.
func Expectation(e *ir.Expectation, s Schema, path string) diag.List {
	w := &walker{path: path}
	if e.Kind == ir.ExpectUnique {
		for _, k := range e.Keys {
			w.column(k, s, e.Pos)
		}
		return w.diags
	}
	v := w.expr(e.Predicate, s, e.Pos)
	if v.ok && v.t.Kind != contracts.KindBool {
		w.errorf(ir.CodeTypeMismatch, e.Pos, "expect a boolean expression, e.g. a comparison",
			"expectation %s is %s, not bool", e.Name, typeString(v.t))
	}
	return w.diags
}
