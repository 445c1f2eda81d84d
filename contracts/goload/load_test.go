package goload

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/internal/golden"
)

// loadCasesDir holds one directory per Load golden case: a Go package, or a
// file named "source" with the directory to load (relative to the case). A
// case whose name ends in _error must report error diagnostics, written to
// want.diagnostics; the others must not, and their result is want.json.
const loadCasesDir = "../testdata/load"

func TestLoadGolden(t *testing.T) {
	entries, err := os.ReadDir(loadCasesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			runLoadCase(t, filepath.Join(loadCasesDir, e.Name()))
		})
	}
}

func runLoadCase(t *testing.T, dir string) {
	src := dir
	if b, err := os.ReadFile(filepath.Join(dir, "source")); err == nil {
		src = filepath.Join(dir, strings.TrimSpace(string(b)))
	}
	abs, err := filepath.Abs(src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Load(context.Background(), abs)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	res.RelativeTo(abs)
	if strings.HasSuffix(dir, "_error") {
		if !res.Diagnostics.HasErrors() {
			t.Errorf("want error diagnostics, got none")
		}
		golden.Check(t, filepath.Join(dir, "want.diagnostics"), []byte(diagnosticsText(res)))
		return
	}
	if res.Diagnostics.HasErrors() {
		t.Errorf("unexpected error diagnostics:\n%s", diagnosticsText(res))
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join(dir, "want.json"), append(b, '\n'))
}

func diagnosticsText(res *contracts.LoadResult) string {
	var b strings.Builder
	for _, d := range res.Diagnostics {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestLoadExample loads the order-streaming example: four contracts, no
// diagnostics at all.
func TestLoadExample(t *testing.T) {
	res, err := Load(context.Background(), "../../examples/order-streaming")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 0 {
		t.Errorf("want no diagnostics, got:\n%s", diagnosticsText(res))
	}
	var ids []string
	for _, c := range res.Contracts {
		ids = append(ids, c.ID)
	}
	want := []string{"customer-order-window", "late-order-event", "order-event", "rejected-order-event"}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("contract ids (-want +got):\n%s", diff)
	}
	if len(res.Packages) != 1 || len(res.Packages[0].Types) != 4 {
		t.Errorf("want one package declaring 4 contracts, got %+v", res.Packages)
	}
}

func TestLoadBadPattern(t *testing.T) {
	res, err := Load(context.Background(), t.TempDir(), "./does-not-exist")
	if err == nil && !res.Diagnostics.HasErrors() {
		t.Errorf("want an error or error diagnostics for a missing package")
	}
}
