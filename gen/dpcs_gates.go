package gen

import (
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// dpcsGates adds the pipeline's declared quality gates (etl.Gate): placed
// after the validation of the source an invalid-ratio gate measures, or
// before the completion of the load a rows or null-ratio gate measures,
// with the breach condition as criterion and the action as outcome.
func dpcsGates(pp *planner.PipelinePlan, d *DPCSDoc) {
	p := pp.IR()
	for i := range p.Gates {
		g := &p.Gates[i]
		in, over := " in a micro-batch", "over each "+strings.ReplaceAll(g.Scope, "_", "-")
		switch {
		case g.Windowed():
			in, over = " (each window measured once, in the micro-batch that writes it final)", "over each event-time window"
		case g.Rolling():
			in, over = ", checked in every micro-batch", "at each micro-batch" // the condition names the span
		}
		gate := DPCSQualityGate{ID: "gate-" + g.Name, Category: "quality-gate",
			Purpose: "quality gate " + g.Name + ": breached when " + g.Condition() + in + gateQueries(pp, g.Name),
			Criteria: []DPCSCriterion{{ID: g.Metric, Type: "expression",
				Expression: "not (" + g.Condition() + "), " + over}},
			OnSuccess: "continue: the micro-batch commits",
			OnFailure: gateOutcome(g)}
		if g.Metric == ir.GateInvalidRatio {
			gate.Placement = DPCSPlacement{Kind: "afterStep", StepID: ValidateStepID(g.Source)}
		} else {
			gate.Placement = DPCSPlacement{Kind: "beforeCompletion"}
			for _, ld := range p.Loads {
				if ld.Asset == g.Load {
					gate.Criteria[0].ContractRef = odcsRef(ld.Contract)
				}
			}
		}
		d.QualityGates = append(d.QualityGates, gate)
	}
}

// gatedOutput is a quarantine gate's planned output and the load it gates.
type gatedOutput struct {
	gate planner.Gate
	out  *planner.GateQuarantine
	load ir.Load
	// query is the gated load's query.
	query *planner.Query
}

// gatedOutputs lists the pipeline's quarantine gates whose output is
// planned, with their loads, in gate order.
func gatedOutputs(pp *planner.PipelinePlan) []gatedOutput {
	var out []gatedOutput
	for _, g := range pp.Gates {
		if g.Quarantine == nil {
			continue
		}
		for i := range pp.Queries {
			if q := &pp.Queries[i]; q.Name == g.Load {
				out = append(out, gatedOutput{gate: g, out: g.Quarantine, load: *q.Sink.Load, query: q})
			}
		}
	}
	return out
}

// dpcsGateOutputs adds the output port and data flow of each quarantine
// gate's output: fed by what the gated load reads, in the load's contract.
func dpcsGateOutputs(m *Model, pp *planner.PipelinePlan, d *DPCSDoc) {
	for _, o := range gatedOutputs(pp) {
		ref := odcsRef(o.out.Contract)
		port := DPCSPort{ID: o.out.Asset, Name: contractName(m, o.out.Contract), ContractRef: ref,
			Purpose: "the rows quality gate " + o.gate.Name + " quarantines from " + o.gate.Load + " when breached"}
		port.Binding = queryBinding(m, o.out.Write())
		d.Interface.Outputs = append(d.Interface.Outputs, port)
		d.DataFlow = append(d.DataFlow, DPCSDataFlow{From: refEndpoint(d, o.load.From), To: "interface.outputs." + o.out.Asset,
			Dataset: o.out.Asset, ContractRef: ref})
	}
}

// gateQueries names the queries that evaluate a gate, "" when unplanned.
func gateQueries(pp *planner.PipelinePlan, name string) string {
	for _, g := range pp.Gates {
		if g.Name == name && len(g.Queries) > 0 {
			return ", measured by queries " + strings.Join(g.Queries, ", ") + " before their sinks commit"
		}
	}
	return ""
}

// gateOutcome says what a breached gate does.
func gateOutcome(g *ir.Gate) string {
	switch g.Action {
	case ir.GateFail:
		return "fail: the micro-batch's sinks do not commit and the run fails (ETL-E750, failure class quality-gate); a restart reads the batch again from the checkpoint"
	case ir.GateQuarantine:
		rows := "the micro-batch's rows"
		if g.Windowed() {
			rows = "the rows of each breached window"
		}
		return "quarantine: " + rows + " go to " + g.Output + " (the load's contract) instead of " + g.Load + ", in the same micro-batch, which commits (ETL-E750)"
	}
	return "warn: the micro-batch commits; the verdict is in its batch line, its events and the run report (ETL-E750)"
}
