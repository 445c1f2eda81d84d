package profile

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/etlgen/etlgen/diag"
)

// TestParseOpenLineage: execution.openlineage with its defaults (namespace
// none: the run uses the profile's name; timeout 5s), the file resolved
// against the profile's directory.
func TestParseOpenLineage(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       *OpenLineage
	}{
		{"none", "", nil},
		{"file", "  openlineage: {file: out/lineage.jsonl}\n", &OpenLineage{File: filepath.Join("/p", "out/lineage.jsonl"), Timeout: 5 * time.Second}},
		{"url", "  openlineage: {url: \"http://127.0.0.1:5000/api/v1/lineage\", api_key_env: OL_KEY, namespace: prod, timeout: 2s}\n",
			&OpenLineage{URL: "http://127.0.0.1:5000/api/v1/lineage", APIKeyEnv: "OL_KEY", Namespace: "prod", Timeout: 2 * time.Second}},
		{"budget", "  openlineage: {url: \"http://127.0.0.1:5000\", timeout: 1m, budget: 10m}\n",
			&OpenLineage{URL: "http://127.0.0.1:5000", Timeout: time.Minute, Budget: 10 * time.Minute}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "name: p\nengine: local\nexecution:\n  checkpoint_root: /tmp/ck\n" + tt.yaml
			p, diags := Parse("/p/profile.yaml", []byte(src))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if diff := cmp.Diff(tt.want, p.Execution().OpenLineage, cmpopts.IgnoreTypes(diag.Position{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseOpenLineageBounds: a timeout or budget above its maximum (or
// not a positive duration) is refused with its path, so that an endpoint
// cannot hold a run's end for hours.
func TestParseOpenLineageBounds(t *testing.T) {
	tests := []struct{ yaml, code, path string }{
		{"timeout: 100000h", CodeBadValue, "execution.openlineage.timeout"},
		{"timeout: 61s", CodeBadValue, "execution.openlineage.timeout"},
		{"budget: 11m", CodeBadValue, "execution.openlineage.budget"},
		{"budget: 0s", CodeBadDuration, "execution.openlineage.budget"},
		{"budgt: 1m", CodeUnknownKey, "execution.openlineage.budgt"},
	}
	for _, tt := range tests {
		t.Run(tt.yaml, func(t *testing.T) {
			src := "name: p\nengine: local\nexecution:\n  checkpoint_root: /tmp/ck\n  openlineage: {file: l.jsonl, " + tt.yaml + "}\n"
			_, diags := Parse("/p/profile.yaml", []byte(src))
			found := false
			for _, d := range diags {
				found = found || d.Code == tt.code && d.Path == tt.path && d.Pos.Line == 5
			}
			if !found {
				t.Errorf("diagnostics %v; want %s at %s on line 5", diags, tt.code, tt.path)
			}
		})
	}
}
