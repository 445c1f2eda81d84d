package gen

import (
	"testing"

	"github.com/etlgen/etlgen/planner"
)

// TestOutputModeOnStatefulStep: the output mode is on the step that owns
// the stateful operator, in DTCS, DPCS and HTML alike, and a stateless
// step upstream of it in the same query has none.
func TestOutputModeOnStatefulStep(t *testing.T) {
	tests := []struct {
		dir, step, mode, query string
	}{
		{"testdata/pipeline_session_after_join", "enrich-orders", "", ""},
		{"testdata/pipeline_session_after_join", "customer-sessions", "append", "customer_sessions"},
		{"testdata/pipeline_static_join", "enrich", "", ""},
		{"testdata/pipeline_bound", "aggregate-customer-orders", "update", "customer_order_windows"},
		{"testdata/pipeline_unbound", "aggregate-customer-orders", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.dir+"/"+tt.step, func(t *testing.T) {
			m := pipelineModel(t, tt.dir)
			pp := &m.Plan.Pipelines[0]
			sp, ok := pp.StepPlan(tt.step)
			if !ok {
				t.Fatalf("no step %s", tt.step)
			}
			if tt.mode != "" && (sp.OutputMode != tt.mode || sp.StateQuery != tt.query) {
				t.Errorf("StepPlan: mode %q in query %q, want %q in %q", sp.OutputMode, sp.StateQuery, tt.mode, tt.query)
			}
			if got := DTCSOf(m, sp.Transformation).Semantics.OutputMode; got != tt.mode {
				t.Errorf("DTCS outputMode = %q, want %q", got, tt.mode)
			}
			if got := dpcsStepMode(DPCSOf(m, pp), tt.step); got != tt.mode+tt.query {
				t.Errorf("DPCS x-etlgen-state = %q, want %q", got, tt.mode+tt.query)
			}
			if got := htmlStepMode(m, pp, tt.step); got != tt.mode+tt.query {
				t.Errorf("HTML step = %q, want %q", got, tt.mode+tt.query)
			}
		})
	}
}

func dpcsStepMode(d DPCSDoc, step string) string {
	for _, s := range d.Steps {
		if s.ID == step && s.State != nil {
			return s.State.OutputMode + s.State.Query
		}
	}
	return ""
}

func htmlStepMode(m *Model, pp *planner.PipelinePlan, step string) string {
	for _, s := range htmlSteps(m, pp) {
		if s.ID == step {
			return s.Semantics.OutputMode + s.StateQuery
		}
	}
	return "?"
}
