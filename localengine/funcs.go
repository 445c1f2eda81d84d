package localengine

import (
	"fmt"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// scalarFn applies a function to evaluated, non-NULL arguments.
type scalarFn func(args []any) any

// cmpTests are the comparison operators: the test of compareValues'
// result each applies.
var cmpTests = map[ir.Func]func(int) bool{
	ir.FuncEq: func(c int) bool { return c == 0 },
	ir.FuncNe: func(c int) bool { return c != 0 },
	ir.FuncLt: func(c int) bool { return c < 0 },
	ir.FuncLe: func(c int) bool { return c <= 0 },
	ir.FuncGt: func(c int) bool { return c > 0 },
	ir.FuncGe: func(c int) bool { return c >= 0 },
}

// strictFuncs evaluate the other functions that are NULL when any argument
// is NULL (ir.NullsStrict, ir.NullsInvalid, and the ir.NullsMaybe ones
// that are also NULL on their own), on non-NULL arguments: the core ones,
// then one map per family of functions (funcs_<family>.go).
var strictFuncs = ir.MergeTables(coreFuncs,
	mathFuncs,
	timeFuncs,
	textStrict,
	regexStrict,
	jsonStrict,
	arrayStrict,
)

// nonStrictFuncs compile the functions that see NULL arguments.
var nonStrictFuncs = ir.MergeTables(coreNonStrict, textNonStrict, jsonNonStrict)

// coreFuncs are the operators and first functions.
var coreFuncs = map[ir.Func]scalarFn{
	ir.FuncNot:        func(a []any) any { b, _ := a[0].(bool); return !b },
	ir.FuncLower:      strFn(sparkLower),
	ir.FuncUpper:      strFn(sparkUpper),
	ir.FuncTrim:       strFn(func(s string) string { return strings.Trim(s, " ") }),
	ir.FuncLength:     length,
	ir.FuncConcat:     concat,
	ir.FuncSubstring:  substring,
	ir.FuncDateTrunc:  dateTrunc,
	ir.FuncToDate:     func(a []any) any { return contracts.DateOf(a[0].(time.Time)) },
	ir.FuncYear:       timePart(func(t time.Time) int { return t.Year() }),
	ir.FuncMonth:      timePart(func(t time.Time) int { return int(t.Month()) }),
	ir.FuncDayOfMonth: timePart(func(t time.Time) int { return t.Day() }),
	ir.FuncHour:       timePart(func(t time.Time) int { return t.Hour() }),
	ir.FuncMinute:     timePart(func(t time.Time) int { return t.Minute() }),
	ir.FuncWindowTime: func(a []any) any { return a[0].(time.Time).Add(-time.Microsecond) },
	ir.FuncAsc:        func(a []any) any { return a[0] },
	ir.FuncDesc:       func(a []any) any { return a[0] },
}

// coreNonStrict compile and, or (ir.NullsLogic), isnull, isnotnull
// (ir.NullsNever) and coalesce (ir.NullsAll).
var coreNonStrict = map[ir.Func]func(args []evalFn) evalFn{
	ir.FuncAnd:       andFn,
	ir.FuncOr:        orFn,
	ir.FuncIsNull:    func(args []evalFn) evalFn { return nullTest(args[0], true) },
	ir.FuncIsNotNull: func(args []evalFn) evalFn { return nullTest(args[0], false) },
	ir.FuncCoalesce:  coalesceFn,
}

// call compiles a function call: ir's table says how many arguments
// the function takes and whether it is strict (NULL when an argument is).
func (x exprs) call(e *ir.Expr, s *Schema) (evalFn, error) {
	args, err := x.args(e, s)
	if err != nil {
		return nil, err
	}
	info, ok := e.Func().Info()
	unknown := fmt.Errorf("compile expression: unknown function %s", e.Name)
	switch {
	case !ok || info.Agg:
		return nil, unknown
	case !info.Accepts(len(args)):
		return nil, fmt.Errorf("compile expression: %s needs %s", e.Name, info.ArityText())
	case info.Nulls != ir.NullsStrict && info.Nulls != ir.NullsInvalid:
		if c, ok := lineNonStrict[x.line][info.Func]; ok {
			return c(args), nil
		}
		if c, ok := nonStrictFuncs[info.Func]; ok {
			return c(args), nil
		}
		if info.Nulls != ir.NullsMaybe {
			return nil, unknown
		}
	}
	if test, ok := cmpTests[info.Func]; ok {
		return compareFn(test, args[0], args[1]), nil
	}
	if op, ok := arithOps[info.Func]; ok {
		return compileArith(op, e, s, args)
	}
	f, ok := lineStrict[x.line][info.Func]
	if !ok {
		f, ok = strictFuncs[info.Func]
	}
	if !ok {
		return nil, unknown
	}
	return strictFn(f, args), nil
}

// strictFn applies f to the arguments' values; NULL when one of them is.
func strictFn(f scalarFn, args []evalFn) evalFn {
	return func(r Row) any {
		vals := make([]any, len(args))
		for i, a := range args {
			switch vals[i] = a(r); vals[i].(type) {
			case nil:
				return nil
			case *EvalError:
				return vals[i]
			}
		}
		return f(vals)
	}
}

// compareFn is a comparison, the usual filter: no argument slice per row.
func compareFn(test func(int) bool, x, y evalFn) evalFn {
	return func(r Row) any {
		a := x(r)
		if a == nil || isErr(a) {
			return a
		}
		b := y(r)
		if b == nil || isErr(b) {
			return b
		}
		c, ok := compareValues(a, b)
		if !ok {
			return nil
		}
		return test(c)
	}
}

// andFn is SQL AND: false wins over NULL, NULL over true.
func andFn(args []evalFn) evalFn {
	return func(r Row) any {
		null := false
		for _, a := range args {
			switch v := a(r).(type) {
			case *EvalError:
				return v
			case nil:
				null = true
			case bool:
				if !v {
					return false
				}
			}
		}
		if null {
			return nil
		}
		return true
	}
}

// orFn is SQL OR: true wins over NULL, NULL over false.
func orFn(args []evalFn) evalFn {
	return func(r Row) any {
		null := false
		for _, a := range args {
			switch v := a(r).(type) {
			case *EvalError:
				return v
			case nil:
				null = true
			case bool:
				if v {
					return true
				}
			}
		}
		if null {
			return nil
		}
		return false
	}
}

func coalesceFn(args []evalFn) evalFn {
	return func(r Row) any {
		for _, a := range args {
			if v := a(r); v != nil { // an *EvalError too: it fails the row
				return v
			}
		}
		return nil
	}
}

func strFn(f func(string) string) scalarFn {
	return func(a []any) any { return f(a[0].(string)) }
}

func concat(a []any) any {
	var b strings.Builder
	for _, x := range a {
		b.WriteString(stringOf(x))
	}
	return b.String()
}

func timePart(f func(time.Time) int) scalarFn {
	return func(a []any) any { return int32(f(a[0].(time.Time))) }
}

// dateTrunc truncates a timestamp to a unit (UTC session time zone).
func dateTrunc(a []any) any {
	unit, t := strings.ToLower(a[0].(string)), a[1].(time.Time).UTC()
	switch unit {
	case "year", "yyyy", "yy":
		return time.Date(t.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	case "quarter":
		return time.Date(t.Year(), (t.Month()-1)/3*3+1, 1, 0, 0, 0, 0, time.UTC)
	case "month", "mon", "mm":
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	case "week": // the Monday of the ISO week
		return time.Date(t.Year(), t.Month(), t.Day()-(int(t.Weekday())+6)%7, 0, 0, 0, 0, time.UTC)
	case "day", "dd":
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	case "hour":
		return t.Truncate(time.Hour)
	case "minute":
		return t.Truncate(time.Minute)
	case "second":
		return t.Truncate(time.Second)
	case "millisecond":
		return t.Truncate(time.Millisecond)
	case "microsecond":
		return t
	}
	return nil
}

// nullTest is isnull (null) or isnotnull; a row error stays one.
func nullTest(arg evalFn, null bool) evalFn {
	return func(r Row) any {
		v := arg(r)
		if isErr(v) {
			return v
		}
		return (v == nil) == null
	}
}

// isErr reports whether a value is a row error.
func isErr(v any) bool { _, ok := v.(*EvalError); return ok }
