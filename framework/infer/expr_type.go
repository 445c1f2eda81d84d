package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ExprType is the type of expression e over the columns of s, as Plan
// infers it; false when e does not type-check. The local engine asks it
// for the result type of arithmetic (its overflow bound, a decimal's
// precision and scale).
func ExprType(e *ir.Expr, s Schema) (contracts.Type, bool) {
	w := &walker{}
	v := w.expr(e, s, diag.Position{})
	return v.t, v.ok && len(w.diags) == 0
}
