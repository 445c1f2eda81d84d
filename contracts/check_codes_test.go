package contracts

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var codeRE = regexp.MustCompile(`ETL-C1[0-9][0-9]`)

// declaredCodes returns the ETL-C1xx codes declared in check_codes.go.
func declaredCodes(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("check_codes.go")
	if err != nil {
		t.Fatal(err)
	}
	return uniqueSorted(codeRE.FindAllString(string(b), -1))
}

func uniqueSorted(xs []string) []string {
	sort.Strings(xs)
	var out []string
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// TestCodesDocumented keeps docs/diagnostics.md and the code list in step.
func TestCodesDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, line := range strings.Split(string(b), "\n") {
		if m := regexp.MustCompile(`^\| (ETL-C1[0-9][0-9]) \|`).FindStringSubmatch(line); m != nil {
			documented = append(documented, m[1])
		}
	}
	if diff := cmp.Diff(declaredCodes(t), uniqueSorted(documented)); diff != "" {
		t.Errorf("codes in check_codes.go (-) vs docs/diagnostics.md table (+):\n%s", diff)
	}
}

// loadCasesDir holds the golden cases of goload.Load (its TestLoadGolden).
const loadCasesDir = "testdata/load"

// TestCodesHaveGoldenCases checks that every code appears in at least one
// golden load case.
func TestCodesHaveGoldenCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(loadCasesDir, "*", "want.*"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range codeRE.FindAllString(string(b), -1) {
			seen[c] = true
		}
	}
	for _, c := range declaredCodes(t) {
		if !seen[c] {
			t.Errorf("no golden case under %s reports %s", loadCasesDir, c)
		}
	}
}
