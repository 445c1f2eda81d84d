package gen

import (
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// dpcsExpectations adds the pipeline's expectations (Stream.Expect...) as
// quality gates of category expectation: placed after the step whose rows
// they check (an extract's validation, or a transformation step), with
// their condition as criterion and their action as outcome.
func dpcsExpectations(pp *planner.PipelinePlan, d *DPCSDoc) {
	for _, e := range pp.Expectations {
		step := e.On.Node
		if e.On.Port == ir.PortValid {
			step = ValidateStepID(e.On.Node)
		}
		queries := ""
		if len(e.Queries) > 0 {
			queries = ", counted by queries " + strings.Join(e.Queries, ", ") + " in every micro-batch"
		}
		d.QualityGates = append(d.QualityGates, DPCSQualityGate{ID: "expect-" + e.Name, Category: "expectation",
			Purpose:   "expectation " + e.Name + " on every row of " + e.On.Node + "." + e.On.Port + queries,
			Placement: DPCSPlacement{Kind: "afterStep", StepID: step},
			Criteria:  []DPCSCriterion{{ID: e.Name, Type: "expression", Expression: e.Condition}},
			OnSuccess: "continue: the row passes",
			OnFailure: expectationOutcome(e.Action)})
	}
}

// expectationOutcome says what a row breaking an expectation does.
func expectationOutcome(action string) string {
	switch action {
	case ir.ExpectDrop:
		return "drop: the row is dropped from the stream and counted"
	case ir.ExpectFail:
		return "fail: the micro-batch stops at the row, nothing of it commits and the run fails (ETL-E751, failure class expectation); a restart reads the batch again from the checkpoint"
	}
	return "warn: the row is kept and counted (ETL-E751)"
}
