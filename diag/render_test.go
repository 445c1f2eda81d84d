package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func sample() List {
	return List{
		{Code: "ETL-S401", Severity: Error, Pos: Position{File: "pipeline.go", Line: 12, Column: 3}, Path: "p/step/aggregate", Message: "no watermark", Hint: "add one"},
		{Code: "ETL-S421", Severity: Warning, Pos: Position{File: "pipeline.go", Line: 14}, Message: "unbounded"},
		{Code: "ETL-X690", Severity: Note, Message: "compatible"},
	}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, sample()); err != nil {
		t.Fatal(err)
	}
	want := "pipeline.go:12:3: ETL-S401: no watermark [p/step/aggregate]\n\thint: add one\n" +
		"pipeline.go:14: ETL-S421: unbounded (warning)\n" +
		"-: ETL-X690: compatible (note)\n" +
		"1 error, 1 warning, 1 note\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	b.Reset()
	if err := WriteText(&b, nil); err != nil || b.Len() != 0 {
		t.Errorf("empty list wrote %q, %v", b.String(), err)
	}
}

func TestWriteJSON(t *testing.T) {
	tests := []struct {
		name      string
		l         List
		count     int
		hasErrors bool
	}{
		{"sample", sample(), 3, true},
		{"empty", nil, 0, false},
		{"warnings only", sample()[1:], 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteJSON(&b, tt.l); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Diagnostics []Diagnostic `json:"diagnostics"`
				HasErrors   bool         `json:"hasErrors"`
			}
			if err := json.Unmarshal(b.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Diagnostics) != tt.count || got.HasErrors != tt.hasErrors || got.Diagnostics == nil {
				t.Errorf("got %d diagnostics, hasErrors %t; want %d, %t", len(got.Diagnostics), got.HasErrors, tt.count, tt.hasErrors)
			}
		})
	}
}

// TestWriteSARIF checks the SARIF 2.1.0 shape code-scanning services need:
// version, one run, a rule per code, levels, locations and regions.
func TestWriteSARIF(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSARIF(&b, sample()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation *struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || log.Schema != SARIFSchema || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "etlgen" {
		t.Fatalf("bad header: %s", b.String())
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 3 || len(run.Results) != 3 {
		t.Fatalf("got %d rules, %d results; want 3, 3", len(run.Tool.Driver.Rules), len(run.Results))
	}
	var levels []string
	for _, r := range run.Results {
		levels = append(levels, r.Level)
	}
	if diff := cmp.Diff([]string{"error", "warning", "note"}, levels); diff != "" {
		t.Errorf("levels (-want +got):\n%s", diff)
	}
	first := run.Results[0].Locations[0].PhysicalLocation
	if first == nil || first.ArtifactLocation.URI != "pipeline.go" || first.Region == nil || first.Region.StartLine != 12 {
		t.Errorf("first location = %+v", first)
	}
	if len(run.Results[2].Locations) != 0 {
		t.Errorf("a diagnostic without position or path has locations: %+v", run.Results[2].Locations)
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"human": FormatHuman, "": FormatHuman, "text": FormatHuman, "json": FormatJSON, "sarif": FormatSARIF} {
		if got, err := ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), "xml") {
		t.Errorf("ParseFormat(xml) error = %v", err)
	}
}
