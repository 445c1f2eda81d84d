package sparkverdicts_test

import (
	"slices"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

// uncovered are the planner's rules no case exercises, each with the reason:
// their pipelines have no Spark query to compare with.
var uncovered = map[string]string{
	"contracts-resolve":       "an unknown contract: there is no schema to build a query from",
	"transformations-resolve": "a step without a transformation has no plan",
	"inputs-bound":            "an unbound input or a dangling reference reads nothing",
	"acyclic":                 "a cycle of steps is no query",
	"local-engine-joins":      "the local engine's limit; the corpus's profiles run on Spark",
	"quality-gates":           "etlgen's own gates: Spark has no verdict to compare with (planner/gate_test.go covers each code)",
	"spark-gates":             "the Spark program's re-read limit for invalid-ratio gates, not a Spark verdict (planner/gate_test.go)",
	"expectations":            "etlgen's own expectations: Spark has no verdict to compare with (planner/expect_test.go covers each code)",
	"spark-expectations":      "the Spark program's limits for expectations, not a Spark verdict (planner/expect_test.go)",
	"spark-expectation-gates": "the Spark program's re-read limit for failing or rolling gates on expectation counts, not a Spark verdict (planner/gate_test.go)",
	"expectation-quarantine":  "etlgen's own routing of quarantined rows: Spark has no verdict to compare with (planner/quarantine_test.go covers each code)",
	"sink-output-mode": "a profile's output_mode its sink refuses is ETL-P318 when parsed, and an asset with an error is not bound " +
		"(no cascade); ETL-S430 is for --output-mode, which the cases do not pass (planner/testdata/corpus/complete_without_aggregation)",
	"columns-exist": "schema inference reports the same problems first, at the same position (D220, D221: " +
		"watermark_unknown_column, watermark_on_string, dedup_unknown_key), and the planner drops its duplicate",
}

// TestCoverage checks that the corpus exercises every rule of
// planner.DefaultRules (one of its codes in some case's verdict, as the
// planner reports it today), but those uncovered lists.
func TestCoverage(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range loadCorpus(t) {
		for _, line := range profile.SparkLines {
			got, _, _, err := sparkverdicts.JudgeCase(c, line)
			if err != nil {
				t.Fatal(err)
			}
			for _, code := range slices.Concat(got.Errors, got.Warnings) {
				seen[code] = true
			}
		}
	}
	for _, r := range planner.DefaultRules() {
		hit := slices.ContainsFunc(r.Codes, func(code string) bool { return seen[code] })
		_, exempt := uncovered[r.Name]
		switch {
		case !hit && !exempt:
			t.Errorf("rule %s (%v): no case of the corpus reports one of its codes", r.Name, r.Codes)
		case hit && exempt:
			t.Errorf("rule %s is listed as uncovered, but a case reports one of its codes: drop it from uncovered", r.Name)
		}
	}
}
