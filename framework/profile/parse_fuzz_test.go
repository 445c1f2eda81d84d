package profile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
)

// FuzzParseBind parses arbitrary bytes as a profile and binds a clean
// profile to the example pipeline's IR. Neither may panic or run long (the
// fuzzer reports a hang); every diagnostic carries a documented ETL-P3xx
// code and a message, a parse diagnostic the fuzzed file; each list is
// sorted; the same bytes
// give the same diagnostics; a nil profile comes with an error. The seed
// corpus holds the example profiles, every testdata/broken case and
// testdata/fuzz/FuzzParseBind (the reproducers of issue 14; the inputs past
// MaxBytes and MaxNodes are too large to commit or to mutate: TestSizeLimit
// and TestNodeLimits hold them). Run it with a short -fuzzminimizetime:
// minimizing a profile-sized input for the default minute stalls the run.
func FuzzParseBind(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join(exampleDir, "*.yaml"))
	broken, _ := filepath.Glob("testdata/broken/*.yaml")
	for _, file := range append(seeds, broken...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	doc, known := exampleDoc(), map[string]bool{}
	for _, c := range Codes {
		known[c.Code] = true
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, diags := Parse("fuzz.yaml", data)
		checkDiagnostics(t, "parse", diags, known, "fuzz.yaml")
		if p == nil && !diags.HasErrors() {
			t.Fatalf("no profile and no error:\n%s", render(diags))
		}
		if _, again := Parse("fuzz.yaml", data); !cmp.Equal(diags, again) {
			t.Fatalf("parsing twice differs:\n%s", cmp.Diff(diags, again))
		}
		if p == nil || diags.HasErrors() {
			return
		}
		_, bd := Bind(p, doc, examplePipeline)
		checkDiagnostics(t, "bind", bd, known, "")
	})
}

// checkDiagnostics fails unless every diagnostic has a known code, a
// severity and a message, is placed in file (unless file is ""), and the
// list is sorted.
func checkDiagnostics(t *testing.T, stage string, l diag.List, known map[string]bool, file string) {
	t.Helper()
	for _, d := range l {
		if !known[d.Code] || d.Message == "" || d.Severity == "" || (file != "" && d.Pos.File != file) {
			t.Fatalf("%s: bad diagnostic %+v", stage, d)
		}
	}
	sorted := slices.Clone(l)
	sorted.Sort()
	if !cmp.Equal(l, sorted) {
		t.Fatalf("%s: diagnostics are not sorted:\n%s", stage, render(l))
	}
}
