package gen

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// goVet runs `go vet` on the package in dir, with extra overlay replacements
// (file → replacement), and fails the test with vet's output.
func goVet(t *testing.T, dir string, overlay map[string]string) {
	t.Helper()
	args := []string{"vet"}
	if len(overlay) > 0 {
		data, err := json.Marshal(map[string]any{"Replace": overlay})
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(t.TempDir(), "overlay.json")
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "-overlay", f)
	}
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet in %s: %v\n%s", dir, err, out)
	}
}

// TestGoldenGoCompiles vets every golden zz_etlgen.go together with its input
// package (through an overlay: the golden file stays under want/), and the
// example package with its committed zz_etlgen.go.
func TestGoldenGoCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	inputs, err := filepath.Glob("testdata/*/input")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no source cases: %v", err)
	}
	for _, in := range inputs {
		abs, err := filepath.Abs(in)
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join(filepath.Dir(abs), "want", GoFileName)
		goVet(t, abs, map[string]string{filepath.Join(abs, GoFileName): golden})
	}
	goVet(t, exampleDir, nil)
}
