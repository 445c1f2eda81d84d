package run

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark/events"
)

// TestExpectationCounts: a batch's expectation counts are the same from
// either engine, become its line's text, a warning when rows broke one
// that warns, the report's sums and OpenLineage assertions; a failed
// expectation is an expectation failure.
func TestExpectationCounts(t *testing.T) {
	p := &localengine.Progress{Query: "q", BatchID: 3, Expectations: []localengine.ExpectationResult{
		{Name: "a", Action: "warn", Passed: 7, Failed: 2},
		{Name: "b", Action: "drop", Passed: 9},
	}}
	b := localBatch(&planner.PipelinePlan{ID: "pl"}, p)
	var texts []string
	for _, e := range b.Expectations {
		texts = append(texts, e.Text())
	}
	if diff := cmp.Diff([]string{"expect:a=7/2(warn)", "expect:b=9/0(drop)"}, texts); diff != "" {
		t.Errorf("texts (-want +got):\n%s", diff)
	}
	if len(b.Warnings) != 1 || b.Warnings[0].Code != localengine.CodeExpectationFailed || !strings.Contains(b.Warnings[0].Text, "expectation a: 2 rows broke it") {
		t.Errorf("warnings %+v, want one %s about expectation a", b.Warnings, localengine.CodeExpectationFailed)
	}
	sb := sparkBatch(&planner.PipelinePlan{ID: "pl"}, &events.Batch{Query: "q", BatchID: 3, Expectations: []events.ExpectationLine{
		{Name: "a", Action: "warn", Passed: 7, Failed: 2}, {Name: "b", Action: "drop", Passed: 9}}})
	if diff := cmp.Diff(b.Expectations, sb.Expectations); diff != "" || !cmp.Equal(b.Warnings, sb.Warnings) {
		t.Errorf("Spark batch counts (-local +spark):\n%s\nwarnings %+v", diff, sb.Warnings)
	}
	r := &Report{Sinks: map[string]int64{}}
	r.add(b)
	r.add(b)
	want := []ExpectationReport{{Name: "a", Action: "warn", Batches: 2, Passed: 14, Failed: 4}, {Name: "b", Action: "drop", Batches: 2, Passed: 18}}
	if diff := cmp.Diff(want, r.query("q").Expectations); diff != "" {
		t.Errorf("report expectations (-want +got):\n%s", diff)
	}
	data, err := json.Marshal(assertionsFacet(b.Expectations))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); !strings.Contains(s, `"assertions":[{"assertion":"a","success":false},{"assertion":"b","success":true}]`) ||
		!strings.Contains(s, "DataQualityAssertionsDatasetFacet") {
		t.Errorf("assertions facet %s", s)
	}
	if assertionsFacet(nil) != nil {
		t.Error("a batch without expectations has an assertions facet")
	}
	f := localFailure(&localengine.ExpectationError{Query: "q", BatchID: 3, Expectation: "c", Condition: "x > 0", Row: "{}"})
	if f.Code != FailureExpectation || !strings.Contains(f.Message, localengine.CodeExpectationFailed) {
		t.Errorf("failure %+v, want %s with %s", f, FailureExpectation, localengine.CodeExpectationFailed)
	}
}
