package irload

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// writeFiles writes name → content under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCacheKeyFollowsImports(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(t.TempDir(), "lib")
	writeFiles(t, dir, map[string]string{
		"go.mod":         "module example.com/m\n\nreplace example.com/lib => " + lib + "\n",
		"p/p.go":         "package p\n\nimport (\n\t_ \"example.com/m/q\"\n\t_ \"example.com/lib/x\"\n\t_ \"fmt\"\n)\n",
		"p/p_test.go":    "package p\n",
		"q/q.go":         "package q\n",
		"unrelated/u.go": "package u\n",
	})
	writeFiles(t, lib, map[string]string{"go.mod": "module example.com/lib\n", "x/x.go": "package x\n"})
	m, err := findModule(filepath.Join(dir, "p"))
	if err != nil {
		t.Fatal(err)
	}
	key := func() string {
		k, err := cacheKey(m, "example.com/m/p")
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key()
	tests := []struct {
		name    string
		file    string
		changes bool
	}{
		{"the package", filepath.Join(dir, "p/p.go"), true},
		{"an imported package", filepath.Join(dir, "q/q.go"), true},
		{"a replaced module's package", filepath.Join(lib, "x/x.go"), true},
		{"go.sum", filepath.Join(dir, "go.sum"), true},
		{"a test file", filepath.Join(dir, "p/p_test.go"), false},
		{"an unrelated package", filepath.Join(dir, "unrelated/u.go"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, err := os.ReadFile(tt.file)
			writeFiles(t, filepath.Dir(tt.file), map[string]string{filepath.Base(tt.file): string(old) + "// changed\n"})
			if err != nil { // missing, as go.sum: missing again after
				defer os.Remove(tt.file)
			} else {
				defer os.WriteFile(tt.file, old, 0o644)
			}
			if got := key() != base; got != tt.changes {
				t.Errorf("key changed = %t, want %t", got, tt.changes)
			}
		})
	}
}

// TestPruneKeepsMostRecentlyUsed: the cache keeps the keep most recently
// used programs and removes the rest; directories without a program (one
// being built) are left alone.
func TestPruneKeepsMostRecentlyUsed(t *testing.T) {
	cache := t.TempDir()
	base := time.Now().Add(-time.Hour)
	for i := range 5 {
		dir := filepath.Join(cache, fmt.Sprint(i))
		writeFiles(t, dir, map[string]string{"irprog": "bin"})
		used := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(filepath.Join(dir, "irprog"), used, used); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, filepath.Join(cache, "building"), map[string]string{"irprog.123.tmp": "partial"})
	touch(filepath.Join(cache, "0", "irprog")) // used again just now
	prune(cache, "irprog", 3)
	var left []string
	entries, _ := os.ReadDir(cache)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{"0", "3", "4", "building"}; !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
}
