package funcverdicts

import (
	"fmt"
	"strings"
)

// Compare says how etlgen's answer to c differs from Spark's, one line per
// difference; nil when they agree. etlgen agrees with Spark when both run
// the expression and give the same type and the same value (or the same
// error class) on every row, when both refuse it, and when etlgen refuses
// what Spark runs (a refusal is never a silent difference: the planner
// reports it). Spark refusing what etlgen runs is a difference: validate
// would pass a pipeline Spark cannot run.
func Compare(c Case, local, spark Answer) []string {
	switch {
	case local.Refused != "":
		return nil
	case spark.Refused != "":
		return []string{fmt.Sprintf("Spark refuses the expression (%s); etlgen runs it", spark.Refused)}
	}
	var out []string
	if local.Type != spark.Type {
		out = append(out, fmt.Sprintf("result type: etlgen %s, Spark %s", local.Type, spark.Type))
	}
	if len(local.Rows) != len(spark.Rows) {
		return append(out, fmt.Sprintf("%d rows from etlgen, %d from Spark", len(local.Rows), len(spark.Rows)))
	}
	for i := range local.Rows {
		if local.Rows[i] != spark.Rows[i] {
			out = append(out, fmt.Sprintf("row %d (%s): etlgen %s, Spark %s", i, Inputs(c, i), local.Rows[i], spark.Rows[i]))
		}
	}
	return out
}

// Report joins differences for a test message.
func Report(diffs []string) string { return "  " + strings.Join(diffs, "\n  ") }
