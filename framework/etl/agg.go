package etl

import (
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// Aggregation is one aggregate of Agg with its output column name.
type Aggregation interface {
	aggregation() ir.NamedExpr
}

// Agg is an aggregate expression whose result has Go type T. Name it with As
// (or Named); unnamed, it is called fn_column, e.g. count_order_id.
type Agg[T any] struct {
	e *ir.Expr
}

func (a Agg[T]) aggregation() ir.NamedExpr { return ir.NamedExpr{Name: defaultAggName(a.e), Expr: a.e} }

// As names the aggregate after an output column of the same type.
func (a Agg[T]) As(c Col[T]) Aggregation { return namedAgg{ir.NamedExpr{Name: c.name, Expr: a.e}} }

// Named names the aggregate with a free-form column name.
func (a Agg[T]) Named(name string) Aggregation { return namedAgg{ir.NamedExpr{Name: name, Expr: a.e}} }

// namedAgg is an Aggregation with an explicit name.
type namedAgg struct{ ne ir.NamedExpr }

func (n namedAgg) aggregation() ir.NamedExpr { return n.ne }

// agg builds an aggregate expression.
func agg[R any](f ir.Func, args ...*ir.Expr) Agg[R] {
	return Agg[R]{&ir.Expr{Kind: ir.ExprAgg, Name: string(f), Args: args}}
}

// Count is count(x): the number of non-NULL values (BIGINT).
func Count[T any](x Typed[T]) Agg[int64] { return agg[int64](ir.AggCount, irOf(x)) }

// CountAll is count(*): the number of rows (BIGINT).
func CountAll() Agg[int64] { return agg[int64](ir.AggCount) }

// Sum is sum(x). Spark widens the result: int → BIGINT, decimal(p,s) →
// decimal(min(38,p+10),s); the inferred schema carries the exact type.
func Sum[T Numeric](x Typed[T]) Agg[T] { return agg[T](ir.AggSum, irOf(x)) }

// Avg is avg(x) of a number, a DOUBLE.
func Avg[T ~int32 | ~int64 | ~float64](x Typed[T]) Agg[float64] {
	return agg[float64](ir.AggAvg, irOf(x))
}

// AvgDecimal is avg(x) of a decimal(p,s), a decimal(min(38,p+4),min(38,s+4)).
func AvgDecimal(x Typed[decimal.Decimal]) Agg[decimal.Decimal] {
	return agg[decimal.Decimal](ir.AggAvg, irOf(x))
}

// Min is min(x).
func Min[T any](x Typed[T]) Agg[T] { return agg[T](ir.AggMin, irOf(x)) }

// Max is max(x).
func Max[T any](x Typed[T]) Agg[T] { return agg[T](ir.AggMax, irOf(x)) }

// First is first(x): the first value seen (non-deterministic on streams).
func First[T any](x Typed[T]) Agg[T] { return agg[T](ir.AggFirst, irOf(x)) }

// Last is last(x): the last value seen (non-deterministic on streams).
func Last[T any](x Typed[T]) Agg[T] { return agg[T](ir.AggLast, irOf(x)) }

// ApproxCountDistinct is approx_count_distinct(x) (HyperLogLog++, BIGINT).
func ApproxCountDistinct[T any](x Typed[T]) Agg[int64] {
	return agg[int64](ir.AggApproxCountDistinct, irOf(x))
}

// MinBy is min_by(value, ordering): the value of the row with the least
// ordering, e.g. the first status of an order by event time. Rows whose
// ordering is NULL are skipped; the result is NULL when every ordering is
// (nullable whatever value's nullability). A tie on the ordering keeps the
// value seen last: see MaxBy.
func MinBy[T, O any](value Typed[T], ordering Typed[O]) Agg[T] {
	return agg[T](ir.AggMinBy, irOf(value), irOf(ordering))
}

// MaxBy is max_by(value, ordering): the value of the row with the greatest
// ordering, e.g. the latest status of an order by event time. Rows whose
// ordering is NULL are skipped; the result is NULL when every ordering is.
//
// Ties: Spark's MaxMinBy (sql/catalyst .../aggregate/MaxByAndMinBy.scala)
// replaces its buffered value unless the buffered ordering is strictly
// greater (MaxBy) or less (MinBy) than the new one, so on an equal ordering
// the value merged last wins, and a streaming aggregation merges the state
// restored from the previous batch before the batch's new rows
// (StateStoreRestoreExec). Which of several tied rows is last depends on
// how Spark partitions and orders the input, so a tie is not deterministic
// on Spark across partitions; the local engine (one partition, input order)
// deterministically keeps the tied value it saw last, later batches over
// earlier ones. Order by a column that is unique within a group when ties
// matter.
func MaxBy[T, O any](value Typed[T], ordering Typed[O]) Agg[T] {
	return agg[T](ir.AggMaxBy, irOf(value), irOf(ordering))
}

// CountDistinct is count(DISTINCT x); exact distinct aggregates are not
// supported on streams and exist so the planner can say so.
func CountDistinct[T any](x Typed[T]) Agg[int64] {
	a := agg[int64](ir.AggCount, irOf(x))
	a.e.Distinct = true
	return a
}

// defaultAggName is fn_arg, e.g. count_order_id, or fn for count(*).
func defaultAggName(e *ir.Expr) string {
	parts := []string{e.Name}
	for _, a := range e.Args {
		if a.Kind == ir.ExprColumn {
			parts = append(parts, a.Name)
		}
	}
	return strings.Join(parts, "_")
}
