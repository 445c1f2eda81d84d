package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestCorpusUpToDate regenerates both corpora into a temporary directory and
// fails on every committed file that differs from what the case tables write
// today, and on every committed case directory no table names: a planner change
// that alters a case's manifest (against.json) or verdict (case.json) must be
// followed by `go run ./planner/testdata/corpusgen`. Files the generator does
// not write (READMEs, Spark's recorded verdicts) are not compared.
func TestCorpusUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	tmp := t.TempDir()
	corpus, spark := filepath.Join(tmp, "corpus"), filepath.Join(tmp, "spark")
	// Run as a developer does: a test binary would record this package's
	// import path where the command records "main" (the DSL's positions).
	cmd := exec.Command("go", "run", ".", "-o", corpus, "-spark", spark)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./planner/testdata/corpusgen: %v\n%s", err, out)
	}
	for gen, committed := range map[string]string{corpus: "../corpus", spark: "../spark"} {
		compareTree(t, gen, committed)
	}
}

// compareTree fails on every file under gen whose copy under committed is
// missing or differs, and on every case directory (one with an ir.json) of
// committed that gen lacks.
func compareTree(t *testing.T, gen, committed string) {
	t.Helper()
	err := filepath.WalkDir(gen, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(gen, path)
		want, _ := os.ReadFile(path)
		got, rerr := os.ReadFile(filepath.Join(committed, rel))
		switch {
		case rerr != nil:
			t.Errorf("%s: not committed (run go run ./planner/testdata/corpusgen)", filepath.Join(committed, rel))
		case !bytes.Equal(got, want):
			t.Errorf("%s: stale (run go run ./planner/testdata/corpusgen)", filepath.Join(committed, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	genDirs, _ := os.ReadDir(gen)
	var names []string
	for _, e := range genDirs {
		names = append(names, e.Name())
	}
	have, err := os.ReadDir(committed)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range have {
		if _, err := os.Stat(filepath.Join(committed, e.Name(), "ir.json")); err != nil {
			continue // not a case: the recorded events, a README
		}
		if !slices.Contains(names, e.Name()) {
			t.Errorf("%s: no case writes it (drop it, or restore its case)", filepath.Join(committed, e.Name()))
		}
	}
}
