package localengine

import (
	"fmt"
	"strconv"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// evalFn evaluates a compiled scalar expression on one row; nil is NULL.
type evalFn func(Row) any

// exprs compiles scalar expressions for one Spark line, the line the
// profile targets (planner.Model.SparkVersion): a function whose answer
// differs between lines (lineStrict, lineNonStrict) gives that line's. The
// zero exprs gives profile.DefaultSparkLine's answers.
type exprs struct{ line string }

// compile compiles e against the columns of s. Function calls follow
// SQL NULL semantics: NULL in, NULL out, except isnull, isnotnull,
// coalesce and the three-valued and/or.
func (x exprs) compile(e *ir.Expr, s *Schema) (evalFn, error) {
	if e == nil {
		return nil, fmt.Errorf("compile expression: missing expression")
	}
	switch e.Kind {
	case ir.ExprColumn:
		i := s.Index(e.Name)
		if i < 0 {
			return nil, fmt.Errorf("compile expression: unknown column %s (have %v)", e.Name, s.Names())
		}
		return func(r Row) any { return r[i] }, nil
	case ir.ExprLiteral:
		v, err := literalValue(e)
		return func(Row) any { return v }, err
	case ir.ExprCast:
		return x.cast(e, s)
	case ir.ExprCase:
		return x.caseWhen(e, s)
	case ir.ExprCall:
		return x.call(e, s)
	}
	return nil, fmt.Errorf("compile expression: %s expression %q is not a scalar", e.Kind, e.Name)
}

// args compiles every argument of e.
func (x exprs) args(e *ir.Expr, s *Schema) ([]evalFn, error) {
	out := make([]evalFn, len(e.Args))
	for i, a := range e.Args {
		f, err := x.compile(a, s)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

// literalValue parses a literal's text by its type.
func literalValue(e *ir.Expr) (any, error) {
	if e.Type == nil {
		return e.Value, nil
	}
	v, err := parseScalar(e.Value, e.Type.Kind)
	if err != nil {
		return nil, fmt.Errorf("literal %q: %w", e.Value, err)
	}
	return v, nil
}

// parseScalar parses the text form of a scalar of kind k.
func parseScalar(s string, k contracts.Kind) (any, error) {
	switch k {
	case contracts.KindString, "":
		return s, nil
	case contracts.KindBool:
		return strconv.ParseBool(s)
	case contracts.KindInt32:
		n, err := strconv.ParseInt(s, 10, 32)
		return int32(n), err
	case contracts.KindInt64:
		return strconv.ParseInt(s, 10, 64)
	case contracts.KindFloat64:
		return strconv.ParseFloat(s, 64)
	case contracts.KindDecimal:
		return decimal.NewFromString(s)
	case contracts.KindTimestamp:
		t, err := time.Parse(time.RFC3339Nano, s)
		return t.UTC(), err
	case contracts.KindDate:
		return contracts.ParseDate(s)
	}
	return nil, fmt.Errorf("no scalar literal of kind %s", k)
}

// caseWhen compiles CASE WHEN c1 THEN v1 ... [ELSE e] END.
func (x exprs) caseWhen(e *ir.Expr, s *Schema) (evalFn, error) {
	args, err := x.args(e, s)
	if err != nil {
		return nil, err
	}
	return func(r Row) any {
		i := 0
		for ; i+1 < len(args); i += 2 {
			switch c := args[i](r).(type) {
			case *EvalError:
				return c
			case bool:
				if c {
					return args[i+1](r)
				}
			}
		}
		if i < len(args) {
			return args[i](r)
		}
		return nil
	}, nil
}

// castValue converts v to type t; an impossible conversion is NULL (Spark's
// non-ANSI cast).
func castValue(v any, t contracts.Type) any {
	if v == nil {
		return nil
	}
	switch t.Kind {
	case contracts.KindString:
		return stringOf(v)
	case contracts.KindInt64, contracts.KindInt32:
		return castInt(v, t.Kind)
	case contracts.KindFloat64:
		if f, ok := asFloat(v); ok {
			return f
		}
	case contracts.KindDecimal:
		if d, ok := v.(decimal.Decimal); ok && d.Exponent() == -int32(t.Scale) {
			return v // of the scale already: not boxed again
		}
		if d, ok := asDecimal(v); ok {
			return d.Round(int32(t.Scale))
		}
	case contracts.KindTimestamp:
		if d, ok := v.(contracts.Date); ok {
			return d.Time()
		}
	case contracts.KindDate:
		if tm, ok := v.(time.Time); ok {
			return contracts.DateOf(tm)
		}
	}
	if x, err := parseScalar(stringOf(v), t.Kind); err == nil {
		return x
	}
	return nil
}

func castInt(v any, k contracts.Kind) any {
	var n int64
	switch x := v.(type) {
	case float64:
		n = int64(x)
	case decimal.Decimal:
		n = x.IntPart()
	case time.Time:
		// Spark: CAST(timestamp AS BIGINT) is the epoch seconds, rounded
		// down (floorDiv of the microseconds).
		n = floorDiv(x.UnixMicro(), 1_000_000)
	default:
		i, ok := asInt(v)
		if !ok {
			p, err := strconv.ParseInt(stringOf(v), 10, 64)
			if err != nil {
				return nil
			}
			i = p
		}
		n = i
	}
	if k == contracts.KindInt32 {
		return int32(n)
	}
	return n
}

// stringOf renders a value as Spark's CAST(x AS STRING) does.
func stringOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case time.Time:
		return x.UTC().Format("2006-01-02 15:04:05.999999")
	case decimal.Decimal:
		return x.String()
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}
