package planner_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestQuarantine plans the sensor readings of the pyspark golden case
// expect_quarantine: its expectation battery_ok quarantines to
// held_readings, which the plan shows; a load of quarantined rows nothing
// quarantines, a quarantine whose rows no load writes, an output that
// merges or lacks a reason column are refused at their position.
func TestQuarantine(t *testing.T) {
	dir := filepath.Join("..", "pyspark", "testdata", "expect_quarantine")
	held := func(d *ir.Document) *ir.Load {
		i := slices.IndexFunc(d.Pipelines[0].Loads, func(l ir.Load) bool { return l.Asset == "held_readings" })
		return &d.Pipelines[0].Loads[i]
	}
	battery := func(d *ir.Document) *ir.Expectation {
		i := slices.IndexFunc(d.Pipelines[0].Expectations, func(e ir.Expectation) bool { return e.Name == "battery_ok" })
		return &d.Pipelines[0].Expectations[i]
	}
	tests := []struct {
		name    string
		edit    func(d *ir.Document)
		profile func(string) string
		code    string
		at      func(d *ir.Document) diag.Position
	}{
		{name: "planned"},
		{name: "quarantined rows nothing quarantines", edit: func(d *ir.Document) { battery(d).Action = ir.ExpectDrop },
			code: planner.CodeQuarantineRoute, at: func(d *ir.Document) diag.Position { return held(d).Pos }},
		{name: "quarantine without its load", edit: func(d *ir.Document) {
			d.Pipelines[0].Loads = slices.DeleteFunc(d.Pipelines[0].Loads, func(l ir.Load) bool { return l.Asset == "held_readings" })
		}, profile: func(y string) string {
			return strings.Replace(y, "  held_readings: {plugin: delta, table: sensors.held_readings, write_mode: append}\n", "", 1)
		}, code: planner.CodeQuarantineRoute, at: func(d *ir.Document) diag.Position { return battery(d).Pos }},
		{name: "output without observed_at", edit: func(d *ir.Document) {
			for i := range d.Contracts {
				if c := &d.Contracts[i]; c.ID == "held-reading" {
					c.Fields = slices.DeleteFunc(c.Fields, func(f contracts.Field) bool { return f.Name == "observed_at" })
				}
			}
		}, code: planner.CodeQuarantineOutput, at: func(d *ir.Document) diag.Position { return held(d).Pos }},
		{name: "stream with a reason column's name", edit: func(d *ir.Document) {
			src := d.Pipelines[0].Extracts[0].Contract
			for i := range d.Contracts {
				if c := &d.Contracts[i]; c.ID == src {
					f := c.Fields[0]
					f.Name = "pipeline_id"
					c.Fields = append(c.Fields, f)
				}
			}
		}, code: planner.CodeQuarantineClash, at: func(d *ir.Document) diag.Position { return held(d).Pos }},
		{name: "output that merges", profile: func(y string) string {
			return strings.Replace(y, "held_readings, write_mode: append}", "held_readings, write_mode: foreach-batch-merge, merge_keys: [reading_id]}", 1)
		}, code: planner.CodeQuarantineOutput, at: func(d *ir.Document) diag.Position { return held(d).Pos }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
			if err != nil {
				t.Fatal(err)
			}
			if tc.edit != nil {
				tc.edit(doc)
			}
			yaml := string(mustRead(t, filepath.Join(dir, "profile.yaml")))
			if tc.profile != nil {
				yaml = tc.profile(yaml)
			}
			prof, pd := profile.Parse("profile.yaml", []byte(yaml))
			if pd.HasErrors() {
				t.Fatalf("profile: %v", pd)
			}
			m, diags := planner.Plan(doc, prof, planner.Options{})
			var errs diag.List
			for _, d := range diags {
				if d.Severity == diag.Error {
					errs = append(errs, d)
				}
			}
			if tc.code != "" {
				// (a merging sink has its own checks too: ETL-P337)
				if got := slices.DeleteFunc(errs, func(d diag.Diagnostic) bool { return d.Code != tc.code }); len(got) != 1 || got[0].Pos != tc.at(doc) {
					t.Fatalf("errors %v, want one %s at %v", diags, tc.code, tc.at(doc))
				}
				return
			}
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			pp := m.Pipelines[0]
			i := slices.IndexFunc(pp.Expectations, func(e planner.Expectation) bool { return e.Name == "battery_ok" })
			if got := pp.Expectations[i].ActionText(); got != "quarantine to held_readings" {
				t.Errorf("battery_ok acts %q, want quarantine to held_readings", got)
			}
			q, _ := pp.Query("held_readings")
			if q.Branch != ir.PortQuarantine || len(q.Expectations) != 0 || q.OutputMode != profile.OutputAppend {
				t.Errorf("query held_readings: branch %s, expectations %v, mode %s; want quarantine rows, none counted, append", q.Branch, q.Expectations, q.OutputMode)
			}
			if r, _ := pp.Query("readings"); len(r.Expectations) != 4 {
				t.Errorf("query readings counts %d expectations, want 4", len(r.Expectations))
			}
			if !strings.Contains(m.Text(), "-> quarantine to held_readings") {
				t.Errorf("the plan's text does not show the quarantine output:\n%s", m.Text())
			}
		})
	}
}
