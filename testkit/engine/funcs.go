package engine

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// scalarFn applies a function to evaluated, non-NULL arguments.
type scalarFn func(args []any) any

// cmpTests are the comparison operators: the test of compareValues'
// result each applies.
var cmpTests = map[string]func(int) bool{
	"=":  func(c int) bool { return c == 0 },
	"!=": func(c int) bool { return c != 0 },
	"<":  func(c int) bool { return c < 0 },
	"<=": func(c int) bool { return c <= 0 },
	">":  func(c int) bool { return c > 0 },
	">=": func(c int) bool { return c >= 0 },
}

// strictFuncs are the functions that are NULL when any argument is NULL.
var strictFuncs = map[string]scalarFn{
	"=":  cmpFn(cmpTests["="]),
	"!=": cmpFn(cmpTests["!="]),
	"<":  cmpFn(cmpTests["<"]),
	"<=": cmpFn(cmpTests["<="]),
	">":  cmpFn(cmpTests[">"]),
	">=": cmpFn(cmpTests[">="]),
	"+":  arithFn('+'), "-": arithFn('-'), "*": arithFn('*'), "/": arithFn('/'),
	"not":   func(a []any) any { b, _ := a[0].(bool); return !b },
	"lower": strFn(strings.ToLower), "upper": strFn(strings.ToUpper),
	"trim":       strFn(func(s string) string { return strings.Trim(s, " ") }),
	"length":     func(a []any) any { return int32(utf8.RuneCountInString(a[0].(string))) },
	"concat":     concat,
	"substring":  substring,
	"date_trunc": dateTrunc,
	"to_date":    func(a []any) any { return contracts.DateOf(a[0].(time.Time)) },
	"year":       timePart(func(t time.Time) int { return t.Year() }),
	"month":      timePart(func(t time.Time) int { return int(t.Month()) }),
	"dayofmonth": timePart(func(t time.Time) int { return t.Day() }),
	"hour":       timePart(func(t time.Time) int { return t.Hour() }),
	"minute":     timePart(func(t time.Time) int { return t.Minute() }),
	"asc":        func(a []any) any { return a[0] },
	"desc":       func(a []any) any { return a[0] },
}

// compileCall compiles a function call.
func compileCall(e *ir.Expr, s *Schema) (evalFn, error) {
	args, err := compileArgs(e, s)
	if err != nil {
		return nil, err
	}
	switch e.Name {
	case "and":
		return andFn(args), nil
	case "or":
		return orFn(args), nil
	case "isnull":
		return func(r Row) any { return args[0](r) == nil }, nil
	case "isnotnull":
		return func(r Row) any { return args[0](r) != nil }, nil
	case "coalesce":
		return coalesceFn(args), nil
	}
	f, ok := strictFuncs[e.Name]
	if !ok {
		return nil, fmt.Errorf("compile expression: unknown function %s", e.Name)
	}
	if test, ok := cmpTests[e.Name]; ok && len(args) == 2 {
		// A comparison, the usual filter: no argument slice per row.
		x, y := args[0], args[1]
		return func(r Row) any {
			a := x(r)
			if a == nil {
				return nil
			}
			b := y(r)
			if b == nil {
				return nil
			}
			c, ok := compareValues(a, b)
			if !ok {
				return nil
			}
			return test(c)
		}, nil
	}
	return func(r Row) any {
		vals := make([]any, len(args))
		for i, a := range args {
			if vals[i] = a(r); vals[i] == nil {
				return nil
			}
		}
		return f(vals)
	}, nil
}

// andFn is SQL AND: false wins over NULL, NULL over true.
func andFn(args []evalFn) evalFn {
	return func(r Row) any {
		null := false
		for _, a := range args {
			switch v := a(r).(type) {
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
			if v := a(r); v != nil {
				return v
			}
		}
		return nil
	}
}

func cmpFn(test func(int) bool) scalarFn {
	return func(a []any) any {
		c, ok := compareValues(a[0], a[1])
		if !ok {
			return nil
		}
		return test(c)
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

// substring is Spark's 1-based substring(s, pos, len).
func substring(a []any) any {
	r := []rune(a[0].(string))
	pos, _ := asInt(a[1])
	n, _ := asInt(a[2])
	start := pos - 1
	if pos < 0 {
		start = int64(len(r)) + pos
	}
	if start < 0 {
		n += start
		start = 0
	}
	if start > int64(len(r)) || n <= 0 {
		return ""
	}
	end := min(start+n, int64(len(r)))
	return string(r[start:end])
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
	case "month", "mon", "mm":
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	case "day", "dd":
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	case "hour":
		return t.Truncate(time.Hour)
	case "minute":
		return t.Truncate(time.Minute)
	case "second":
		return t.Truncate(time.Second)
	}
	return nil
}
