package irload

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// indexModule writes a module whose package p imports q and sets every
// file's modification time to old.
func indexModule(t *testing.T, old time.Time) (module, string) {
	t.Helper()
	dir := t.TempDir()
	writeOld(t, dir, old, map[string]string{
		"go.mod":  "module example.com/m\n",
		"p/p.go":  "package p\n\nimport _ \"example.com/m/q\"\n",
		"p/data":  "embedded\n",
		"q/q.go":  "package q\n",
		"q/q2.go": "package q\n",
	})
	m, err := findModule(filepath.Join(dir, "p"))
	if err != nil {
		t.Fatal(err)
	}
	return m, dir
}

// writeOld is writeFiles that sets the files' modification time to old.
func writeOld(t *testing.T, dir string, old time.Time, files map[string]string) {
	t.Helper()
	writeFiles(t, dir, files)
	for name := range files {
		if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSourceKeyIndex: once indexed, the key of an unchanged package comes
// from the index (a planted key is returned), and every change that
// changes the hashed key is seen: the key is hashed again and equals
// cacheKey. A change keeping a file's size and time is seen when the time
// is recent (racyWindow).
func TestSourceKeyIndex(t *testing.T) {
	const pkg = "example.com/m/p"
	long := time.Now().Add(-time.Hour)
	recent := time.Now()
	tests := []struct {
		name   string
		old    time.Time
		change func(t *testing.T, dir string)
	}{
		{"nothing", long, nil},
		{"the package", long, func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"p/p.go": "package p\n\nimport _ \"example.com/m/q\"\n// edit\n"})
		}},
		{"an imported package", long, func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"q/q.go": "package q\n\nvar X = 1\n"})
		}},
		{"a data file", long, func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"p/data": "changed\n"})
		}},
		{"a new file", long, func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"q/q3.go": "package q\n"})
		}},
		{"a removed file", long, func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "q/q2.go")); err != nil {
				t.Fatal(err)
			}
		}},
		{"a new go.sum", long, func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"go.sum": "x\n"})
		}},
		{"same size and time, recent", recent, func(t *testing.T, dir string) {
			path := filepath.Join(dir, "q/q.go")
			writeFiles(t, dir, map[string]string{"q/q.go": "package r\n"})
			if err := os.Chtimes(path, recent, recent); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, dir := indexModule(t, tt.old)
			cache := t.TempDir()
			first, err := sourceKey(cache, m, pkg)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := cacheKey(m, pkg); first != want {
				t.Fatalf("indexed key %s, cacheKey %s", first, want)
			}
			plantKey(t, indexPath(cache, m, pkg), "planted")
			if tt.change == nil {
				if got, _ := sourceKey(cache, m, pkg); got != "planted" {
					t.Errorf("unchanged package: key %s, want the index's", got)
				}
				return
			}
			tt.change(t, dir)
			got, err := sourceKey(cache, m, pkg)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := cacheKey(m, pkg); got != want || got == first {
				t.Errorf("after the change: key %s, want %s (hashed again; before %s)", got, want, first)
			}
		})
	}
}

// plantKey replaces the key of an index file.
func plantKey(t *testing.T, path, key string) {
	t.Helper()
	ix, err := readIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	ix.Program = key
	writeIndex(path, *ix)
}

// TestHashTakesVouchedFiles: a hash after an earlier one takes the digest
// and imports of every file the earlier index stamped alike instead of
// reading it, and gives the keys a hash from scratch gives.
func TestHashTakesVouchedFiles(t *testing.T) {
	past := time.Now().Add(-time.Hour)
	m, dir := indexModule(t, past)
	writeOld(t, dir, past, map[string]string{"q/q.go": "package q\n\nimport _ \"example.com/m/r\"\n", "r/r.go": "package r\n"})
	const pkg = "example.com/m/p"
	index := func() *sourceIndex {
		recorded := time.Now()
		k, in, err := hashInputs(m, pkg)
		if err != nil {
			t.Fatal(err)
		}
		return &sourceIndex{keys: k, Recorded: recorded.UnixNano(), inputs: in}
	}
	from := func(old *sourceIndex) keys {
		k, _, err := hashInputsFrom(m, pkg, old)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	old := index()
	if got := from(old); got != old.keys {
		t.Errorf("nothing changed: keys %+v, want %+v", got, old.keys)
	}
	writeFiles(t, dir, map[string]string{"p/p.go": "package p\n\nimport _ \"example.com/m/q\"\n\nvar x = 1\n"})
	if got, want := from(old), index().keys; got != want || got.Program == old.Program {
		t.Errorf("own file edited: keys %+v, want %+v (from scratch), not %+v", got, want, old.keys)
	}
	writeFiles(t, dir, map[string]string{"r/r.go": "package r // x\n"})
	if got, want := from(old), index().keys; got != want {
		t.Errorf("a package reached through a vouched file's imports edited: keys %+v, want %+v", got, want)
	}
	old = index()
	writeOld(t, dir, past, map[string]string{"q/q.go": "package q\n\nimport _ \"example.com/m/s\"\n"}) // same size
	if got := from(old); got != old.keys {
		t.Errorf("a file rewritten with its size and time: keys %+v, want the vouched %+v (the index's trust, as fresh)", got, old.keys)
	}
}
