package etl

import (
	"reflect"
	"strconv"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// Cast converts an expression to Go type To (Spark CAST). Casting to
// decimal.Decimal gives decimal(10,0) as in Spark; use CastDecimal to choose
// the precision and scale.
func Cast[To, From any](x Typed[From]) Expr[To] {
	t := typeOf(reflect.TypeFor[To]())
	return Expr[To]{&ir.Expr{Kind: ir.ExprCast, Type: &t, Args: []*ir.Expr{irOf(x)}}}
}

// CastDecimal converts an expression to decimal(precision, scale).
func CastDecimal[From any](x Typed[From], precision, scale int) Expr[decimal.Decimal] {
	t := contracts.Type{Kind: contracts.KindDecimal, Precision: precision, Scale: scale}
	return Expr[decimal.Decimal]{&ir.Expr{Kind: ir.ExprCast, Type: &t, Args: []*ir.Expr{irOf(x)}}}
}

// Coalesce is the first non-NULL argument.
func Coalesce[T any](xs ...Typed[T]) Expr[T] { return call[T](ir.FuncCoalesce, exprs(xs)...) }

// Case is a CASE WHEN expression under construction; start it with When.
type Case[T any] struct {
	args []*ir.Expr
}

// When starts a CASE WHEN: cond THEN then.
func When[T any](cond Typed[bool], then Typed[T]) Case[T] {
	return Case[T]{args: []*ir.Expr{irOf(cond), irOf(then)}}
}

// When adds a WHEN cond THEN then branch.
func (c Case[T]) When(cond Typed[bool], then Typed[T]) Case[T] {
	args := append(c.args[:len(c.args):len(c.args)], irOf(cond), irOf(then))
	return Case[T]{args: args}
}

// Else ends the expression with an ELSE value.
func (c Case[T]) Else(v Typed[T]) Expr[T] {
	args := append(c.args[:len(c.args):len(c.args)], irOf(v))
	return Expr[T]{&ir.Expr{Kind: ir.ExprCase, Args: args}}
}

// End ends the expression without ELSE: unmatched rows give NULL.
func (c Case[T]) End() Expr[T] { return Expr[T]{&ir.Expr{Kind: ir.ExprCase, Args: c.args}} }

// Lower is lower(s).
func Lower(s Typed[string]) Expr[string] { return call[string](ir.FuncLower, irOf(s)) }

// Upper is upper(s).
func Upper(s Typed[string]) Expr[string] { return call[string](ir.FuncUpper, irOf(s)) }

// Trim is trim(s): leading and trailing spaces removed.
func Trim(s Typed[string]) Expr[string] { return call[string](ir.FuncTrim, irOf(s)) }

// Length is length(s) in characters (Spark INT).
func Length(s Typed[string]) Expr[int32] { return call[int32](ir.FuncLength, irOf(s)) }

// Concat is concat(xs...): NULL when any argument is NULL.
func Concat(xs ...Typed[string]) Expr[string] { return call[string](ir.FuncConcat, exprs(xs)...) }

// Substring is substring(s, pos, n) with a 1-based pos, as in Spark.
func Substring(s Typed[string], pos, n int) Expr[string] {
	return call[string](ir.FuncSubstring, irOf(s), intLit(pos), intLit(n))
}

// DateTrunc is date_trunc(unit, t), unit one of year, quarter, month, week,
// day, hour, minute, second.
func DateTrunc(unit string, t Typed[time.Time]) Expr[time.Time] {
	return call[time.Time](ir.FuncDateTrunc, Lit(unit).e, irOf(t))
}

// ToDate is to_date(t): the UTC calendar date of a timestamp.
func ToDate(t Typed[time.Time]) Expr[contracts.Date] {
	return call[contracts.Date](ir.FuncToDate, irOf(t))
}

// Year is year(t).
func Year(t Typed[time.Time]) Expr[int32] { return call[int32](ir.FuncYear, irOf(t)) }

// Month is month(t), 1 to 12.
func Month(t Typed[time.Time]) Expr[int32] { return call[int32](ir.FuncMonth, irOf(t)) }

// DayOfMonth is dayofmonth(t), 1 to 31.
func DayOfMonth(t Typed[time.Time]) Expr[int32] { return call[int32](ir.FuncDayOfMonth, irOf(t)) }

// Hour is hour(t), 0 to 23.
func Hour(t Typed[time.Time]) Expr[int32] { return call[int32](ir.FuncHour, irOf(t)) }

// Minute is minute(t), 0 to 59.
func Minute(t Typed[time.Time]) Expr[int32] { return call[int32](ir.FuncMinute, irOf(t)) }

// WindowTime is the event time of a window: window_end − 1 µs, Spark's
// window_time(window). Pass the window_end column of a window
// aggregation's output; the result is an event-time column carrying that
// window's watermark, so a downstream window can chain on it:
//
//	hourly := s.GroupBy(k, etl.TumblingWindow(t, etl.ParseDuration("1 hour"))).Agg(...)
//	daily := hourly.WithColumn(etl.WindowTime(end).As(wt)).
//		GroupBy(k, etl.TumblingWindow(wt, etl.ParseDuration("1 day"))).Agg(...)
//
// window_end itself is not an event-time column (it is one microsecond
// past the window, and Spark drops its watermark): a window on it puts the
// hour [23:00, 24:00) in the next day.
func WindowTime(end Typed[time.Time]) Expr[time.Time] {
	return call[time.Time](ir.FuncWindowTime, irOf(end))
}

// intLit is an INT literal argument.
func intLit(n int) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprLiteral, Value: strconv.Itoa(n), Type: &contracts.Type{Kind: contracts.KindInt32}}
}
