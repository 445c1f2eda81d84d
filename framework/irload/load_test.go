package irload_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/internal/golden"
	"github.com/google/go-cmp/cmp"

	_ "github.com/etlgen/etlgen/examples/order-streaming"
)

const examplePkg = "github.com/etlgen/etlgen/examples/order-streaming"

// repoRoot is the root of this module.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// marshal renders doc with positions relative to root.
func marshal(t *testing.T, doc *ir.Document, root string) []byte {
	t.Helper()
	doc.Relativize(root)
	b, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLoadExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go tool")
	}
	root := repoRoot(t)
	l := irload.Loader{CacheDir: t.TempDir()}
	ctx := context.Background()
	doc, err := l.Load(ctx, root, "./examples/order-streaming")
	if err != nil {
		t.Fatal(err)
	}
	got := marshal(t, doc, root)
	golden.Check(t, filepath.Join("testdata", "order-streaming.ir.json"), got)

	inProcess := marshal(t, etl.Document(examplePkg), root)
	if diff := cmp.Diff(string(inProcess), string(got)); diff != "" {
		t.Errorf("program and in-process documents differ (-in-process +program):\n%s", diff)
	}
	if len(doc.Diagnostics) != 0 {
		t.Errorf("example has DSL diagnostics: %v", doc.Diagnostics)
	}
	if d := infer.Document(doc); len(d) != 0 {
		t.Errorf("example has inference diagnostics: %v", d)
	}

	start := time.Now()
	again, err := l.Load(ctx, filepath.Join(root, "examples"), "./order-streaming")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cached load took %s", time.Since(start))
	if diff := cmp.Diff(string(got), string(marshal(t, again, root))); diff != "" {
		t.Errorf("cached load differs:\n%s", diff)
	}
	progs, _ := filepath.Glob(filepath.Join(l.CacheDir, "*", "irprog"))
	if len(progs) != 1 {
		t.Errorf("cache holds %d programs, want 1 (the second load must reuse the first)", len(progs))
	}
	// The second load read the document the first one kept; a kept
	// document that does not parse is printed again.
	kept, _ := filepath.Glob(filepath.Join(l.CacheDir, "*", "ir.json"))
	if len(kept) != 1 {
		t.Fatalf("cache keeps %d documents, want 1", len(kept))
	}
	if err := os.WriteFile(kept[0], []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if again, err = l.Load(ctx, root, "./examples/order-streaming"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(got), string(marshal(t, again, root))); diff != "" {
		t.Errorf("load after a damaged cached document differs:\n%s", diff)
	}
	if data, _ := os.ReadFile(kept[0]); string(data) == "{}" {
		t.Error("the damaged document was not replaced")
	}
	// Leftover program directories are checked in TestExternalModule, whose
	// module no other process builds in.
}

// TestLoadErrors: a package that cannot be loaded for a reason other than
// its Go code is one coded diagnostic (a *diag.ListError) that says what is
// wrong and where, with a hint.
func TestLoadErrors(t *testing.T) {
	root := repoRoot(t)
	mod := t.TempDir()
	files := map[string]string{
		"go.mod":            "module example.com/m\n\ngo 1.22\n",
		"pipelines/p.go":    "package pipelines\n",
		"tests/x_test.go":   "package tests\n",
		"imports/i.go":      "package imports\n\nimport _ \"example.com/m/nope\"\n",
		"nomodule/go.mod":   "// no module line\n",
		"nomodule/sub/s.go": "package sub\n",
	}
	for name, body := range files {
		path := filepath.Join(mod, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type loadCase struct {
		name, dir, pattern string
		code, pos          string // pos: the diagnostic's file, relative to mod
		want, hint         string
	}
	tests := []loadCase{
		{"pattern", root, "./...", irload.CodePattern, "", "./... names several packages", "name the one package"},
		{"outside module", root, "/", irload.CodeNoModule, "", "/ is not inside module github.com/etlgen/etlgen", "-C DIR"},
		{"no module", "/", ".", irload.CodeNoModule, "", "/ is not in a Go module: no go.mod", "go mod init"},
		{"no module line", filepath.Join(mod, "nomodule", "sub"), ".", irload.CodeNoModule, "nomodule/go.mod", "has no module directive", "module line"},
		{"misspelt directory", mod, "./pipelnie", irload.CodeNoPackage, "pipelnie", "no package at ./pipelnie: the directory does not exist", "did you mean ./pipelines?"},
		{"misspelt import path", mod, "example.com/m/pipelins", irload.CodeNoPackage, "pipelins", "no package at example.com/m/pipelins", "did you mean example.com/m/pipelines?"},
		{"a file", mod, "./pipelines/p.go", irload.CodeNoPackage, "pipelines/p.go", "it is a file, not a directory", "not one of its files"},
		{"missing directory", filepath.Join(mod, "nope"), ".", irload.CodeNoPackage, "nope", "does not exist", "an existing directory"},
		{"bare directory name", mod, "pipelines", irload.CodeUnknownImport, "pipelines", "no module provides package pipelines", "did you mean ./pipelines?"},
		{"only tests", mod, "./tests", irload.CodeNoPackage, "tests", "the directory has no Go files (tests do not count)", "name the directory"},
	}
	if !testing.Short() {
		tests = append(tests,
			loadCase{"unknown import path", mod, "github.com/nope/x", irload.CodeUnknownImport, "", "no module provides package github.com/nope/x", "go get github.com/nope/x"},
			loadCase{"missing local import", mod, "./imports", irload.CodeUnknownImport, "imports/i.go", "no module provides package example.com/m/nope", "check the import path"},
			loadCase{"no etlgen requirement", mod, "./pipelines", irload.CodeUnknownImport, "go.mod", "the module does not require github.com/etlgen/etlgen", "go get github.com/etlgen/etlgen"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := irload.Loader{CacheDir: t.TempDir()}.Load(context.Background(), tt.dir, tt.pattern)
			var le *diag.ListError
			if !errors.As(err, &le) || len(le.List) != 1 {
				t.Fatalf("error = %v, want one coded diagnostic", err)
			}
			d := le.List[0]
			wantPos := ""
			if tt.pos != "" {
				wantPos = filepath.Join(mod, filepath.FromSlash(tt.pos))
			}
			if d.Code != tt.code || !strings.Contains(d.Message, tt.want) || !strings.Contains(d.Hint, tt.hint) ||
				(tt.pos != "" && d.Pos.File != wantPos) {
				t.Errorf("got %s at %s: %q (hint %q)\nwant %s at %s: %q (hint %q)", d.Code, d.Pos, d.Message, d.Hint, tt.code, wantPos, tt.want, tt.hint)
			}
		})
	}
}

func TestLoadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := irload.Loader{NoCache: true}.Load(ctx, repoRoot(t), "./examples/order-streaming")
	if err == nil {
		t.Fatal("load with a cancelled context succeeded")
	}
}
