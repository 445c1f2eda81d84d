package irload_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/irload"
)

// BenchmarkLoadCached measures a load that finds its program in the cache:
// hashing the module's sources, running the program, parsing its output.
func BenchmarkLoadCached(b *testing.B) {
	l := irload.Loader{CacheDir: b.TempDir()}
	root, _ := filepath.Abs("../..")
	ctx := context.Background()
	if _, err := l.Load(ctx, root, "./examples/order-streaming"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := l.Load(ctx, root, "./examples/order-streaming"); err != nil {
			b.Fatal(err)
		}
	}
}
