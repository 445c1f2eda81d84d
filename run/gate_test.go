package run

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark/events"
)

// TestGateVerdicts: a batch's gate verdicts become its line's text, warnings
// for warn breaches, the report's counts, and a fail is a quality-gate
// failure.
func TestGateVerdicts(t *testing.T) {
	p := &localengine.Progress{Query: "q", BatchID: 3, Gates: []localengine.GateResult{
		{Name: "a", Condition: "invalid_ratio(s) > 0.1", Action: "warn", Value: 0.25, Breached: true},
		{Name: "b", Condition: "rows(q) < 1", Action: "fail", Value: 4},
	}}
	b := localBatch(&planner.PipelinePlan{ID: "pl"}, p)
	var texts []string
	for _, g := range b.Gates {
		texts = append(texts, g.Text())
	}
	if diff := cmp.Diff([]string{"gate:a=0.25(warn)", "gate:b=4(ok)"}, texts); diff != "" {
		t.Errorf("texts (-want +got):\n%s", diff)
	}
	if len(b.Warnings) != 1 || b.Warnings[0].Code != localengine.CodeGateFailed {
		t.Errorf("warnings %+v, want one %s", b.Warnings, localengine.CodeGateFailed)
	}
	r := &Report{Sinks: map[string]int64{}}
	r.add(b)
	r.add(b)
	want := []GateReport{{Name: "a", Condition: "invalid_ratio(s) > 0.1", Action: "warn", Evaluated: 2, Breached: 2, LastValue: 0.25},
		{Name: "b", Condition: "rows(q) < 1", Action: "fail", Evaluated: 2, LastValue: 4}}
	if diff := cmp.Diff(want, r.query("q").Gates); diff != "" {
		t.Errorf("report gates (-want +got):\n%s", diff)
	}
	f := localFailure(&localengine.GateError{Query: "q", BatchID: 3, Gate: localengine.GateResult{Name: "b", Condition: "rows(q) < 1", Action: "fail"}})
	if f.Code != FailureQualityGate {
		t.Errorf("failure code %s, want %s", f.Code, FailureQualityGate)
	}
	sb := sparkBatch(&planner.PipelinePlan{ID: "pl"}, &events.Batch{Query: "q", BatchID: 3, Gates: []events.GateLine{
		{Name: "a", Condition: "invalid_ratio(s) > 0.1", Action: "warn", Value: 0.25, Breached: true},
		{Name: "b", Condition: "rows(q) < 1", Action: "fail", Value: 4}}})
	if diff := cmp.Diff(b.Gates, sb.Gates); diff != "" || len(sb.Warnings) != 1 {
		t.Errorf("Spark batch gates (-local +spark):\n%s\nwarnings %+v", diff, sb.Warnings)
	}
	if f := (GateVerdict{Action: "fail", Breached: true}).Verdict(); f != "FAIL" {
		t.Errorf("verdict %s, want FAIL", f)
	}
}
