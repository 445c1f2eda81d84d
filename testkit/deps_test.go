package testkit_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies keeps the arrows honest: testkit depends on framework
// and planner, never on gen or pyspark.
func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/etlgen/etlgen/testkit/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/etlgen/etlgen/gen", "github.com/etlgen/etlgen/pyspark", "github.com/etlgen/etlgen/internal/cli"} {
			if dep == banned || strings.HasPrefix(dep, banned+"/") {
				t.Errorf("testkit depends on %s", dep)
			}
		}
	}
}
