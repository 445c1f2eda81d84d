package planner_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

// TestCorpus plans every case under testdata/corpus (written by
// testdata/corpusgen) and checks that it reports exactly the codes of its
// want.codes: broken pipelines and profiles, each with the problems it must
// produce, and ok_* cases that must produce none.
func TestCorpus(t *testing.T) {
	dirs, err := filepath.Glob("testdata/corpus/*/want.codes")
	if err != nil {
		t.Fatal(err)
	}
	for i := range dirs {
		dirs[i] = filepath.Dir(dirs[i])
	}
	if len(dirs) < 30 {
		t.Fatalf("corpus has %d cases, want at least 30", len(dirs))
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			got := planCase(t, dir)
			want := readCodes(t, filepath.Join(dir, "want.codes"))
			if diff := cmp.Diff(want, sortedCodes(got)); diff != "" {
				t.Errorf("codes (-want +got):\n%s\ndiagnostics:\n%s", diff, diagText(got))
			}
		})
	}
}

// planCase plans one corpus case and, when it has against.json, grades its
// state against that manifest.
func planCase(t *testing.T, dir string) diag.List {
	t.Helper()
	doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
	if err != nil {
		t.Fatal(err)
	}
	prof, pd := profile.Parse("profile.yaml", mustRead(t, filepath.Join(dir, "profile.yaml")))
	if pd.HasErrors() {
		return pd
	}
	m, got := planner.Plan(doc, prof, planner.Options{OutputModes: readModes(t, dir)})
	if old, err := os.ReadFile(filepath.Join(dir, "against.json")); err == nil {
		_, l := planner.CompareManifest(old, m)
		got = append(got, l...)
	}
	return got
}

func readModes(t *testing.T, dir string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "modes.txt"))
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, line := range strings.Fields(string(data)) {
		q, m, _ := strings.Cut(line, "=")
		out[q] = m
	}
	return out
}

func readCodes(t *testing.T, path string) []string {
	t.Helper()
	codes := strings.Fields(string(mustRead(t, path)))
	sort.Strings(codes)
	if codes == nil {
		codes = []string{}
	}
	return codes
}

func sortedCodes(l diag.List) []string {
	codes := l.Codes()
	sort.Strings(codes)
	return codes
}

func diagText(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
