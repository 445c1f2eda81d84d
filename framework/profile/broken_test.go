package profile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
)

// TestBrokenProfiles runs every testdata/broken/<case>.yaml: it is parsed
// and, when it parses cleanly, bound to the example pipeline. The codes must
// equal the case's `# want:` line exactly (sorted), and the rendered
// diagnostics (positions, messages, hints) must equal <case>.golden.
func TestBrokenProfiles(t *testing.T) {
	files, err := filepath.Glob("testdata/broken/*.yaml")
	if err != nil || len(files) < 15 {
		t.Fatalf("want at least 15 broken cases, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".yaml"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := parseAndBind(file, data)
			if codes, want := sortedCodes(got), wantCodes(t, data); !slices.Equal(codes, want) {
				t.Errorf("codes = %v, want %v\n%s", codes, want, render(got))
			}
			golden(t, strings.TrimSuffix(file, ".yaml")+".golden", render(got))
		})
	}
}

// parseAndBind parses a profile and binds it when it parsed without errors.
func parseAndBind(file string, data []byte) diag.List {
	p, diags := Parse(file, data)
	if p == nil || diags.HasErrors() {
		return diags
	}
	_, bd := Bind(p, exampleDoc(), examplePipeline)
	return append(diags, bd...)
}

// wantCodes reads the `# want: CODE...` first line of a case.
func wantCodes(t *testing.T, data []byte) []string {
	t.Helper()
	first, _, _ := strings.Cut(string(data), "\n")
	rest, ok := strings.CutPrefix(first, "# want:")
	if !ok {
		t.Fatalf("the first line must be `# want: CODE...`, got %q", first)
	}
	codes := strings.Fields(rest)
	slices.Sort(codes)
	return codes
}

func sortedCodes(l diag.List) []string {
	codes := l.Codes()
	slices.Sort(codes)
	return codes
}
