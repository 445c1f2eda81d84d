package gen

import (
	"maps"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// htmlInherited is an event-time column a step's input already carries a
// watermark on: the step declares none itself but inherits it from the
// stream it reads.
type htmlInherited struct {
	// Input and Column name the input column, Delay is the watermark's.
	Input, Column, Delay string
	// Step is the upstream step declaring the watermark; "" when unknown.
	Step string
}

// inheritedEventTimes lists, per input of the step bound to another
// step's output, the columns that carry a watermark when they leave that
// step (planner.StepPlan.EventTimes of its plan's root), with the upstream
// step that declared it (from the watermarks of the queries running the
// step).
func inheritedEventTimes(pp *planner.PipelinePlan, sp *planner.StepPlan) []htmlInherited {
	var out []htmlInherited
	for _, b := range sp.Step.Inputs {
		up := stepPlanOf(pp, b.From.Node)
		if up == nil || up == sp || b.From.Port != ir.PortOut {
			continue
		}
		cols := up.EventTimes(up.Step.Plan)
		for _, c := range slices.Sorted(maps.Keys(cols)) {
			out = append(out, htmlInherited{Input: b.Input, Column: c, Delay: cols[c].String(),
				Step: declaringStep(pp, sp.Step.ID, c)})
		}
	}
	return out
}

// stepPlanOf is the plan of step id; nil when id is not a step.
func stepPlanOf(pp *planner.PipelinePlan, id string) *planner.StepPlan {
	for i := range pp.Steps {
		if pp.Steps[i].Step.ID == id {
			return &pp.Steps[i]
		}
	}
	return nil
}

// declaringStep is the step other than step that declares a watermark on
// col in a query running step.
func declaringStep(pp *planner.PipelinePlan, step, col string) string {
	for _, q := range pp.Queries {
		if !slices.Contains(q.Steps, step) {
			continue
		}
		for _, w := range q.Watermarks {
			if w.Column == col && w.Step != step {
				return w.Step
			}
		}
	}
	return ""
}
