package irload_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection keeps the layer arrows honest: the framework packages
// never import the planner, the generators, the engines or the CLI.
func TestImportDirection(t *testing.T) {
	pkgs := []string{"../etl", "../ir", "../infer", "."}
	out, err := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"/planner", "/gen", "/pyspark", "/testkit", "/internal/cli"} {
			if strings.HasPrefix(dep, "github.com/etlgen/etlgen"+banned) {
				t.Errorf("framework imports %s", dep)
			}
		}
	}
}
