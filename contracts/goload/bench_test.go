package goload_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/etlgen/etlgen/contracts/goload"
)

// BenchmarkLoadAfterEdit measures what `etlgen validate` pays to read the
// contracts of a package that was just edited (a new line in one file per
// iteration), side by side in one loop: Load (type-checked from source
// against the dependencies' export data) and the go/packages load a tool
// author would write (NeedSyntax|NeedTypes|NeedTypesInfo, which has the go
// command compile the edited package for its export data). Reported as
// ms-Load/op and ms-packages/op; the package is a copy of the
// order-streaming example (contracts, transformations, a pipeline) in a
// module of its own that replaces etlgen with this checkout.
func BenchmarkLoadAfterEdit(b *testing.B) {
	dir := editableModule(b)
	file := filepath.Join(dir, "contracts.go")
	ctx := context.Background()
	mode := packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo
	var load, list time.Duration
	n := 0
	for b.Loop() {
		n++
		appendEdit(b, file, 2*n)
		t := time.Now()
		res, err := goload.Load(ctx, dir)
		load += time.Since(t)
		if err != nil || len(res.Contracts) == 0 {
			b.Fatalf("Load: %v, %d contracts", err, len(res.Contracts))
		}
		appendEdit(b, file, 2*n+1)
		t = time.Now()
		pkgs, err := packages.Load(&packages.Config{Context: ctx, Dir: dir, Mode: mode}, ".")
		list += time.Since(t)
		if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
			b.Fatalf("packages.Load: %v", err)
		}
	}
	b.ReportMetric(float64(load.Milliseconds())/float64(n), "ms-Load/op")
	b.ReportMetric(float64(list.Milliseconds())/float64(n), "ms-packages/op")
}

// editableModule copies the order-streaming example's package into a new
// module that replaces etlgen with this checkout, and warms the build
// cache.
func editableModule(b *testing.B) string {
	b.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	example := filepath.Join(root, "examples", "order-streaming")
	files := map[string][]byte{}
	for _, name := range []string{"contracts.go", "pipeline.go", "transformations.go", "zz_etlgen.go"} {
		data, err := os.ReadFile(filepath.Join(example, name))
		if err != nil {
			b.Fatal(err)
		}
		files[name] = data
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		b.Fatal(err)
	}
	files["go.sum"] = sum
	files["go.mod"] = fmt.Appendf(nil, "module example.com/edit\n\ngo 1.24\n\nrequire github.com/etlgen/etlgen v0.0.0\n\n"+
		"replace github.com/etlgen/etlgen => %s\n", root)
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	if out, err := tidy.CombinedOutput(); err != nil {
		b.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	res, err := goload.Load(context.Background(), dir)
	if err != nil {
		b.Fatal(err)
	}
	if res.Diagnostics.HasErrors() {
		b.Fatalf("load the copy: %v", res.Diagnostics.Err())
	}
	return dir
}

// appendEdit appends a declaration that changes the package's object code.
func appendEdit(b *testing.B, file string, n int) {
	b.Helper()
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "\nvar edit%d = %d\n", n, n); err != nil {
		b.Fatal(err)
	}
}
