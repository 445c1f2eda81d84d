package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errors []string
	fatal  bool
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return "TestSomething/case" }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) {
	r.errors = append(r.errors, fmt.Sprint(args...))
	r.fatal = true
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
	r.fatal = true
}

// withUpdate runs f with -update set to on.
func withUpdate(t *testing.T, on bool, f func()) {
	t.Helper()
	old := Update()
	if err := flag.Set(flagName, fmt.Sprint(on)); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = flag.Set(flagName, fmt.Sprint(old)) }()
	f()
}

func TestFlagRegisteredOnce(t *testing.T) {
	if flag.Lookup(flagName) == nil {
		t.Fatal("-update is not registered")
	}
	// A second registration (as when a test binary already has the flag)
	// must not panic: register looks the flag up first.
	register()
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		onDisk  *string // nil: no file
		got     string
		update  bool
		wantErr string // "" : passes
		want    string // file content afterwards
	}{
		{name: "equal", onDisk: ptr("a\nb\n"), got: "a\nb\n", want: "a\nb\n"},
		{name: "stale", onDisk: ptr("a\nb\n"), got: "a\nc\n", wantErr: "is stale (-want +got)", want: "a\nb\n"},
		{name: "line endings differ", onDisk: ptr("a\r\n"), got: "a\n", wantErr: "is stale", want: "a\r\n"},
		{name: "missing", got: "x", wantErr: "read golden file", want: ""},
		{name: "update rewrites", onDisk: ptr("old\n"), got: "new\n", update: true, want: "new\n"},
		{name: "update creates", got: "new\n", update: true, want: "new\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", "want.txt")
			if tc.onDisk != nil {
				if err := write(path, []byte(*tc.onDisk)); err != nil {
					t.Fatal(err)
				}
			}
			r := &recorder{TB: t}
			withUpdate(t, tc.update, func() { Check(r, path, []byte(tc.got)) })
			checkErrors(t, r, tc.wantErr)
			if got, _ := os.ReadFile(path); string(got) != tc.want {
				t.Errorf("file holds %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCheckDir(t *testing.T) {
	tests := []struct {
		name    string
		onDisk  map[string]string
		got     map[string]string
		update  bool
		wantErr string
		want    map[string]string
	}{
		{
			name:   "equal",
			onDisk: map[string]string{"a.txt": "a", "d/b.txt": "b"},
			got:    map[string]string{"a.txt": "a", "d/b.txt": "b"},
			want:   map[string]string{"a.txt": "a", "d/b.txt": "b"},
		},
		{
			name:    "stale file",
			onDisk:  map[string]string{"a.txt": "a"},
			got:     map[string]string{"a.txt": "b"},
			wantErr: "a.txt is stale",
			want:    map[string]string{"a.txt": "a"},
		},
		{
			name:    "extra golden",
			onDisk:  map[string]string{"a.txt": "a", "old.txt": "o"},
			got:     map[string]string{"a.txt": "a"},
			wantErr: "old.txt: golden file no longer generated",
			want:    map[string]string{"a.txt": "a", "old.txt": "o"},
		},
		{
			name:    "missing golden",
			got:     map[string]string{"a.txt": "a"},
			wantErr: "a.txt: no golden file",
			want:    map[string]string{},
		},
		{
			name:   "update replaces the directory",
			onDisk: map[string]string{"a.txt": "a", "old.txt": "o"},
			got:    map[string]string{"a.txt": "A", "d/new.txt": "n"},
			update: true,
			want:   map[string]string{"a.txt": "A", "d/new.txt": "n"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "want")
			for p, s := range tc.onDisk {
				if err := write(filepath.Join(dir, p), []byte(s)); err != nil {
					t.Fatal(err)
				}
			}
			got := map[string][]byte{}
			for p, s := range tc.got {
				got[p] = []byte(s)
			}
			r := &recorder{TB: t}
			withUpdate(t, tc.update, func() { CheckDir(r, dir, got) })
			checkErrors(t, r, tc.wantErr)
			after, err := ReadDir(dir)
			if err != nil && len(tc.want) != 0 {
				t.Fatal(err)
			}
			if len(after) != len(tc.want) {
				t.Errorf("directory holds %d files, want %d", len(after), len(tc.want))
			}
			for p, s := range tc.want {
				if string(after[p]) != s {
					t.Errorf("%s holds %q, want %q", p, after[p], s)
				}
			}
		})
	}
}

func TestDiffNamesTheLines(t *testing.T) {
	d := Diff([]byte("one\ntwo\nthree\n"), []byte("one\n2\nthree\n"))
	for _, want := range []string{"-", "two", "+", "2"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
	if Diff([]byte("x"), []byte("x")) != "" {
		t.Error("equal texts have a diff")
	}
}

// checkErrors checks that r recorded no failure (want == "") or one
// containing want, with the rewrite hint.
func checkErrors(t *testing.T, r *recorder, want string) {
	t.Helper()
	if want == "" {
		if len(r.errors) != 0 {
			t.Errorf("unexpected failures: %q", r.errors)
		}
		return
	}
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], want) {
		t.Fatalf("failures = %q, want one containing %q", r.errors, want)
	}
	if !strings.Contains(r.errors[0], "-run '^TestSomething$' -update") {
		t.Errorf("failure lacks the rewrite hint: %q", r.errors[0])
	}
}

func ptr(s string) *string { return &s }
