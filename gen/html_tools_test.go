package gen

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The docs tests run real tools: headless Chromium, Graphviz's dot and
// mermaid's parser under node. scripts/docs-tools.sh (make docs-tools)
// installs them. In CI (CI=true) a missing tool fails the test; locally the
// test is skipped with a message saying how to install it.

// requireTool returns the path of a command, or skips (fails in CI).
func requireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missingTool(t, name+" is not on PATH")
	}
	return p
}

// missingTool skips locally and fails in CI.
func missingTool(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s: run make docs-tools (scripts/docs-tools.sh)", why)
	}
	t.Skipf("%s: run make docs-tools (scripts/docs-tools.sh) to enable this test", why)
}

// nodeDir is the directory scripts/docs-tools.sh installs npm packages
// into: .cache/node at the module root.
func nodeDir(t testing.TB) string {
	t.Helper()
	requireTool(t, "node")
	dir, err := filepath.Abs(filepath.Join("..", ".cache", "node"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "mermaid", "package.json")); err != nil {
		missingTool(t, "mermaid is not installed in .cache/node")
	}
	return dir
}

// docsFiles lists the committed docs outputs with the given extension: the
// golden cases and the example.
func docsFiles(t testing.TB, ext string) []string {
	t.Helper()
	var files []string
	for _, f := range committed(t, "testdata/pipeline_*/want/*"+ext, "../examples/*/docs/*"+ext) {
		if filepath.Base(f) != "index.html" { // the site's index: site_test.go
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Fatalf("no %s files", ext)
	}
	return files
}

// mustRead reads a file or fails the test.
func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
