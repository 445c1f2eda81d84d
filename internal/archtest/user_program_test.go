package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// userProgramBanned are modules the program etlgen builds to print a
// pipeline package's IR (framework/irload: it imports framework/etl and
// the user's package) must not link, each with the reason: that program is
// relinked after every edit, and its link time is what `etlgen validate`
// costs over a go build.
var userProgramBanned = map[string]string{
	"github.com/go-playground/validator/v10": "4 MB of the program's 7.7 MB: the planner checks parameters' validate tags (planner/params.go)",
}

// TestUserProgramDeps: framework/etl, all the IR program imports of
// etlgen, does not depend on a banned module.
func TestUserProgramDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", module+"framework/etl").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for banned, why := range userProgramBanned {
			if dep == banned || strings.HasPrefix(dep, banned+"/") {
				t.Errorf("framework/etl depends on %s: %s", dep, why)
			}
		}
	}
}
