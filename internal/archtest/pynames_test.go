package archtest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The Spark program's Python runtime keeps the same rule as the Go code: its
// core modules do not branch on a plugin or a table-format name; a plugin's
// runtime module (plugins/<name>/runtime/<module>.py, shipped in the
// package) registers its sink kind (etlgen_runtime/sinks.py), on which the
// core dispatches.

// runtimeDir is the Python runtime package shipped with every program: its
// core modules.
const runtimeDir = "../../pyspark/runtime/etlgen_runtime"

// tableFormats are the storage names a sink writes besides the plugin
// names (a layout's "format", a table_format argument).
var tableFormats = []string{"iceberg", "delta", "kafka", "json", "parquet"}

// pyNameBranch matches a comparison of a string literal holding a name, or
// a membership test in an attribute called like one (q.iceberg).
func pyNameBranch(names []string) *regexp.Regexp {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	alt := strings.Join(quoted, "|")
	return regexp.MustCompile(`(==|!=)\s*["'](` + alt + `)["']|["'](` + alt + `)["']\s*(==|!=)|\bin\s+[\w.]*\.(` + alt + `)\b`)
}

// findPyNameBranches returns "module:line: text" for every branch on a
// name in the modules' sources (module name → source); comment lines are
// skipped.
func findPyNameBranches(modules map[string]string, names []string) []string {
	re := pyNameBranch(names)
	var out []string
	for _, m := range slices.Sorted(maps.Keys(modules)) {
		for i, line := range strings.Split(modules[m], "\n") {
			if t := strings.TrimSpace(line); !strings.HasPrefix(t, "#") && re.MatchString(line) {
				out = append(out, fmt.Sprintf("%s:%d: %s", m, i+1, strings.TrimSpace(line)))
			}
		}
	}
	return out
}

// TestRuntimeCoreNamesNoPlugin: the runtime's core modules branch on no
// plugin or table-format name.
func TestRuntimeCoreNamesNoPlugin(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(runtimeDir, "*.py"))
	if err != nil || len(paths) < 5 {
		t.Fatalf("runtime modules under %s: %d, %v", runtimeDir, len(paths), err)
	}
	modules := map[string]string{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		modules[filepath.Base(p)] = string(data)
	}
	names := append(registeredNames(), tableFormats...)
	for _, b := range findPyNameBranches(modules, names) {
		t.Errorf("%s\n\tdispatch through a sink kind its plugin's runtime module registers (etlgen_runtime/sinks.py, docs/plugins.md) instead", b)
	}
}

// TestFindPyNameBranches: the scan finds each kind of branch and passes
// what only looks like one.
func TestFindPyNameBranches(t *testing.T) {
	tests := []struct {
		name, src string
		want      int
	}{
		{"literal on the right", `if table_format == "iceberg":`, 1},
		{"literal on the left", `if "delta" != fmt:`, 1},
		{"layout format", `if layout and layout.get("format") == "iceberg":`, 1},
		{"membership in a plugin-named attribute", `if target in q.iceberg:`, 1},
		{"a reader format, not a branch", `spark.read.format("delta").load(path)`, 0},
		{"a comment", `# if fmt == "delta":`, 0},
		{"another literal", `if mode == "append":`, 0},
		{"membership in a set of names", `if target in q.targets:`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findPyNameBranches(map[string]string{"m.py": tt.src}, []string{"iceberg", "delta"})
			if len(got) != tt.want {
				t.Errorf("branches = %v, want %d", got, tt.want)
			}
		})
	}
}
