package pyspark

import (
	"fmt"
	"regexp"
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
	case ir.FuncJSONValid:
		return sqlJSONValid(e), true
	case ir.FuncJSONGet:
		return sqlJSONGet(e), true
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
// keyword, not a string. Package infer accepts the fixed-length units
// only; another word prints as given (Spark reads MONTH, QUARTER, YEAR),
// anything else as a string literal, which Spark refuses.
func sqlTimestampDiff(e *ir.Expr) string {
	unit := "NULL"
	if len(e.Args) == 3 && e.Args[0] != nil {
		unit = SQLString(e.Args[0].Value)
		if word := strings.ToUpper(e.Args[0].Value); unitWord.MatchString(word) {
			unit = word
		}
	}
	return fmt.Sprintf("timestampdiff(%s, %s, %s)", unit, sqlArg(e, 1), sqlArg(e, 2))
}

// unitWord is a unit keyword of timestampdiff.
var unitWord = regexp.MustCompile(`^[A-Z]+$`)
