package gen

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/internal/golden"
)

// ownedGen owns data/*.txt and writes the given files.
type ownedGen struct{ fakeGen }

func (ownedGen) Spec() Spec { return Spec{Summary: "owned", Owns: []string{"data/*.txt"}} }

// ownedStep is one run into the shared directory: owner units (group
// "contracts" unless group is set) and the files it produces, path → text
// (each given the generated header), after edit's files were written by
// hand, verbatim.
type ownedStep struct {
	group string
	owner []string
	files map[string]string
	edit  map[string]string
}

// ownerOf is the step's Owner.
func (s ownedStep) ownerOf() Owner {
	g := s.group
	if g == "" {
		g = GroupContracts
	}
	return NewOwner(g, s.owner, nil)
}

// generated returns the step's files, with the header.
func (s ownedStep) generated() []File {
	var out []File
	for p, text := range s.files {
		out = append(out, File{Path: p, Data: []byte("# " + Header + "\n" + text + "\n")})
	}
	return out
}

// runStep runs a step into root with a DirSink.
func runStep(root string, s ownedStep) (*DirSink, error) {
	sink := &DirSink{Root: root, Owner: s.ownerOf()}
	_, err := Run(context.Background(), []Generator{ownedGen{fakeGen{name: "owned", files: s.generated()}}}, &Model{}, sink)
	return sink, err
}

// writeFile writes text to root/p, creating directories.
func writeFile(t *testing.T, root, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, p), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// dataFiles maps each file under root/data to its text without the header.
func dataFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(filepath.Join(root, "data"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(root, "data", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out["data/"+e.Name()] = strings.TrimSpace(strings.TrimPrefix(string(data), "# "+Header+"\n"))
	}
	return out
}

// codesOf returns the diagnostic codes an error carries.
func codesOf(err error) []string {
	var le *diag.ListError
	if errors.As(err, &le) {
		return le.List.Codes()
	}
	return nil
}

func TestOwnedDirectory(t *testing.T) {
	a := []string{"example.com/a"}
	b := []string{"example.com/b"}
	ab := []string{"example.com/a", "example.com/b"}
	tests := []struct {
		name    string
		steps   []ownedStep
		want    map[string]string // data/ files after the last step
		removed []string          // by the last step
		unowned []string          // by the last step
		code    string            // of the last step's error
	}{
		{name: "a then b keep each other's files",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/a.txt": "a"}}, {owner: b, files: map[string]string{"data/b.txt": "b"}},
				{owner: a, files: map[string]string{"data/a.txt": "a"}}},
			want: map[string]string{"data/a.txt": "a", "data/b.txt": "b"}},
		{name: "b then a keep each other's files",
			steps: []ownedStep{{owner: b, files: map[string]string{"data/b.txt": "b"}}, {owner: a, files: map[string]string{"data/a.txt": "a"}},
				{owner: b, files: map[string]string{"data/b.txt": "b"}}},
			want: map[string]string{"data/a.txt": "a", "data/b.txt": "b"}},
		{name: "a prunes what a wrote before",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/a1.txt": "1", "data/a2.txt": "2"}}, {owner: b, files: map[string]string{"data/b.txt": "b"}},
				{owner: a, files: map[string]string{"data/a1.txt": "1"}}},
			want: map[string]string{"data/a1.txt": "1", "data/b.txt": "b"}, removed: []string{"data/a2.txt"}},
		{name: "an owner that produces nothing any more prunes all it wrote",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/a.txt": "a"}}, {owner: b, files: map[string]string{"data/b.txt": "b"}}, {owner: a}},
			want:  map[string]string{"data/b.txt": "b"}, removed: []string{"data/a.txt"}},
		{name: "a shared file is kept while another owner lists it",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/s.txt": "s"}}, {owner: b, files: map[string]string{"data/s.txt": "s"}}, {owner: a}},
			want:  map[string]string{"data/s.txt": "s"}},
		{name: "a shared file goes with its last owner",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/s.txt": "s"}}, {owner: b, files: map[string]string{"data/s.txt": "s"}}, {owner: a}, {owner: b}},
			want:  map[string]string{}, removed: []string{"data/s.txt"}},
		{name: "other bytes for another owner's file conflict and write nothing",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/s.txt": "from a"}}, {owner: b, files: map[string]string{"data/s.txt": "from b", "data/b.txt": "b"}}},
			want:  map[string]string{"data/s.txt": "from a"}, code: CodeOwnershipConflict},
		{name: "an owner whose output changed updates a shared file",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/s.txt": "v1"}}, {owner: b, files: map[string]string{"data/s.txt": "v1"}},
				{owner: a, files: map[string]string{"data/s.txt": "v2"}}},
			want: map[string]string{"data/s.txt": "v2"}},
		{name: "an unchanged owner does not undo another owner's update",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/s.txt": "v1"}}, {owner: b, files: map[string]string{"data/s.txt": "v1"}},
				{owner: a, files: map[string]string{"data/s.txt": "v2"}}, {owner: b, files: map[string]string{"data/s.txt": "v1"}}},
			want: map[string]string{"data/s.txt": "v2"}, code: CodeOwnershipConflict},
		{name: "the other owner catches up",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/s.txt": "v1"}}, {owner: b, files: map[string]string{"data/s.txt": "v1"}},
				{owner: a, files: map[string]string{"data/s.txt": "v2"}}, {owner: b, files: map[string]string{"data/s.txt": "v2"}}},
			want: map[string]string{"data/s.txt": "v2"}},
		{name: "a directory without a ledger prunes nothing",
			steps: []ownedStep{{edit: map[string]string{"data/old.txt": "# " + Header + "\nold\n", "data/hand.txt": "hand\n"},
				owner: a, files: map[string]string{"data/a.txt": "a"}}},
			want: map[string]string{"data/a.txt": "a", "data/old.txt": "old", "data/hand.txt": "hand"}, unowned: []string{"data/old.txt"}},
		{name: "a file edited by hand without the header is not pruned",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/a.txt": "a"}}, {edit: map[string]string{"data/a.txt": "mine\n"}, owner: a}},
			want:  map[string]string{"data/a.txt": "mine"}},
		{name: "a run over two packages takes over what each wrote",
			steps: []ownedStep{{owner: a, files: map[string]string{"data/a.txt": "a"}}, {owner: b, files: map[string]string{"data/b.txt": "b"}},
				{owner: ab, files: map[string]string{"data/a.txt": "a"}}},
			want: map[string]string{"data/a.txt": "a"}, removed: []string{"data/b.txt"}},
		{name: "a run over one package leaves a run over two alone",
			steps: []ownedStep{{owner: ab, files: map[string]string{"data/a.txt": "a", "data/b.txt": "b"}}, {owner: a, files: map[string]string{"data/a.txt": "a"}}},
			want:  map[string]string{"data/a.txt": "a", "data/b.txt": "b"}},
		{name: "a package's run takes over its pipelines' runs",
			steps: []ownedStep{{owner: []string{"example.com/a#p1"}, files: map[string]string{"data/p1.txt": "1"}}, {owner: []string{"example.com/a#p2"}, files: map[string]string{"data/p2.txt": "2"}},
				{owner: []string{"example.com/a#p1"}, files: map[string]string{"data/p1.txt": "1"}}, {owner: a, files: map[string]string{"data/p1.txt": "1"}}},
			want: map[string]string{"data/p1.txt": "1"}, removed: []string{"data/p2.txt"}},
		{name: "the same package in another group is another owner",
			steps: []ownedStep{{group: GroupDocs, owner: a, files: map[string]string{"data/d.txt": "d"}}, {owner: a}},
			want:  map[string]string{"data/d.txt": "d"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			var (
				sink *DirSink
				err  error
			)
			for i, s := range tc.steps {
				for p, text := range s.edit {
					writeFile(t, root, p, text)
				}
				if sink, err = runStep(root, s); err != nil && i < len(tc.steps)-1 {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			if got := strings.Join(codesOf(err), ","); got != tc.code || (err != nil && tc.code == "") {
				t.Fatalf("last step: error %v, want code %q", err, tc.code)
			}
			if diff := cmp.Diff(tc.want, dataFiles(t, root)); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			if tc.code == "" {
				if diff := cmp.Diff(tc.removed, sink.Removed); diff != "" {
					t.Errorf("removed (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff(tc.unowned, sink.Unowned); diff != "" {
					t.Errorf("unowned (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestCheckSinkOwnership(t *testing.T) {
	root := t.TempDir()
	a := ownedStep{owner: []string{"example.com/a"}, files: map[string]string{"data/a1.txt": "1", "data/a2.txt": "2"}}
	b := ownedStep{owner: []string{"example.com/b"}, files: map[string]string{"data/b.txt": "b"}}
	for _, s := range []ownedStep{a, b} {
		if _, err := runStep(root, s); err != nil {
			t.Fatal(err)
		}
	}
	check := func(s ownedStep) ([]StaleFile, error) {
		t.Helper()
		sink := &CheckSink{Root: root, Owner: s.ownerOf()}
		_, err := Run(context.Background(), []Generator{ownedGen{fakeGen{name: "owned", files: s.generated()}}}, &Model{}, sink)
		return sink.Stale, err
	}
	tests := []struct {
		name string
		step ownedStep
		want []StaleFile
		code string
	}{
		{"fresh", a, nil, ""},
		{"the other owner's files are not obsolete", ownedStep{owner: a.owner, files: map[string]string{"data/a1.txt": "1"}},
			[]StaleFile{{LedgerFile, StaleChanged}, {"data/a2.txt", StaleObsolete}}, ""},
		{"a new owner changes the ledger", ownedStep{owner: []string{"example.com/c"}, files: map[string]string{"data/c.txt": "c"}},
			[]StaleFile{{LedgerFile, StaleChanged}, {"data/c.txt", StaleMissing}}, ""},
		{"a conflict is the same error as when writing", ownedStep{owner: b.owner, files: map[string]string{"data/a1.txt": "other"}}, nil, CodeOwnershipConflict},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stale, err := check(tc.step)
			if got := strings.Join(codesOf(err), ","); got != tc.code || (err != nil && tc.code == "") {
				t.Fatalf("error %v, want code %q", err, tc.code)
			}
			if diff := cmp.Diff(tc.want, stale); tc.code == "" && diff != "" {
				t.Errorf("stale (-want +got):\n%s", diff)
			}
		})
	}
	if err := os.Remove(filepath.Join(root, LedgerFile)); err != nil {
		t.Fatal(err)
	}
	stale, err := check(a)
	if diff := cmp.Diff([]StaleFile{{LedgerFile, StaleMissing}}, stale); err != nil || diff != "" {
		t.Errorf("without a ledger (err %v; -want +got):\n%s", err, diff)
	}
}

func TestBadLedger(t *testing.T) {
	const hash = "0000000000000000000000000000000000000000000000000000000000000000"
	entry := func(owner, files string) string {
		return `{"owners": [{"group": "contracts", "owner": ` + owner + `, "files": ` + files + `}]}`
	}
	tests := []struct{ name, ledger, want string }{
		{"not json", "{", "is not a ledger"},
		{"unknown field", `{"owners": [], "extra": 1}`, "unknown field"},
		{"two values", `{"owners": []} {}`, "more than one JSON value"},
		{"parent path", entry(`["a"]`, `{"../x.txt": "`+hash+`"}`), `"../x.txt", not a clean relative path`},
		{"inner parent path", entry(`["a"]`, `{"data/../../x.txt": "`+hash+`"}`), "not a clean relative path"},
		{"backslashes", entry(`["a"]`, `{"data\\..\\..\\x.txt": "`+hash+`"}`), "not a clean relative path"},
		{"absolute path", entry(`["a"]`, `{"/etc/passwd": "`+hash+`"}`), "not a clean relative path"},
		{"empty path", entry(`["a"]`, `{"": "`+hash+`"}`), "not a clean relative path"},
		{"the ledger itself", entry(`["a"]`, `{"`+LedgerFile+`": "`+hash+`"}`), "not a clean relative path"},
		{"no hash", entry(`["a"]`, `{"data/a1.txt": "x"}`), "has no SHA-256"},
		{"empty owner", entry(`[]`, `{}`), "empty owner"},
		{"unsorted owner", entry(`["b", "a"]`, `{}`), "not sorted"},
		{"repeated owner", `{"owners": [{"group": "g", "owner": ["a"], "files": {}}, {"group": "g", "owner": ["a"], "files": {}}]}`, "repeats owner a"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, root, "data/a1.txt", "# "+Header+"\n1\n")
			writeFile(t, root, LedgerFile, tc.ledger)
			step := ownedStep{owner: []string{"a"}, files: map[string]string{"data/new.txt": "n"}}
			_, err := runStep(root, step)
			if got := codesOf(err); len(got) != 1 || got[0] != CodeBadLedger || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), LedgerFile) {
				t.Fatalf("error %v, want %s naming the ledger and %q", err, CodeBadLedger, tc.want)
			}
			if diff := cmp.Diff(map[string]string{"data/a1.txt": "1"}, dataFiles(t, root)); diff != "" {
				t.Errorf("files after a bad ledger (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLedgerFormat writes two owners' files in either order: the ledger's
// bytes are the same (sorted, deterministic) and match the golden file.
func TestLedgerFormat(t *testing.T) {
	a := ownedStep{owner: []string{"example.com/a"}, files: map[string]string{"data/z.txt": "z", "data/s.txt": "s", "data/a.txt": "a"}}
	b := ownedStep{group: GroupDocs, owner: []string{"example.com/b#p2", "example.com/b#p1"}, files: map[string]string{"data/s.txt": "s", "data/b.txt": "b"}}
	var ledgers []string
	for _, order := range [][]ownedStep{{a, b}, {b, a}} {
		root := t.TempDir()
		for _, s := range order {
			if _, err := runStep(root, s); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(filepath.Join(root, LedgerFile))
		if err != nil {
			t.Fatal(err)
		}
		ledgers = append(ledgers, string(data))
	}
	if diff := cmp.Diff(ledgers[0], ledgers[1]); diff != "" {
		t.Errorf("ledger depends on the order of the runs (-a,b +b,a):\n%s", diff)
	}
	golden.Check(t, filepath.Join("testdata", "ledger", LedgerFile), []byte(ledgers[0]))
}

func TestOwner(t *testing.T) {
	tests := []struct {
		name                string
		packages, pipelines []string
		want                []string
	}{
		{"packages sorted", []string{"b", "a", "b"}, nil, []string{"a", "b"}},
		{"narrowed to pipelines", []string{"a"}, []string{"p2", "p1"}, []string{"a#p1", "a#p2"}},
		{"no package", []string{""}, []string{"p"}, []string{"#p"}},
		{"nothing", []string{""}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, NewOwner("g", tc.packages, tc.pipelines).Units); diff != "" {
				t.Errorf("units (-want +got):\n%s", diff)
			}
		})
	}
	covers := []struct {
		run, entry Owner
		want       bool
	}{
		{NewOwner("g", []string{"a"}, nil), NewOwner("g", []string{"a"}, nil), true},
		{NewOwner("g", []string{"a", "b"}, nil), NewOwner("g", []string{"b"}, nil), true},
		{NewOwner("g", []string{"a"}, nil), NewOwner("g", []string{"a", "b"}, nil), false},
		{NewOwner("g", []string{"a"}, nil), NewOwner("g", []string{"a"}, []string{"p"}), true},
		{NewOwner("g", []string{"a"}, []string{"p"}), NewOwner("g", []string{"a"}, nil), false},
		{NewOwner("g", []string{"a"}, nil), NewOwner("g", []string{"ab"}, nil), false},
		{NewOwner("g", []string{"a"}, nil), NewOwner("h", []string{"a"}, nil), false},
		{Owner{Group: "g"}, Owner{Group: "g"}, false},
	}
	for _, c := range covers {
		if got := c.run.covers(c.entry); got != c.want {
			t.Errorf("%v covers %v = %t, want %t", c.run, c.entry, got, c.want)
		}
	}
}
