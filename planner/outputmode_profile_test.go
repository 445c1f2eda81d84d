package planner_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestProfileOutputMode: a sink's output_mode in the profile forces the
// query's output mode exactly as Options.OutputModes (the CLI's
// --output-mode) does, and the option wins over the profile.
func TestProfileOutputMode(t *testing.T) {
	const (
		query = "customer_order_windows"
		merge = "write_mode: foreach-batch-merge,"
	)
	tests := []struct {
		name       string
		profileSet string // output_mode of the customer_order_windows sink; "" leaves it out
		option     string // Options.OutputModes[query]; "" leaves it out
		wantMode   string
		wantReason string
	}{
		{name: "inferred", wantMode: "update", wantReason: "aggregation into a foreachBatch MERGE sink"},
		{name: "profile forces", profileSet: "complete", wantMode: "complete", wantReason: "forced by the profile's output_mode"},
		{name: "profile forces append", profileSet: "append", wantMode: "append", wantReason: "forced by the profile's output_mode"},
		{name: "option forces", option: "complete", wantMode: "complete", wantReason: "forced by --output-mode"},
		{name: "option wins over profile", profileSet: "complete", option: "update", wantMode: "update", wantReason: "forced by --output-mode"},
	}
	dir := filepath.Join("testdata", "corpus", "ok_example")
	doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
	if err != nil {
		t.Fatal(err)
	}
	base := string(mustRead(t, filepath.Join(dir, "profile.yaml")))
	if !strings.Contains(base, merge) {
		t.Fatalf("the ok_example profile has no %q", merge)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := base
			if tc.profileSet != "" {
				src = strings.Replace(src, merge, merge+" output_mode: "+tc.profileSet+",", 1)
			}
			prof, pd := profile.Parse("profile.yaml", []byte(src))
			if pd.HasErrors() {
				t.Fatalf("profile: %v", pd)
			}
			if a, _ := prof.Asset(query); a.String(profile.OutputModeOption) != tc.profileSet {
				t.Fatalf("parsed output_mode %q, want %q", a.String(profile.OutputModeOption), tc.profileSet)
			}
			var opts planner.Options
			if tc.option != "" {
				opts.OutputModes = map[string]string{query: tc.option}
			}
			m, diags := planner.Plan(doc, prof, opts)
			if diags.HasErrors() {
				t.Fatalf("plan: %v", diags)
			}
			var found bool
			for _, p := range m.Pipelines {
				for _, q := range p.Queries {
					if q.Name != query {
						continue
					}
					found = true
					if q.OutputMode != tc.wantMode || !strings.Contains(q.OutputModeReason, tc.wantReason) {
						t.Errorf("output mode %s (%s), want %s (%s)", q.OutputMode, q.OutputModeReason, tc.wantMode, tc.wantReason)
					}
				}
			}
			if !found {
				t.Fatalf("no query %s in the plan", query)
			}
		})
	}
}

// TestProfileOutputModeIsChecked: a mode the profile forces goes through the
// same streaming rules as one forced on the command line.
func TestProfileOutputModeIsChecked(t *testing.T) {
	dir := filepath.Join("testdata", "corpus", "ok_example")
	doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
	if err != nil {
		t.Fatal(err)
	}
	base := string(mustRead(t, filepath.Join(dir, "profile.yaml")))
	const late = "late_order_events: {plugin: delta, table: quarantine.late_order_events, write_mode: foreach-batch-merge,"
	src := strings.Replace(base, "late_order_events: {plugin: delta, table: quarantine.late_order_events, write_mode: append}",
		late+" merge_keys: [event_id], output_mode: complete}", 1)
	if src == base {
		t.Fatal("the ok_example profile changed; update the test")
	}
	for _, tc := range []struct {
		name string
		prof string
		opts planner.Options
	}{
		{"profile", src, planner.Options{}},
		{"option", base, planner.Options{OutputModes: map[string]string{"late_order_events": "complete"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prof, pd := profile.Parse("profile.yaml", []byte(tc.prof))
			if pd.HasErrors() {
				t.Fatalf("profile: %v", pd)
			}
			_, diags := planner.Plan(doc, prof, tc.opts)
			if !strings.Contains(strings.Join(diags.Codes(), " "), planner.CodeCompleteNoAgg) {
				t.Errorf("complete mode on a projection: codes %v, want %s", diags.Codes(), planner.CodeCompleteNoAgg)
			}
		})
	}
}
