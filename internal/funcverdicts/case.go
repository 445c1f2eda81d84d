package funcverdicts

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
)

// Case is one expression evaluated on rows of hostile inputs.
type Case struct {
	// Name is "<func>/<what it breaks>", unique in the corpus.
	Name string
	// Family names the file its recording lives in (testdata/<family>.json).
	Family string
	// Expr is the expression, built with the etl DSL over Cols.
	Expr *ir.Expr
	// Cols are the named, typed input columns; Rows their values, as the
	// local engine holds them (nil is NULL).
	Cols []Var
	Rows [][]any
}

// Var is a typed input column: its name and contract type.
type Var struct {
	Name string
	Type contracts.Type
}

// Funcs lists the functions the case's expression calls, outermost first.
func (c Case) Funcs() []ir.Func {
	var out []ir.Func
	var walk func(e *ir.Expr)
	walk = func(e *ir.Expr) {
		if e == nil {
			return
		}
		if e.Kind == ir.ExprCall {
			out = append(out, e.Func())
		}
		for _, a := range e.Args {
			walk(a)
		}
	}
	walk(c.Expr)
	return out
}

// irOf is anything the DSL builds that has an IR form: an etl.Expr.
type irOf interface{ IR() *ir.Expr }

// family collects the cases of one family.
type family struct {
	name  string
	cases []Case
}

// over adds a case of one input column: expr over v, one row per value of
// pool (the common shape: one function, hostile values for its argument).
func (f *family) over(name string, expr irOf, v Var, pool []any) {
	rows := make([][]any, len(pool))
	for i, x := range pool {
		rows[i] = []any{x}
	}
	f.cases = append(f.cases, Case{Name: name, Family: f.name, Expr: expr.IR(), Cols: []Var{v}, Rows: rows})
}

// cross adds a case of two input columns: one row per pair of values of
// the two pools (their cartesian product).
func (f *family) cross(name string, expr irOf, a Var, as []any, b Var, bs []any) {
	var rows [][]any
	for _, x := range as {
		for _, y := range bs {
			rows = append(rows, []any{x, y})
		}
	}
	f.cases = append(f.cases, Case{Name: name, Family: f.name, Expr: expr.IR(), Cols: []Var{a, b}, Rows: rows})
}

// rows adds a case with explicit rows over cols.
func (f *family) rows(name string, expr irOf, cols []Var, rows ...[]any) {
	f.cases = append(f.cases, Case{Name: name, Family: f.name, Expr: expr.IR(), Cols: cols, Rows: rows})
}

// typed returns the DSL column of v.
func typed[T any](v Var) etl.Col[T] { return etl.NewCol[T](v.Name) }
