package irload_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	entries, _ := os.ReadDir(l.CacheDir)
	if len(entries) != 1 {
		t.Errorf("cache holds %d programs, want 1 (the second load must reuse the first)", len(entries))
	}
	// Leftover program directories are checked in TestExternalModule, whose
	// module no other process builds in.
}

func TestLoadErrors(t *testing.T) {
	root := repoRoot(t)
	tests := []struct {
		name, dir, pattern, want string
	}{
		{"pattern", root, "./...", "name one package"},
		{"outside module", root, "/", "not inside module"},
		{"no module", "/", ".", "no go.mod"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := irload.Loader{CacheDir: t.TempDir()}.Load(context.Background(), tt.dir, tt.pattern)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want one containing %q", err, tt.want)
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
