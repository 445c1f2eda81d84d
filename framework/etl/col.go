package etl

import "github.com/etlgen/etlgen/framework/ir"

// Col is a typed reference to a column of a contract. Generated code
// (zz_etlgen.go) declares one Col per contract field, e.g.
// OrderEventCols.Status is a Col[string]; a misspelt column is therefore a
// compile error, not a runtime one.
type Col[T any] struct {
	name string
}

// NewCol returns a reference to the column with the given name. Generated code
// calls it; pipeline authors use the generated accessors instead.
func NewCol[T any](name string) Col[T] { return Col[T]{name: name} }

// Name returns the column name.
func (c Col[T]) Name() string { return c.name }

func (c Col[T]) irExpr() *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: c.name} }
func (Col[T]) typed(T)            {}
func (c Col[T]) namedExpr() ir.NamedExpr {
	return ir.NamedExpr{Name: c.name, Expr: c.irExpr()}
}

// Expr returns the column as an expression.
func (c Col[T]) Expr() Expr[T] { return Expr[T]{c.irExpr()} }

// As renames the column to an output column of the same type.
func (c Col[T]) As(to Col[T]) Selection { return c.Expr().As(to) }

// Named renames the column with a free-form name.
func (c Col[T]) Named(name string) Selection { return c.Expr().Named(name) }

// Eq is c = v.
func (c Col[T]) Eq(v T) Expr[bool] { return c.Expr().Eq(v) }

// Ne is c <> v.
func (c Col[T]) Ne(v T) Expr[bool] { return c.Expr().Ne(v) }

// Lt is c < v.
func (c Col[T]) Lt(v T) Expr[bool] { return c.Expr().Lt(v) }

// Le is c <= v.
func (c Col[T]) Le(v T) Expr[bool] { return c.Expr().Le(v) }

// Gt is c > v.
func (c Col[T]) Gt(v T) Expr[bool] { return c.Expr().Gt(v) }

// Ge is c >= v.
func (c Col[T]) Ge(v T) Expr[bool] { return c.Expr().Ge(v) }

// IsNull is true when the column is NULL.
func (c Col[T]) IsNull() Expr[bool] { return c.Expr().IsNull() }

// IsNotNull is true when the column is not NULL.
func (c Col[T]) IsNotNull() Expr[bool] { return c.Expr().IsNotNull() }

// Asc sorts by the column, ascending.
func (c Col[T]) Asc() SortKey { return SortKey{name: c.name, desc: false} }

// Desc sorts by the column, descending.
func (c Col[T]) Desc() SortKey { return SortKey{name: c.name, desc: true} }
