package gen

import (
	"slices"
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
			OnFailure: expectationOutcome(pp, e)})
	}
}

// quarantinePort gives the step whose stream r a Quarantined() load reads
// (r's port is quarantine) that output port.
func quarantinePort(d *DPCSDoc, r ir.Ref) {
	step, _, _ := stepOfEndpoint(refEndpoint(d, r))
	for i := range d.Steps {
		s := &d.Steps[i]
		if s.ID == step && !slices.ContainsFunc(s.Outputs, func(p DPCSStepPort) bool { return p.ID == r.Port }) {
			s.Outputs = append(s.Outputs, DPCSStepPort{ID: r.Port})
		}
	}
}

// expectationOutcome says what a row breaking an expectation does.
func expectationOutcome(pp *planner.PipelinePlan, e planner.Expectation) string {
	switch e.Action {
	case ir.ExpectQuarantine:
		to := "the stream's Quarantined() rows"
		for _, ld := range pp.IR().Loads {
			if ld.From.Port == ir.PortQuarantine && ld.From.Node == e.On.Node {
				to = ld.Asset + " (" + ld.Contract + ")"
			}
		}
		return "quarantine: the row leaves the stream, is counted, and goes to " + to + " with the expectation's name as reason"
	case ir.ExpectDrop:
		return "drop: the row is dropped from the stream and counted"
	case ir.ExpectFail:
		return "fail: the micro-batch stops at the row, nothing of it commits and the run fails (ETL-E751, failure class expectation); a restart reads the batch again from the checkpoint"
	}
	return "warn: the row is kept and counted (ETL-E751)"
}
