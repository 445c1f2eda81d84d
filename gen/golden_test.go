package gen

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/internal/golden"
)

// loadModel reads testdata/<case>/model.json.
func loadModel(t testing.TB, dir string) *Model {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "model.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m Model
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("decode %s: %v", dir, err)
	}
	return &m
}

// loaded caches the models of source cases: loading runs the go command.
var loaded sync.Map // dir → *Model

// caseModel reads a case's model: from Go source under input/ through
// goload.Load (cached; callers must not modify it), or from a hand-written
// model.json.
func caseModel(t testing.TB, dir string) *Model {
	t.Helper()
	if m, ok := loaded.Load(dir); ok {
		return m.(*Model)
	}
	m := readCaseModel(t, dir)
	loaded.Store(dir, m)
	return m
}

// readCaseModel reads a case's model without the cache.
func readCaseModel(t testing.TB, dir string) *Model {
	t.Helper()
	input := filepath.Join(dir, "input")
	if _, err := os.Stat(input); err != nil {
		return loadModel(t, dir)
	}
	res, err := goload.Load(context.Background(), input, ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Diagnostics.Err(); err != nil {
		t.Fatalf("case %s: invalid contracts:\n%v", dir, err)
	}
	m, err := FromLoad(res, input)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// caseDirs returns the golden case directories: those with a model.json or an
// input/ package.
func caseDirs(t testing.TB) []string {
	t.Helper()
	var dirs []string
	for _, g := range []string{"testdata/*/model.json", "testdata/*/input"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m {
			dirs = append(dirs, filepath.Dir(p))
		}
	}
	if len(dirs) == 0 {
		t.Fatal("no golden cases")
	}
	sort.Strings(dirs)
	return dirs
}

// generateAll runs every default generator on m, both groups into one set of
// files (their paths do not collide in the test cases).
func generateAll(t testing.TB, m *Model) map[string][]byte {
	t.Helper()
	var sink MemorySink
	var gens []Generator
	_ = Default().Walk(func(g Generator) error { gens = append(gens, g); return nil })
	if _, err := Run(context.Background(), gens, m, &sink); err != nil {
		t.Fatalf("run: %v", err)
	}
	return sink.Files
}

// compareGolden compares got with the files under wantDir, or rewrites them
// under -update. Files under wantDir that were not generated fail the test.
func compareGolden(t *testing.T, wantDir string, got map[string][]byte) {
	t.Helper()
	golden.CheckDir(t, wantDir, got)
}

func TestGolden(t *testing.T) {
	for _, dir := range caseDirs(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			m := caseModel(t, dir)
			if strings.HasSuffix(dir, "_error") {
				compareGolden(t, filepath.Join(dir, "want"), map[string][]byte{"error.txt": runError(t, m)})
				return
			}
			compareGolden(t, filepath.Join(dir, "want"), generateAll(t, m))
		})
	}
}

// runError runs every generator on a model that must fail and returns the
// error text.
func runError(t testing.TB, m *Model) []byte {
	t.Helper()
	var gens []Generator
	_ = Default().Walk(func(g Generator) error { gens = append(gens, g); return nil })
	sink := &MemorySink{}
	_, err := Run(context.Background(), gens, m, sink)
	if err == nil {
		t.Fatal("run succeeded; the case must fail")
	}
	if len(sink.Files) != 0 {
		t.Errorf("a failed run wrote %d files; it must write none", len(sink.Files))
	}
	return []byte(err.Error() + "\n")
}
