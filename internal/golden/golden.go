// Package golden compares test output with golden files under testdata and
// rewrites them when the test binary runs with -update.
//
// Importing the package registers the -update flag once per test binary; a
// test package must not register its own flag of that name. Check compares
// one file, CheckDir a whole directory of generated files. Both report a
// readable -want +got diff on mismatch. Callers normalise their output
// (relative paths, line endings) before calling; the package writes and
// compares bytes exactly.
package golden

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// flagName is the name of the command-line flag that rewrites golden files.
const flagName = "update"

func init() { register() }

// register registers -update unless something linked earlier already did: a
// second registration of one name panics.
func register() {
	if flag.Lookup(flagName) == nil {
		flag.Bool(flagName, false, "rewrite golden files instead of comparing with them")
	}
}

// Update reports whether the test binary runs with -update.
func Update() bool {
	f := flag.Lookup(flagName)
	if f == nil {
		return false
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if b, ok := g.Get().(bool); ok {
			return b
		}
	}
	return f.Value.String() == "true"
}

// Check compares got with the golden file at path, or writes got to path
// (creating its directory) under -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
		if err := write(path, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file: %v (%s)", err, hint(t))
		return
	}
	if diff := Diff(want, got); diff != "" {
		t.Errorf("%s is stale (-want +got):\n%s\n%s", path, diff, hint(t))
	}
}

// CheckDir compares the files got (slash-separated paths relative to dir)
// with the files under dir. A file under dir that is not in got fails the
// test too. Under -update dir is removed and rewritten with exactly got.
func CheckDir(t testing.TB, dir string, got map[string][]byte) {
	t.Helper()
	if Update() {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		for _, p := range slices.Sorted(maps.Keys(got)) {
			if err := write(filepath.Join(dir, filepath.FromSlash(p)), got[p]); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	onDisk, err := ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	for _, p := range slices.Sorted(maps.Keys(got)) {
		want, ok := onDisk[p]
		if !ok {
			t.Errorf("%s: no golden file %s (%s)", p, filepath.Join(dir, filepath.FromSlash(p)), hint(t))
			continue
		}
		if diff := Diff(want, got[p]); diff != "" {
			t.Errorf("%s is stale (-want +got):\n%s\n%s", filepath.Join(dir, filepath.FromSlash(p)), diff, hint(t))
		}
		delete(onDisk, p)
	}
	for _, p := range slices.Sorted(maps.Keys(onDisk)) {
		t.Errorf("%s: golden file no longer generated (%s)", filepath.Join(dir, filepath.FromSlash(p)), hint(t))
	}
}

// ReadDir reads every regular file under dir, keyed by slash-separated path
// relative to dir.
func ReadDir(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("read golden directory: %w", err)
	}
	return out, nil
}

// Diff returns a -want +got diff of two texts, or "" when they are equal.
func Diff(want, got []byte) string {
	if string(want) == string(got) {
		return ""
	}
	return cmp.Diff(string(want), string(got))
}

// write writes data to path, creating its directory.
func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("golden: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("golden: %w", err)
	}
	return nil
}

// hint tells how to rewrite the golden files of the failing test.
func hint(t testing.TB) string {
	name := t.Name()
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name = name[:i]
	}
	return fmt.Sprintf("run go test -run '^%s$' -update in this package to rewrite it", name)
}
