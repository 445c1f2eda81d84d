package etl

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// Typed is any expression whose values have Go type T: a column (Col[T]), a
// computed expression (Expr[T]) or a literal (Lit). Functions of the DSL take
// Typed arguments so that mixing types is a compile error.
type Typed[T any] interface {
	irExpr() *ir.Expr
	typed(T)
}

// Expr is a computed expression whose values have Go type T.
type Expr[T any] struct {
	e *ir.Expr
}

func (x Expr[T]) irExpr() *ir.Expr { return x.e }
func (Expr[T]) typed(T)            {}

// IR returns the expression's IR form.
func (x Expr[T]) IR() *ir.Expr { return x.e }

// As names the expression after an output column of the same type.
func (x Expr[T]) As(c Col[T]) Selection { return named{ir.NamedExpr{Name: c.name, Expr: x.e}} }

// Named names the expression with a free-form column name.
func (x Expr[T]) Named(name string) Selection { return named{ir.NamedExpr{Name: name, Expr: x.e}} }

// Eq is x = v.
func (x Expr[T]) Eq(v T) Expr[bool] { return cmp(ir.FuncEq, x, Lit(v)) }

// Ne is x <> v.
func (x Expr[T]) Ne(v T) Expr[bool] { return cmp(ir.FuncNe, x, Lit(v)) }

// Lt is x < v.
func (x Expr[T]) Lt(v T) Expr[bool] { return cmp(ir.FuncLt, x, Lit(v)) }

// Le is x <= v.
func (x Expr[T]) Le(v T) Expr[bool] { return cmp(ir.FuncLe, x, Lit(v)) }

// Gt is x > v.
func (x Expr[T]) Gt(v T) Expr[bool] { return cmp(ir.FuncGt, x, Lit(v)) }

// Ge is x >= v.
func (x Expr[T]) Ge(v T) Expr[bool] { return cmp(ir.FuncGe, x, Lit(v)) }

// IsNull is true when x is NULL.
func (x Expr[T]) IsNull() Expr[bool] { return call[bool](ir.FuncIsNull, x.e) }

// IsNotNull is true when x is not NULL.
func (x Expr[T]) IsNotNull() Expr[bool] { return call[bool](ir.FuncIsNotNull, x.e) }

// Lit is a literal value: string, bool, int32, int64, float64,
// decimal.Decimal, time.Time or contracts.Date.
func Lit[T any](v T) Expr[T] {
	val, t := literal(v)
	return Expr[T]{&ir.Expr{Kind: ir.ExprLiteral, Value: val, Type: &t}}
}

// Selection is one column of a Select or WithColumn: a column, or an
// expression named with As or Named.
type Selection interface {
	namedExpr() ir.NamedExpr
}

// named is a Selection made of a name and an expression.
type named struct{ ne ir.NamedExpr }

func (n named) namedExpr() ir.NamedExpr { return n.ne }

// call builds a function-call expression.
func call[R any](f ir.Func, args ...*ir.Expr) Expr[R] {
	return Expr[R]{&ir.Expr{Kind: ir.ExprCall, Name: string(f), Args: args}}
}

// cmp builds a comparison of two expressions of one type.
func cmp[T any](op ir.Func, a, b Typed[T]) Expr[bool] { return call[bool](op, irOf(a), irOf(b)) }

// Eq is a = b.
func Eq[T any](a, b Typed[T]) Expr[bool] { return cmp(ir.FuncEq, a, b) }

// Ne is a <> b.
func Ne[T any](a, b Typed[T]) Expr[bool] { return cmp(ir.FuncNe, a, b) }

// Lt is a < b.
func Lt[T any](a, b Typed[T]) Expr[bool] { return cmp(ir.FuncLt, a, b) }

// Le is a <= b.
func Le[T any](a, b Typed[T]) Expr[bool] { return cmp(ir.FuncLe, a, b) }

// Gt is a > b.
func Gt[T any](a, b Typed[T]) Expr[bool] { return cmp(ir.FuncGt, a, b) }

// Ge is a >= b.
func Ge[T any](a, b Typed[T]) Expr[bool] { return cmp(ir.FuncGe, a, b) }

// And is true when every predicate is true (SQL three-valued logic).
func And(preds ...Typed[bool]) Expr[bool] { return call[bool](ir.FuncAnd, exprs(preds)...) }

// Or is true when any predicate is true (SQL three-valued logic).
func Or(preds ...Typed[bool]) Expr[bool] { return call[bool](ir.FuncOr, exprs(preds)...) }

// Not negates a predicate.
func Not(p Typed[bool]) Expr[bool] { return call[bool](ir.FuncNot, irOf(p)) }

// Add is a + b.
func Add[T Numeric](a, b Typed[T]) Expr[T] { return call[T](ir.FuncAdd, irOf(a), irOf(b)) }

// Sub is a - b.
func Sub[T Numeric](a, b Typed[T]) Expr[T] { return call[T](ir.FuncSub, irOf(a), irOf(b)) }

// Mul is a * b.
func Mul[T Numeric](a, b Typed[T]) Expr[T] { return call[T](ir.FuncMul, irOf(a), irOf(b)) }

// Div is a / b. As in Spark, integer division yields a double: the inferred
// schema says so even though the Go type stays T; Cast the result if needed.
func Div[T Numeric](a, b Typed[T]) Expr[T] { return call[T](ir.FuncDiv, irOf(a), irOf(b)) }

// exprs converts typed expressions to IR.
func exprs[T any](xs []Typed[T]) []*ir.Expr {
	out := make([]*ir.Expr, len(xs))
	for i, x := range xs {
		out[i] = irOf(x)
	}
	return out
}

// irOf returns the IR of x; a nil x gives a nil expression, which schema
// inference reports (ETL-D221) instead of the DSL panicking.
func irOf[T any](x Typed[T]) *ir.Expr {
	if x == nil {
		return nil
	}
	return x.irExpr()
}
