package funcverdicts

import (
	"github.com/etlgen/etlgen/framework/etl"
)

// lazyCases check which arguments are evaluated: a row error (here a
// division by zero) in an argument that and, or, coalesce and CASE do not
// need must not fail the row, and one they need must, on both engines.
func lazyCases() family {
	f := family{name: "lazy"}
	b, x, y := typed[bool](B), typed[float64](F), typed[float64](F2)
	quotient := etl.Div[float64](x, y)
	cols := []Var{B, F, F2}
	rows := [][]any{{true, 1.0, 0.0}, {false, 1.0, 0.0}, {nil, 1.0, 0.0}, {true, 1.0, 2.0}, {false, nil, 0.0}}
	f.rows("and/error-after-false", etl.And(b, quotient.Gt(0)), cols, rows...)
	f.rows("and/error-first", etl.And(quotient.Gt(0), b), cols, rows...)
	f.rows("or/error-after-true", etl.Or(b, quotient.Gt(0)), cols, rows...)
	f.rows("coalesce/error-after-value", etl.Coalesce[float64](x, quotient), cols, rows...)
	f.rows("coalesce/error-first", etl.Coalesce[float64](quotient, x), cols, rows...)
	f.rows("case/error-in-branch-not-taken", etl.When(b, quotient).Else(x), cols, rows...)
	f.rows("case/error-in-condition", etl.When(quotient.Gt(0), x).Else(y), cols, rows...)
	f.rows("isnull/error", quotient.IsNull(), cols, rows...)
	f.rows("not/error", etl.Not(quotient.Gt(0)), cols, rows...)
	return f
}
