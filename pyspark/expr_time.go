package pyspark

import (
	"fmt"
	"strings"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// sqlSpecial prints the date and time functions whose Spark SQL is not
// name(args); false for the others.
func sqlSpecial(e *ir.Expr, f ir.Func) (string, bool) {
	switch f {
	case ir.FuncAddInterval:
		return sqlAddInterval(e), true
	case ir.FuncTimestampDiff:
		return sqlTimestampDiff(e), true
	}
	return "", false
}

// sqlAddInterval is (t + INTERVAL 15 minutes), or t − INTERVAL for a
// negative duration.
func sqlAddInterval(e *ir.Expr) string {
	op, text := "+", ""
	if len(e.Args) == 2 && e.Args[1] != nil {
		text = e.Args[1].Value
	}
	d, _ := time.ParseDuration(text) // checked by package infer
	if d < 0 {
		op, d = "-", -d
	}
	return fmt.Sprintf("(%s %s INTERVAL %s)", sqlArg(e, 0), op, Interval(ir.Duration(d.String())))
}

// sqlTimestampDiff is timestampdiff(UNIT, start, end): the unit is a
// keyword, not a string (package infer allows the fixed-length units).
func sqlTimestampDiff(e *ir.Expr) string {
	unit := ""
	if len(e.Args) == 3 && e.Args[0] != nil {
		unit = strings.ToUpper(e.Args[0].Value)
	}
	if _, ok := ir.DiffUnit(unit); !ok {
		unit = "SECOND /* unknown unit */"
	}
	return fmt.Sprintf("timestampdiff(%s, %s, %s)", unit, sqlArg(e, 1), sqlArg(e, 2))
}
