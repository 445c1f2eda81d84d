package archtest

import (
	"encoding/json"
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
// of its own rank only when sideways lists the pair. The arrows are
// contracts → framework → planner → project → engines and generators →
// testkit and run → CLI; pipeline packages (examples, e2e) are user code
// on top.
var layers = []struct {
	prefix string
	rank   int
}{
	{"diag", 0},
	{"internal/filelock", 0},
	{"contracts/internal", 1},
	{"contracts/regex", 1},
	{"contracts", 2},
	{"contracts/sparksql", 3},
	{"framework/ir", 4},
	{"framework", 5},
	{"planner", 6},
	{"project", 7},
	{"pyspark", 8},
	{"testkit/engine", 8},
	{"gen", 9},
	{"testkit", 10},
	{"run", 10},
	{"internal", 11},
	{"cmd", 12},
	{"examples", 13},
	{"e2e", 13},
	{"scripts/bench", 14}, // the bench's variants of the example pipelines
}

// sideways lists the imports allowed within one rank or against the
// ranking, each with its reason.
var sideways = map[[2]string]string{
	{"pyspark", "pyspark/doctor"}:                                 "",
	{"testkit/conformance", "examples/order-streaming"}:           "the conformance scenarios run the example pipelines on both engines",
	{"testkit/conformance", "examples/order-payments"}:            "the conformance scenarios run the example pipelines on both engines",
	{"testkit/conformance", "examples/customer-cdf"}:              "the conformance scenarios run the example pipelines on both engines",
	{"testkit/conformance/spark41", "examples/order-payments"}:    "the Spark 4.1 scenarios' pipelines read the example's order contract",
	{"testkit/conformance/spark41", "examples/order-streaming"}:   "the repartition scenario's pipeline reads the example's order events and windows",
	{"testkit/conformance", "examples/order-status"}:              "the conformance scenarios run the example pipelines on both engines",
	{"testkit/conformance/dimension", "examples/order-streaming"}: "the static-dimension scenario's pipeline reads the example's order events",
	{"testkit/conformance/multisink", "examples/order-streaming"}: "the multi-sink scenario's pipeline loads the example's windows and rejected events twice",
}

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
		from := strings.TrimPrefix(p.ImportPath, module)
		_, fr := rankOf(from)
		if fr < 0 {
			t.Errorf("package %s is in no layer: add it to layers", from)
			continue
		}
		for _, imp := range p.Imports {
			to, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if _, tr := rankOf(to); tr >= fr && !allowed(from, to) {
				t.Errorf("%s (rank %d) imports %s (rank %d): imports point down the layers (contracts → framework → planner → project → engines/gen → testkit → cli)", from, fr, to, tr)
			}
		}
	}
	if n < 20 {
		t.Fatalf("go list gave %d packages; want the whole module", n)
	}
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
		"planner": 6, "pyspark/doctor": 8, "gen": 9, "testkit/conformance": 10, "internal/cli": 11, "nowhere": -1,
	} {
		if _, got := rankOf(pkg); got != want {
			t.Errorf("rankOf(%s) = %d, want %d", pkg, got, want)
		}
	}
}
