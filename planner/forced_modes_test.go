package planner_test

import (
	"slices"
	"testing"

	"github.com/etlgen/etlgen/planner"
)

// TestForcedModes: a forced output mode that is no output mode, or names
// no query, is ETL-S428 with a did-you-mean, and nothing else is reported
// about it (the query's mode is inferred).
func TestForcedModes(t *testing.T) {
	tests := []struct {
		name  string
		modes map[string]string
		codes []string
		hint  string
	}{
		{name: "valid", modes: map[string]string{"customer_order_windows": "update"}, codes: []string{}},
		{name: "misspelt mode", modes: map[string]string{"customer_order_windows": "updte"},
			codes: []string{planner.CodeForcedMode}, hint: `use append, update or complete; did you mean "update"?`},
		{name: "misspelt query", modes: map[string]string{"customer_order_window": "update"}, codes: []string{planner.CodeForcedMode},
			hint: `name a query (the asset a pipeline loads): customer_order_windows, rejected_order_events, late_order_events; did you mean "customer_order_windows"?`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := corpusFixture(t, "ok_example", modesDropped)
			f.opts.OutputModes = tc.modes
			l := f.plan(t)
			if codes := sortedCodes(l); !slices.Equal(codes, tc.codes) {
				t.Fatalf("codes %v, want %v\n%s", codes, tc.codes, diagText(l))
			}
			if tc.hint != "" && l[0].Hint != tc.hint {
				t.Errorf("hint %q, want %q", l[0].Hint, tc.hint)
			}
		})
	}
}
