package gen

import (
	"bytes"
	"context"
	"encoding/gob"
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/google/go-cmp/cmp"
)

// TestLoadContractsCachedExamples: a load read back from the cache equals
// a fresh load of the examples, positions and all.
func TestLoadContractsCachedExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the examples with the go command")
	}
	ctx := context.Background()
	loader := irload.Loader{CacheDir: t.TempDir()}
	pkgs := []string{"./examples/order-streaming", "./examples/clickstream"}
	fresh, err := goload.Load(ctx, "..", pkgs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, round := range []string{"loaded", "read back"} {
		got, err := LoadContractsCached(ctx, loader, "..", pkgs...)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(fresh, got); diff != "" {
			t.Errorf("%s: differs from goload.Load (-fresh +cached):\n%s", round, diff)
		}
	}
	if path := contractsCachePath(loader, "..", pkgs); !exists(path) {
		t.Errorf("no cached load at %s", path)
	}
}

// TestLoadContractsCachedFollowsSources: an unchanged package reads the
// recorded load (a planted one is returned), and so does one whose
// function bodies and variables' values were edited; one whose
// declarations were edited is loaded again.
func TestLoadContractsCachedFollowsSources(t *testing.T) {
	if testing.Short() {
		t.Skip("lists a package with the go command")
	}
	ctx := context.Background()
	dir := t.TempDir()
	contract := func(id string) string {
		return "package p\n\n// Order is an order.\n// +etl:contract id=" + id + " version=1.0.0 owner=team\ntype Order struct {\n\t// ID identifies it.\n\tID string `json:\"id\"`\n}\n"
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("p/p.go", contract("order"))
	loader := irload.Loader{CacheDir: t.TempDir()}
	ids := func() string {
		t.Helper()
		res, err := LoadContractsCached(ctx, loader, dir, "./p")
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Contracts) != 1 {
			t.Fatalf("%d contracts, want 1: %v", len(res.Contracts), res.Diagnostics)
		}
		return res.Contracts[0].ID
	}
	if got := ids(); got != "order" {
		t.Fatalf("first load: contract %q, want order", got)
	}
	path := contractsCachePath(loader, dir, []string{"./p"})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var planted contracts.LoadResult
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&planted); err != nil {
		t.Fatal(err)
	}
	planted.Contracts[0].ID = "planted"
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(planted); err != nil {
		t.Fatal(err)
	}
	writeCacheFile(path, buf.Bytes())
	if got := ids(); got != "planted" {
		t.Errorf("unchanged package: contract %q, want the recorded (planted) one", got)
	}
	write("p/code.go", "package p\n\nvar edit = 1\n\nfunc f() int { return edit }\n")
	ids() // a new file: its declarations are loaded
	write("p/code.go", "package p\n\nvar edit = 2\n\nfunc f() int { return edit + 1 }\n")
	writeCacheFile(contractsCachePath(loader, dir, []string{"./p"}), buf.Bytes())
	write("p/code.go", "package p\n\nvar edit = 3\n\nfunc f() int { return edit + 2 }\n")
	if got := ids(); got != "planted" {
		t.Errorf("a function body and a variable's value edited: contract %q, want the recorded (planted) one", got)
	}
	write("p/p.go", contract("order-v2"))
	if got := ids(); got != "order-v2" {
		t.Errorf("edited package: contract %q, want order-v2", got)
	}
}

// exists reports whether a file exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
