package gen

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeGen is a generator returning fixed files or an error.
type fakeGen struct {
	name  string
	group string
	files []File
	err   error
}

func (g fakeGen) Name() string { return g.name }
func (g fakeGen) Spec() Spec   { return Spec{Summary: "fake", Group: g.group} }
func (g fakeGen) Generate(context.Context, *Model) ([]File, error) {
	return g.files, g.err
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	for _, g := range []Generator{fakeGen{name: "b", group: "x"}, fakeGen{name: "a", group: "y"}, fakeGen{name: "c", group: "x"}} {
		if err := r.Register(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Register(fakeGen{name: "a"}); err == nil {
		t.Error("registering a second generator named a succeeded")
	}
	if _, ok := r.Lookup("c"); !ok {
		t.Error("Lookup(c) found nothing")
	}
	if _, ok := r.Lookup("zz"); ok {
		t.Error("Lookup(zz) found a generator")
	}
	var names []string
	_ = r.Walk(func(g Generator) error { names = append(names, g.Name()); return nil })
	if diff := cmp.Diff([]string{"a", "b", "c"}, names); diff != "" {
		t.Errorf("Walk order (-want +got):\n%s", diff)
	}
	var group []string
	for _, g := range r.Group("x") {
		group = append(group, g.Name())
	}
	if diff := cmp.Diff([]string{"b", "c"}, group); diff != "" {
		t.Errorf("Group(x) (-want +got):\n%s", diff)
	}
}

func TestDefaultRegistryGroups(t *testing.T) {
	tests := []struct {
		group string
		want  []string
	}{
		{GroupGo, []string{"go-accessors"}},
		{GroupContracts, []string{"dpcs", "dtcs", "jsonschema", "odcs"}},
		{GroupDocs, []string{"cdf-docs", "dot", "html", "mermaid", "site"}},
	}
	for _, tc := range tests {
		var got []string
		for _, g := range Default().Group(tc.group) {
			got = append(got, g.Name())
			if g.Spec().Summary == "" || g.Spec().Outputs == "" {
				t.Errorf("%s: spec lacks a summary or outputs", g.Name())
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("group %s (-want +got):\n%s", tc.group, diff)
		}
	}
}

func TestRunWritesNothingUnlessAllSucceed(t *testing.T) {
	ok := fakeGen{name: "ok", files: []File{{Path: "b.txt", Data: []byte("b")}, {Path: "a.txt", Data: []byte("a")}}}
	tests := []struct {
		name    string
		gens    []Generator
		wantErr string
		want    []string
	}{
		{"all succeed, sorted", []Generator{ok}, "", []string{"a.txt", "b.txt"}},
		{"one fails", []Generator{ok, fakeGen{name: "bad", err: errors.New("boom")}}, "generate bad: boom", nil},
		{"duplicate path", []Generator{ok, fakeGen{name: "dup", files: []File{{Path: "a.txt"}}}}, "a.txt is also written by ok", nil},
		{"escaping path", []Generator{fakeGen{name: "esc", files: []File{{Path: "../x"}}}}, "not a clean relative path", nil},
		{"absolute path", []Generator{fakeGen{name: "abs", files: []File{{Path: "/etc/x"}}}}, "not a clean relative path", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sink := &MemorySink{}
			_, err := Run(context.Background(), tc.gens, &Model{}, sink)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			if diff := cmp.Diff(tc.want, sink.Paths(), cmp.Comparer(func(a, b []string) bool { return len(a) == len(b) && strings.Join(a, ",") == strings.Join(b, ",") })); diff != "" {
				t.Errorf("written (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDirSinkAndCheckSink(t *testing.T) {
	root := t.TempDir()
	files := []File{{Path: "a/x.txt", Data: []byte("x")}, {Path: "y.txt", Data: []byte("y")}}
	check := &CheckSink{Root: root}
	if err := check.Write(context.Background(), files); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]StaleFile{{"a/x.txt", StaleMissing}, {"y.txt", StaleMissing}}, check.Stale); diff != "" {
		t.Errorf("stale before writing (-want +got):\n%s", diff)
	}
	dir := &DirSink{Root: root}
	if err := dir.Write(context.Background(), files); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a/x.txt", "y.txt"}, dir.Written); diff != "" {
		t.Errorf("written (-want +got):\n%s", diff)
	}
	if err := dir.Write(context.Background(), files); err != nil || len(dir.Written) != 0 {
		t.Errorf("second write rewrote %v (err %v); identical files must be left alone", dir.Written, err)
	}
	if err := os.WriteFile(filepath.Join(root, "y.txt"), []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := check.Write(context.Background(), files); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]StaleFile{{"y.txt", StaleChanged}}, check.Stale); diff != "" {
		t.Errorf("stale after edit (-want +got):\n%s", diff)
	}
	if err := check.Err(); err == nil || !strings.Contains(err.Error(), "y.txt (changed)") {
		t.Errorf("Err() = %v", err)
	}
}

func TestGeneratorsAreDeterministic(t *testing.T) {
	m := caseModel(t, "testdata/kinds")
	first := generateAll(t, m)
	for i := 0; i < 3; i++ {
		if diff := cmp.Diff(first, generateAll(t, m)); diff != "" {
			t.Fatalf("run %d differs (-first +again):\n%s", i, diff)
		}
	}
}
