package run

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/planner"
)

// TestReplayID: the same row is the same id at every replay; identical
// rows are different ids, and so are rows that differ in any part.
func TestReplayID(t *testing.T) {
	topic, off := "t", int64(7)
	base := quarantined{ObservedAt: "2026-01-01T00:00:00Z", SourceTopic: &topic, SourceOffset: &off}
	other := base
	other.ObservedAt = "2026-01-01T00:00:01Z"
	seen := map[string]int{}
	ids := []string{
		replayID("c", base, []byte("{}"), seen),
		replayID("c", base, []byte("{}"), seen), // the same row again: the second of two
		replayID("c", base, []byte("{ }"), seen),
		replayID("d", base, []byte("{}"), seen),
		replayID("c", other, []byte("{}"), seen),
	}
	if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != len(ids) {
		t.Errorf("ids %v: want all different", ids)
	}
	if again := replayID("c", base, []byte("{}"), map[string]int{}); again != ids[0] {
		t.Errorf("id of the same row at another replay = %s; want %s", again, ids[0])
	}
}

// TestLedger: the ledger keeps each id once; a last line cut by a stop is
// ignored and then overwritten; a line that is not an entry, or a ledger
// that is not a regular file, is ETL-E755.
func TestLedger(t *testing.T) {
	dir := t.TempDir()
	l := &ledger{dir: dir, path: filepath.Join(dir, "ledger.jsonl")}
	all, err := l.append([]ledgerEntry{{ID: "a", Raw: []byte("1")}, {ID: "b", Raw: []byte("2")}, {ID: "a", Raw: []byte("1")}})
	if err != nil || len(all) != 2 {
		t.Fatalf("append = %v, %v; want a and b", all, err)
	}
	f, err := os.OpenFile(l.path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"id":"c","ra`) // a stop in the middle of an append
	f.Close()
	if all, err = l.append([]ledgerEntry{{ID: "b"}, {ID: "c", Raw: []byte("3")}}); err != nil || len(all) != 3 || all[2].ID != "c" {
		t.Fatalf("append after a cut line = %v, %v; want a, b, c", all, err)
	}
	if ids, err := l.ids(); err != nil || len(ids) != 3 {
		t.Errorf("ids = %v, %v; want 3", ids, err)
	}
	bad := []struct {
		name  string
		setup func(t *testing.T, path string)
	}{
		{"not an entry", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("{\"id\":\"a\"}\nnot json\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"symbolic link", func(t *testing.T, path string) {
			target := filepath.Join(t.TempDir(), "elsewhere")
			if err := os.WriteFile(target, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, path); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			l := &ledger{dir: dir, path: filepath.Join(dir, "ledger.jsonl")}
			tc.setup(t, l.path)
			_, err := l.ids()
			var re *ReplayError
			if !errors.As(err, &re) || re.Code != CodeReplayLedger {
				t.Errorf("ids = %v; want %s", err, CodeReplayLedger)
			}
		})
	}
}

// TestReplayRefusesToIngest: replay --yes refuses a Spark profile, a
// valid branch that holds state, and a quarantine name that cannot name a
// directory.
func TestReplayRefusesToIngest(t *testing.T) {
	src := &planner.Source{Asset: "in"}
	stateless := planner.Query{Name: "out", Sources: []string{"in"}, Branch: "valid", Checkpoint: "/c/p/v1/local/out"}
	stateful := stateless
	stateful.Stateful = []planner.StatefulOp{{}}
	for _, tc := range []struct {
		name string
		err  func() error
		want string
	}{
		{"an engine neither in-process nor Spark", func() error {
			return ingest(context.Background(), &planner.Model{Engine: "other"}, &planner.PipelinePlan{}, src, nil, &ReplayReport{}, nil)
		}, CodeReplayEngine},
		{"stateful", func() error {
			_, err := replayModel(&planner.Model{}, &planner.PipelinePlan{Queries: []planner.Query{stateful}}, src, "/d")
			return err
		}, CodeReplayStateful},
		{"no valid branch", func() error {
			_, err := replayModel(&planner.Model{}, &planner.PipelinePlan{}, src, "/d")
			return err
		}, CodeReplayNotQuarantine},
		{"bad name", func() error {
			_, err := openLedger(&planner.PipelinePlan{Queries: []planner.Query{stateless}}, "../x")
			return err
		}, CodeReplayLedger},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var re *ReplayError
			if err := tc.err(); !errors.As(err, &re) || re.Code != tc.want {
				t.Errorf("err = %v; want %s", err, tc.want)
			}
		})
	}
	rm, err := replayModel(&planner.Model{Pipelines: []planner.PipelinePlan{{ID: "p"}}}, &planner.PipelinePlan{ID: "p", Queries: []planner.Query{stateless}}, src, "/d")
	if err != nil || rm.Pipelines[0].Queries[0].Checkpoint != filepath.Join("/d", "queries", "out") {
		t.Errorf("replayModel = %+v, %v; want the query under /d/queries", rm, err)
	}
}

// TestReplayCodesDocumented: every code replay returns is in
// docs/diagnostics.md.
func TestReplayCodesDocumented(t *testing.T) {
	docs, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{CodeReplayNotQuarantine, CodeReplayEngine, CodeReplayStateful, CodeReplayLedger, CodeReplaySparkFailed, CodeReplayProgram} {
		if !strings.Contains(string(docs), "| `"+c+"` |") {
			t.Errorf("code %s is not documented in docs/diagnostics.md", c)
		}
	}
}
