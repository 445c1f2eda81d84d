package project

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
)

const corpus = "../planner/testdata/corpus/append_agg_no_watermark/"

// TestLoadReportsEveryLayer: a typo in the profile (an unknown key, an
// unknown plugin) no longer hides the pipeline's own errors: the profile's
// and the planner's diagnostics come back together, and what the profile
// could bind is still checked.
func TestLoadReportsEveryLayer(t *testing.T) {
	data, err := os.ReadFile(corpus + "profile.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "  trigger:", "  triger:", 1)
	bad = strings.Replace(bad, "rejected_order_events: {plugin: delta,", "rejected_order_events: {plugin: deltaa,", 1)
	prof := filepath.Join(t.TempDir(), "profile.yaml")
	if err := os.WriteFile(prof, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Load(context.Background(), Options{IRFile: corpus + "ir.json", Profile: prof})
	if err != nil {
		t.Fatal(err)
	}
	codes := res.Diagnostics.Codes()
	for _, want := range []string{"ETL-P302", "ETL-P307", "ETL-S401"} {
		if !slices.Contains(codes, want) {
			t.Errorf("codes %v: want %s", codes, want)
		}
	}
	if slices.Contains(codes, "ETL-P330") {
		t.Errorf("codes %v: the asset with a bad plugin is reported once (P307), not also as unbound (P330)", codes)
	}
	if res.Model == nil || res.Profile == nil {
		t.Fatal("want a model planned against the profile's parts that parsed")
	}
	if got := res.Model.Pipelines[0].Queries[0].Sink.Plugin; got != "delta" {
		t.Errorf("sink plugin %q: the valid assets are still bound", got)
	}
}

// TestLoadErrors: what cannot be loaded at all is an *Error with one
// coded diagnostic at the file at fault, whose class gives the exit status.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "ir.json")
	if err := os.WriteFile(garbage, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		o         Options
		code, pos string
		want      diag.Class
	}{
		{"missing ir file", Options{IRFile: filepath.Join(dir, "none.json")}, CodeIRUnreadable, filepath.Join(dir, "none.json"), diag.ClassEnvironment},
		{"malformed ir", Options{IRFile: garbage}, CodeBadIR, garbage, diag.ClassInvalidModel},
		{"missing profile", Options{IRFile: corpus + "ir.json", Profile: filepath.Join(dir, "none.yaml")}, CodeProfileUnreadable, filepath.Join(dir, "none.yaml"), diag.ClassEnvironment},
		{"no package", Options{}, CodeNoPipelines, "", diag.ClassInvalidModel},
		{"missing package", Options{Dir: dir, Package: "./pipelines"}, irload.CodeNoModule, dir, diag.ClassEnvironment},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(context.Background(), tt.o)
			var e *Error
			if !errors.As(err, &e) || len(e.Diagnostics) != 1 {
				t.Fatalf("error %v, want an *Error with one diagnostic", err)
			}
			if got := ClassOf(err); got != tt.want {
				t.Errorf("class %d (%v), want %d", got, err, tt.want)
			}
			if d := e.Diagnostics[0]; d.Code != tt.code || d.Pos.File != tt.pos {
				t.Errorf("diagnostic %s, want %s at %s", d, tt.code, tt.pos)
			}
		})
	}
}

// TestNoPipelines: an IR document without pipelines plans to nothing, and
// Load says so with ETL-D216 at the file.
func TestNoPipelines(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.json")
	if err := os.WriteFile(empty, []byte(`{"irVersion": "`+ir.Version+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Load(context.Background(), Options{IRFile: empty})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Diagnostics.Codes(); !slices.Equal(got, []string{CodeNoPipelines}) || res.Diagnostics[0].Pos.File != empty {
		t.Errorf("diagnostics %v, want one %s at %s", res.Diagnostics, CodeNoPipelines, empty)
	}
}
