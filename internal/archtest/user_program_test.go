package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// userProgramBanned are modules and packages the program etlgen builds to
// print a pipeline package's IR (framework/irload: it imports
// framework/etl and the user's package, which imports contracts) must not
// link, each with the reason: that program is relinked after every edit,
// and its link time is what `etlgen validate` costs over a go build.
var userProgramBanned = map[string]string{
	"github.com/go-playground/validator/v10": "4 MB of the program's 7.7 MB: the planner checks parameters' validate tags (planner/params.go)",
	module + "contracts/goload":              "the contract loader (go/packages, go/types) reads Go source for etlgen; contracts.FromSource is its entry",
	"golang.org/x/tools/go/packages":         "the contract loader's (contracts/goload); with go/types 0.66 MB of the example program's 3.56 MB",
	"go/types":                               "the contract loader's type check (contracts/goload)",
}

// TestUserProgramDeps: framework/etl and contracts, all the IR program
// imports of etlgen (the user's package imports contracts), do not depend
// on a banned module or package.
func TestUserProgramDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", module+"framework/etl", module+"contracts").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for banned, why := range userProgramBanned {
			if dep == banned || strings.HasPrefix(dep, banned+"/") {
				t.Errorf("framework/etl or contracts depends on %s: %s", dep, why)
			}
		}
	}
}
