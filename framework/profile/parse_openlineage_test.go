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
