package planner

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// The output modes a query can be forced into.
var outputModeNames = []string{ModeAppend, ModeUpdate, ModeComplete}

// forcedModes splits Options.OutputModes (the CLI's --output-mode) into the
// usable ones and an ETL-S428 for each value that is no output mode: that
// query's mode is inferred instead, so nothing else reports about it.
func forcedModes(modes map[string]string) (map[string]string, diag.List) {
	var bad diag.List
	ok := map[string]string{}
	for _, q := range slices.Sorted(maps.Keys(modes)) {
		m := modes[q]
		if slices.Contains(outputModeNames, m) {
			ok[q] = m
			continue
		}
		bad.Add(diag.Diagnostic{Code: CodeForcedMode, Severity: diag.Error, Path: forcedByOption,
			Message: fmt.Sprintf("%s %s=%s: %q is not an output mode", forcedByOption, q, m, m),
			Hint:    "use append, update or complete" + diag.DidYouMean(m, outputModeNames)})
	}
	return ok, bad
}

// unknownForcedQueries reports forced output modes that name no query of
// the planned pipelines (ETL-S428).
func (c *Checker) unknownForcedQueries(modes map[string]string) {
	var names []string
	c.eachQuery(func(q *query) { names = append(names, q.name) })
	for _, q := range slices.Sorted(maps.Keys(modes)) {
		if slices.Contains(names, q) {
			continue
		}
		c.report(CodeForcedMode, diag.Error, diag.Position{}, forcedByOption,
			"name a query (the asset a pipeline loads): "+strings.Join(names, ", ")+diag.DidYouMean(q, names),
			fmt.Sprintf("%s %s=%s names no query of the planned pipelines", forcedByOption, q, modes[q]))
	}
}
