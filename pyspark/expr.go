package pyspark

import (
	"fmt"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/ir"
)

// SQLExpr prints an IR expression as Spark SQL: columns quoted with
// SQLIdent, string literals with SQLString, other literals typed.
func SQLExpr(e *ir.Expr) string {
	if e == nil {
		return "NULL"
	}
	switch e.Kind {
	case ir.ExprColumn:
		return sqlColumn(e.Name)
	case ir.ExprLiteral:
		return sqlLiteral(e)
	case ir.ExprCast:
		return fmt.Sprintf("CAST(%s AS %s)", sqlArg(e, 0), sqlType(e.Type))
	case ir.ExprCase:
		return sqlCase(e.Args)
	case ir.ExprAgg:
		return sqlAgg(e)
	}
	return sqlCall(e)
}

// sqlColumn quotes a column reference; a dotted name is a struct path.
func sqlColumn(name string) string {
	return sparksql.QuotePath(strings.Split(name, ".")...)
}

func sqlArg(e *ir.Expr, i int) string {
	if i < len(e.Args) {
		return SQLExpr(e.Args[i])
	}
	return "NULL"
}

func sqlArgs(args []*ir.Expr) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = SQLExpr(a)
	}
	return strings.Join(parts, ", ")
}

func sqlType(t *contracts.Type) string {
	if t == nil {
		return "STRING"
	}
	return sparksql.SQLType(*t)
}

func sqlLiteral(e *ir.Expr) string {
	if e.Type == nil {
		return SQLString(e.Value)
	}
	switch e.Type.Kind {
	case contracts.KindString:
		return SQLString(e.Value)
	case contracts.KindBool:
		if e.Value == "true" {
			return "TRUE"
		}
		return "FALSE"
	case contracts.KindInt32, contracts.KindInt64:
		return fmt.Sprintf("CAST(%s AS %s)", SQLString(e.Value), sqlType(e.Type))
	}
	if e.Value == "" {
		return fmt.Sprintf("CAST(NULL AS %s)", sqlType(e.Type))
	}
	return fmt.Sprintf("CAST(%s AS %s)", SQLString(e.Value), sqlType(e.Type))
}

func sqlCase(args []*ir.Expr) string {
	var b strings.Builder
	b.WriteString("CASE")
	i := 0
	for ; i+1 < len(args); i += 2 {
		fmt.Fprintf(&b, " WHEN %s THEN %s", SQLExpr(args[i]), SQLExpr(args[i+1]))
	}
	if i < len(args) {
		fmt.Fprintf(&b, " ELSE %s", SQLExpr(args[i]))
	}
	b.WriteString(" END")
	return b.String()
}

func sqlAgg(e *ir.Expr) string {
	name := strings.ToLower(e.Name)
	if len(e.Args) == 0 {
		return name + "(1)"
	}
	if e.Distinct {
		return fmt.Sprintf("%s(DISTINCT %s)", name, sqlArgs(e.Args))
	}
	return fmt.Sprintf("%s(%s)", name, sqlArgs(e.Args))
}

// sqlCall prints a call: infix for the operators of ir's table (by name or
// alias, in any case) with two arguments or more, else by function.
func sqlCall(e *ir.Expr) string {
	name := strings.ToLower(e.Name)
	info, _ := ir.LookupFunc(name)
	if info.Infix != "" && len(e.Args) >= 2 {
		parts := make([]string, len(e.Args))
		for i, a := range e.Args {
			parts[i] = SQLExpr(a)
		}
		return "(" + strings.Join(parts, " "+info.Infix+" ") + ")"
	}
	if info.Sort {
		return sqlArg(e, 0) + " " + strings.ToUpper(name)
	}
	if sql, ok := sqlSpecial(e, info.Func); ok {
		return sql
	}
	switch info.Func {
	case ir.FuncNot:
		return "(NOT " + sqlArg(e, 0) + ")"
	case ir.FuncIsNull:
		return "(" + sqlArg(e, 0) + " IS NULL)"
	case ir.FuncIsNotNull:
		return "(" + sqlArg(e, 0) + " IS NOT NULL)"
	case ir.FuncIn:
		return fmt.Sprintf("(%s IN (%s))", sqlArg(e, 0), sqlArgs(e.Args[min(1, len(e.Args)):]))
	case ir.FuncLike:
		return fmt.Sprintf("(%s LIKE %s)", sqlArg(e, 0), sqlArg(e, 1))
	case ir.FuncWindowTime:
		// window_time(window) on the flattened window: its end − 1 µs (the
		// projection re-attaches the watermark: windowTimeMetadata)
		return fmt.Sprintf("(%s - INTERVAL 1 MICROSECOND)", sqlArg(e, 0))
	}
	return fmt.Sprintf("%s(%s)", name, sqlArgs(e.Args))
}

// Interval renders an IR duration as a Spark interval string ("15 minutes",
// "1 hour", "90 seconds", "250 milliseconds"); "0 seconds" for an empty or
// zero duration.
func Interval(d ir.Duration) string {
	v, err := time.ParseDuration(string(d))
	if err != nil || v == 0 {
		return "0 seconds"
	}
	neg := ""
	if v < 0 {
		neg, v = "-", -v
	}
	units := []struct {
		d    time.Duration
		name string
	}{{24 * time.Hour, "day"}, {time.Hour, "hour"}, {time.Minute, "minute"}, {time.Second, "second"}, {time.Millisecond, "millisecond"}, {time.Microsecond, "microsecond"}}
	for _, u := range units {
		if v%u.d == 0 {
			n := int64(v / u.d)
			s := ""
			if n != 1 {
				s = "s"
			}
			return fmt.Sprintf("%s%d %s%s", neg, n, u.name, s)
		}
	}
	return fmt.Sprintf("%s%d microseconds", neg, int64(v/time.Microsecond))
}

// micros returns a duration in microseconds.
func micros(d ir.Duration) int64 {
	v, err := time.ParseDuration(string(d))
	if err != nil {
		return 0
	}
	return int64(v / time.Microsecond)
}
