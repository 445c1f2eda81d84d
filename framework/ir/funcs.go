package ir

import (
	"maps"
	"slices"
)

// Func names the function an expression calls: the Name of an ExprCall (a
// scalar function or operator) or of an ExprAgg (an aggregate).
//
// Scalars and aggregates share one type and one table: they share one
// namespace in Spark SQL's function registry (a name is a scalar or an
// aggregate, never both), and the readers of the IR ask the same questions
// of both (is the name known, how many arguments does it take). FuncInfo.Agg
// says which expression kind a name belongs in.
type Func string

// The scalar functions and operators (ExprCall).
const (
	FuncAdd        Func = "+"
	FuncSub        Func = "-"
	FuncMul        Func = "*"
	FuncDiv        Func = "/"
	FuncEq         Func = "="
	FuncNe         Func = "!="
	FuncLt         Func = "<"
	FuncLe         Func = "<="
	FuncGt         Func = ">"
	FuncGe         Func = ">="
	FuncAnd        Func = "and"
	FuncOr         Func = "or"
	FuncNot        Func = "not"
	FuncIsNull     Func = "isnull"
	FuncIsNotNull  Func = "isnotnull"
	FuncCoalesce   Func = "coalesce"
	FuncIn         Func = "in"   // (x, literal...): x IN (literals)
	FuncLike       Func = "like" // (s, pattern literal): SQL LIKE, escape \
	FuncLower      Func = "lower"
	FuncUpper      Func = "upper"
	FuncTrim       Func = "trim"
	FuncLength     Func = "length"
	FuncConcat     Func = "concat"
	FuncSubstring  Func = "substring"  // (s, 1-based position, length)
	FuncDateTrunc  Func = "date_trunc" // (unit literal, timestamp)
	FuncToDate     Func = "to_date"
	FuncYear       Func = "year"
	FuncMonth      Func = "month"
	FuncDayOfMonth Func = "dayofmonth"
	FuncHour       Func = "hour"
	FuncMinute     Func = "minute"
	// FuncWindowTime is the event time of a window, given its window_end:
	// window_end − 1 µs, Spark's window_time(window). Its argument is the
	// window_end column of an upstream window aggregation; the result
	// carries that window's watermark (it is an event-time column).
	FuncWindowTime Func = "window_time"
	FuncAsc        Func = "asc"  // ascending, around a sort key
	FuncDesc       Func = "desc" // descending, around a sort key
)

// The aggregates (ExprAgg).
const (
	AggCount               Func = "count" // no argument: count(*)
	AggSum                 Func = "sum"
	AggAvg                 Func = "avg"
	AggMin                 Func = "min"
	AggMax                 Func = "max"
	AggFirst               Func = "first"
	AggLast                Func = "last"
	AggApproxCountDistinct Func = "approx_count_distinct"
	AggMinBy               Func = "min_by" // (value, ordering): value at the least ordering
	AggMaxBy               Func = "max_by" // (value, ordering): value at the greatest ordering
)

// Nulls says when a function's result is NULL.
type Nulls int

// The NULL behaviours.
const (
	NullsStrict Nulls = iota // NULL when any argument is NULL
	NullsLogic               // SQL three-valued and/or: NULL unless an argument decides
	NullsNever               // never NULL: isnull, isnotnull
	NullsAll                 // NULL only when every argument is: coalesce
	// NullsInvalid is NULL when any argument is, and also for arguments
	// the function cannot read (try_to_timestamp of a text that does not
	// match): always nullable, evaluated as a strict function.
	NullsInvalid
	NullsMaybe // may be NULL whatever the arguments: nullif, try_parse_url
	NullsFirst // NULL only when the first argument is: concat_ws
)

// Nullable reports whether the result may be NULL when argument i may be
// NULL exactly when args[i] is true.
func (n Nulls) Nullable(args []bool) bool {
	switch n {
	case NullsNever:
		return false
	case NullsInvalid, NullsMaybe:
		return true
	case NullsFirst:
		return len(args) > 0 && args[0]
	case NullsAll:
		for _, a := range args {
			if !a {
				return false
			}
		}
		return len(args) > 0
	}
	for _, a := range args {
		if a {
			return true
		}
	}
	return false
}

// Variadic is FuncInfo.MaxArgs of a function without an upper bound.
const Variadic = -1

// FuncInfo is what a function is, for every reader of the IR: the DSL that
// writes it, schema inference, the planner, the SQL renderer and the local
// engine. The typing rules and evaluation stay with their packages.
type FuncInfo struct {
	// Func is the function the row describes.
	Func Func
	// Infix is the SQL spelling of an operator printed between its
	// arguments ("<>" for !=, "AND" for and); "" for a function call.
	Infix string
	// Aliases are other names the SQL renderer accepts for the function
	// (eq for =); the DSL never writes them.
	Aliases []string
	// MinArgs and MaxArgs bound the number of arguments; MaxArgs is
	// Variadic when there is no upper bound.
	MinArgs, MaxArgs int
	// Nulls says when the result is NULL.
	Nulls Nulls
	// Sort marks asc and desc, a direction around a sort key (OpSort).
	Sort bool
	// Agg marks an aggregate, the Name of an ExprAgg.
	Agg bool
	// SQLOnly marks names only the SQL renderer knows: the DSL
	// does not build them, package infer has no typing rule for them (a plan
	// that uses them is rejected) and the local engine cannot evaluate them.
	SQLOnly bool
}

// Accepts reports whether the function takes n arguments.
func (i FuncInfo) Accepts(n int) bool {
	return n >= i.MinArgs && (i.MaxArgs == Variadic || n <= i.MaxArgs)
}

// ArityText says how many arguments the function takes, for messages: "one
// argument", "at least one argument", "at most one argument", ...
func (i FuncInfo) ArityText() string {
	words := []string{"zero", "one", "two", "three"}
	word := func(n int) string {
		if n < len(words) {
			return words[n]
		}
		return "many"
	}
	plural := func(n int) string {
		if n == 1 {
			return " argument"
		}
		return " arguments"
	}
	switch {
	case i.MaxArgs == Variadic:
		return "at least " + word(i.MinArgs) + plural(i.MinArgs)
	case i.MinArgs == i.MaxArgs:
		return word(i.MinArgs) + plural(i.MinArgs)
	case i.MinArgs == 0:
		return "at most " + word(i.MaxArgs) + plural(i.MaxArgs)
	}
	return word(i.MinArgs) + " to " + word(i.MaxArgs) + plural(i.MaxArgs)
}

// funcs is the function vocabulary of the IR, one row per function: the
// core rows, then one slice per family of functions (funcs_<family>.go).
var funcs = slices.Concat(coreFuncs,
	mathFuncs,
	timeFuncs,
	textFuncs,
	regexFuncs,
	jsonFuncs,
	arrayFuncs,
)

// coreFuncs are the operators, the first functions and the aggregates.
var coreFuncs = []FuncInfo{
	infix(FuncAdd, "+"), infix(FuncSub, "-"), infix(FuncMul, "*"), infix(FuncDiv, "/"),
	infix(FuncEq, "=", "eq"), infix(FuncNe, "<>", "ne"), infix(FuncLt, "<", "lt"),
	infix(FuncLe, "<=", "le"), infix(FuncGt, ">", "gt"), infix(FuncGe, ">=", "ge"),
	{Func: FuncAnd, Infix: "AND", MinArgs: 1, MaxArgs: Variadic, Nulls: NullsLogic},
	{Func: FuncOr, Infix: "OR", MinArgs: 1, MaxArgs: Variadic, Nulls: NullsLogic},
	scalar(FuncNot, 1),
	{Func: FuncIsNull, MinArgs: 1, MaxArgs: 1, Nulls: NullsNever},
	{Func: FuncIsNotNull, MinArgs: 1, MaxArgs: 1, Nulls: NullsNever},
	{Func: FuncCoalesce, MinArgs: 1, MaxArgs: Variadic, Nulls: NullsAll},
	{Func: FuncIn, MinArgs: 2, MaxArgs: Variadic},
	scalar(FuncLike, 2),
	scalar(FuncLower, 1), scalar(FuncUpper, 1), scalar(FuncTrim, 1), scalar(FuncLength, 1),
	{Func: FuncConcat, MinArgs: 1, MaxArgs: Variadic},
	scalar(FuncSubstring, 3), scalar(FuncDateTrunc, 2), scalar(FuncToDate, 1),
	scalar(FuncYear, 1), scalar(FuncMonth, 1), scalar(FuncDayOfMonth, 1), scalar(FuncHour, 1), scalar(FuncMinute, 1),
	scalar(FuncWindowTime, 1),
	{Func: FuncAsc, MinArgs: 1, MaxArgs: 1, Sort: true},
	{Func: FuncDesc, MinArgs: 1, MaxArgs: 1, Sort: true},
	{Func: AggCount, MinArgs: 0, MaxArgs: 1, Agg: true},
	aggregate(AggSum), aggregate(AggAvg), aggregate(AggMin), aggregate(AggMax),
	aggregate(AggFirst), aggregate(AggLast), aggregate(AggApproxCountDistinct),
	{Func: AggMinBy, MinArgs: 2, MaxArgs: 2, Agg: true},
	{Func: AggMaxBy, MinArgs: 2, MaxArgs: 2, Agg: true},
}

// infix is the row of a binary operator.
func infix(f Func, sql string, aliases ...string) FuncInfo {
	return FuncInfo{Func: f, Infix: sql, Aliases: aliases, MinArgs: 2, MaxArgs: 2}
}

// scalar is the row of a strict function of n arguments.
func scalar(f Func, n int) FuncInfo { return FuncInfo{Func: f, MinArgs: n, MaxArgs: n} }

// aggregate is the row of an aggregate of one argument.
func aggregate(f Func) FuncInfo { return FuncInfo{Func: f, MinArgs: 1, MaxArgs: 1, Agg: true} }

// funcIndex finds a row of funcs by name and by alias.
var funcIndex, aliasIndex = func() (map[Func]int, map[string]int) {
	byName, byAlias := map[Func]int{}, map[string]int{}
	for i, f := range funcs {
		byName[f.Func] = i
		for _, a := range f.Aliases {
			byAlias[a] = i
		}
	}
	return byName, byAlias
}()

// Funcs lists every function of the IR, in table order.
func Funcs() []FuncInfo { return append([]FuncInfo(nil), funcs...) }

// Info returns f's row; false for an unknown name. Aliases are not names
// of the IR: see LookupFunc.
func (f Func) Info() (FuncInfo, bool) {
	i, ok := funcIndex[f]
	if !ok {
		return FuncInfo{}, false
	}
	return funcs[i], true
}

// LookupFunc returns the row of a function by its name or one of its
// aliases (eq for =), as the SQL renderer accepts them.
func LookupFunc(name string) (FuncInfo, bool) {
	if i, ok := aliasIndex[name]; ok {
		return funcs[i], true
	}
	return Func(name).Info()
}

// MergeTables joins per-family tables keyed by function (the typing rules
// of package infer, the evaluators of the local engine) into one.
func MergeTables[V any](tables ...map[Func]V) map[Func]V {
	out := map[Func]V{}
	for _, t := range tables {
		maps.Copy(out, t)
	}
	return out
}

// Func returns the function an ExprCall or ExprAgg calls: Name, typed.
func (e *Expr) Func() Func { return Func(e.Name) }
