package archtest

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/etlgen/etlgen/"

// layers ranks etlgen's packages (path prefixes relative to the module,
// longest match wins): a package may import a package of a lower rank, or
// of its own layer (same prefix), or a pair sideways lists. The arrows are
// contracts → framework → planner → project → engines and the generator
// (localengine, with its file lock; pyspark, with its event-line schema) →
// the plugins (plugins/<name>: each registers its spec and its parts of
// both engines; plugins/all lists them) → the Spark runner and the other generators (sparkrun, gen) → testkit and
// run → CLI; pipeline packages are user code on top: the examples, e2e, the
// conformance suite's own pipelines (which read the examples' contracts)
// and the suite that binds the conformance table to its pipelines.
var layers = []struct {
	prefix string
	rank   int
}{
	{"diag", 0},
	{"contracts/internal", 1},
	{"contracts/regex", 1},
	{"contracts", 2},
	{"contracts/sparksql", 3},
	{"contracts/goload", 3},
	{"framework/ir", 4},
	{"framework", 5},
	{"planner", 6},
	{"project", 7},
	{"pyspark", 8},
	{"localengine", 8},
	{"plugins", 9},
	{"sparkrun", 10},
	{"gen", 10},
	{"testkit", 11},
	{"run", 11},
	{"internal", 12},
	{"cmd", 13},
	{"examples", 14},
	{"e2e", 14},
	{"testkit/conformance/dimension", 15},
	{"testkit/conformance/expectcounts", 15},
	{"testkit/conformance/multisink", 15},
	{"testkit/conformance/spark41", 15},
	{"testkit/conformance/suite", 16},
	{"scripts/bench", 15}, // the bench's variants of the example pipelines
}

// sideways lists the imports allowed within one rank across layers, or
// against the ranking, each with its reason. None is needed today: keep
// it for a real sideways pair, never for an upward arrow.
var sideways = map[[2]string]string{}

// rankOf returns the layer (longest matching prefix) and rank of a
// module-relative package path; rank -1 when no layer matches.
func rankOf(pkg string) (string, int) {
	best, rank := "", -1
	for _, l := range layers {
		if (pkg == l.prefix || strings.HasPrefix(pkg, l.prefix+"/")) && len(l.prefix) > len(best) {
			best, rank = l.prefix, l.rank
		}
	}
	return best, rank
}

type listed struct {
	ImportPath string
	Imports    []string
}

// TestArrows lists every package of the module with `go list` and checks
// each of its (non-test) imports of another etlgen package against the
// layers.
func TestArrows(t *testing.T) {
	touchSources(t)
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", module+"...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	n := 0
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("decode go list: %v", err)
		}
		n++
		for _, v := range violations(p) {
			t.Error(v)
		}
	}
	if n < 20 {
		t.Fatalf("go list gave %d packages; want the whole module", n)
	}
}

// violations are the faults of package p against the layers: no layer, or
// an import of an etlgen package that does not point down.
func violations(p listed) []string {
	from := strings.TrimPrefix(p.ImportPath, module)
	_, fr := rankOf(from)
	if fr < 0 {
		return []string{fmt.Sprintf("package %s is in no layer: add it to layers", from)}
	}
	var out []string
	for _, imp := range p.Imports {
		to, ok := strings.CutPrefix(imp, module)
		if !ok {
			continue
		}
		if _, tr := rankOf(to); tr >= fr && !allowed(from, to) {
			out = append(out, fmt.Sprintf("%s (rank %d) imports %s (rank %d): imports point down the layers (contracts → framework → planner → project → engines/generator → plugins → runner/gen → testkit/run → cli → pipelines)", from, fr, to, tr))
		}
	}
	return out
}

// touchSources stats every Go file of the module, so that the go command's
// test cache, which does not see what `go list` reads, reruns the test
// when a package or an import changes (it keys a cached result on the
// files a test stats).
func touchSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != "../.." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules"):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(p, ".go"):
			_, err := os.Stat(p)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk the module: %v", err)
	}
}

// allowed reports whether from may import to against the ranking: peers
// of one layer (e.g. framework/etl → framework/ir is ranked, but e2e/cmd →
// e2e/orders are peers), or a pair sideways lists.
func allowed(from, to string) bool {
	if _, ok := sideways[[2]string{from, to}]; ok {
		return true
	}
	fp, _ := rankOf(from)
	tp, _ := rankOf(to)
	return fp == tp
}

// TestRankOf pins the layer lookup.
func TestRankOf(t *testing.T) {
	for pkg, want := range map[string]int{
		"diag": 0, "contracts": 2, "contracts/sparksql": 3, "framework/ir": 4, "framework/etl": 5,
		"planner": 6, "pyspark/events": 8, "localengine/filelock": 8, "plugins/rate": 9, "plugins/all": 9,
		"sparkrun/doctor": 10, "gen": 10, "testkit/conformance": 11, "internal/cli": 12, "examples/order-streaming": 14,
		"testkit/conformance/spark41": 15, "testkit/conformance/suite": 16, "nowhere": -1,
	} {
		if _, got := rankOf(pkg); got != want {
			t.Errorf("rankOf(%s) = %d, want %d", pkg, got, want)
		}
	}
}

// TestViolations proves the check fails on an upward arrow: the arrows
// this issue removed, put back, and others that would climb the house.
func TestViolations(t *testing.T) {
	for _, c := range []struct {
		from, to string
		bad      bool
	}{
		{"sparkrun", "pyspark", false},         // the runner reads the generator
		{"pyspark", "sparkrun", true},          // the generator starts no process
		{"pyspark", "pyspark/events", false},   // one layer
		{"run", "localengine/filelock", false}, // the lease locks files from above
		{"localengine", "localengine/filelock", false},
		{"localengine", "run", true},
		{"localengine", "testkit", true},       // the engine is not the test toolkit's
		{"pyspark", "plugins/rate", true},      // an engine names no plugin
		{"plugins/rate", "localengine", false}, // a plugin registers its engine parts
		{"plugins/all", "plugins/rate", false}, // one layer
		{"plugins/deltacdf", "plugins/delta", false},
		{"testkit/conformance", "examples/order-streaming", true},
		{"testkit/conformance", "testkit/conformance/spark41", true},
		{"testkit/conformance/spark41", "examples/order-payments", false},
		{"testkit/conformance/suite", "testkit/conformance/spark41", false},
		{"gen", "sparkrun", true}, // one rank, two layers
		{"examples/order-status", "examples/order-streaming", false},
		{"newpkg", "diag", true}, // in no layer
	} {
		got := violations(listed{ImportPath: module + c.from, Imports: []string{module + c.to, "fmt"}})
		if bad := len(got) > 0; bad != c.bad {
			t.Errorf("%s → %s: violations %q, want bad %v", c.from, c.to, got, c.bad)
		}
	}
}
