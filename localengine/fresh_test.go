package localengine

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// planFileSink plans pipeline p reading the file-json directory in and
// writing the file-json directory out, checkpoints under cp.
func planFileSink(t *testing.T, cp, in, out string) *planner.Model {
	t.Helper()
	doc := pipelineDoc(input("in"), evContract, []string{"in"})
	m, _ := planProfile(t, doc, cp, "", map[string]string{
		"in":  "{plugin: file-json, path: " + strconv.Quote(in) + "}",
		"out": "{plugin: file-json, path: " + strconv.Quote(out) + "}",
	}, planner.Options{}, false)
	return m
}

// runModel runs what is available of pipeline p of m.
func runModel(t *testing.T, m *planner.Model) {
	t.Helper()
	eng, err := Open(m, "p", &Env{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if err := eng.RunAvailable(func(*Progress) {}); err != nil {
		t.Fatal(err)
	}
}

// StartOver deletes exactly what the pipeline's checkpoints wrote: their
// directories and, in the shared sink directory, their files and sink log;
// another checkpoint's files and foreign files stay. Declined, it deletes
// nothing; while the pipeline runs, it refuses (ETL-K520).
func TestStartOver(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	writeFile(t, in, "a.jsonl", []byte(fileEvent+"\n"+fileEvent+"\n"))
	writeFile(t, out, "notes.txt", []byte("kept\n"))
	mine, other := planFileSink(t, t.TempDir(), in, out), planFileSink(t, t.TempDir(), in, out)
	runModel(t, mine)
	runModel(t, other)
	files, err := CommittedFiles(out)
	if err != nil || len(files) != 2 {
		t.Fatalf("committed files %v (%v); want one per checkpoint", files, err)
	}

	var asked []string
	if _, err := StartOver(mine, "p", func(p []string) bool { asked = p; return false }); !errors.Is(err, ErrStartOverDeclined) {
		t.Fatalf("declined StartOver = %v; want ErrStartOverDeclined", err)
	}
	cp := mine.Pipelines[0].Queries[0].Checkpoint
	if _, err := os.Stat(cp); err != nil || len(asked) != 3 {
		t.Fatalf("declined: checkpoint %v, asked about %v; want the checkpoint kept and 3 paths (checkpoint, file, log)", err, asked)
	}

	eng, err := Open(mine, "p", &Env{})
	if err != nil {
		t.Fatal(err)
	}
	var locked *LockedError
	if _, err := StartOver(mine, "p", func([]string) bool { return true }); !errors.As(err, &locked) {
		t.Errorf("StartOver while the pipeline runs = %v; want a LockedError", err)
	}
	eng.Close()

	done, err := StartOver(mine, "p", func([]string) bool { return true })
	if err != nil || !slices.Equal(done, asked) {
		t.Fatalf("StartOver deleted %v (%v); want %v", done, err, asked)
	}
	left, err := CommittedFiles(out)
	if err != nil || len(left) != 1 || slices.Contains(done, left[0]) {
		t.Errorf("after StartOver the sink holds %v (%v); want the other checkpoint's file only", left, err)
	}
	if _, err := os.Stat(filepath.Join(out, "notes.txt")); err != nil {
		t.Errorf("a foreign file was deleted: %v", err)
	}
	if _, err := os.Stat(cp); !os.IsNotExist(err) {
		t.Errorf("checkpoint %s still exists (%v)", cp, err)
	}
	runModel(t, mine)
	if files, _ := CommittedFiles(out); len(files) != 2 {
		t.Errorf("the fresh run committed %v; want its own file beside the other's", files)
	}
	if done, err := StartOver(planFileSink(t, t.TempDir(), in, out), "p", func([]string) bool { t.Error("asked with nothing to delete"); return true }); err != nil || done != nil {
		t.Errorf("StartOver of a pipeline that never ran = %v, %v; want nothing", done, err)
	}
}

// TestStartOverMultiSink: a pipeline whose two loads of one stream share a
// query (multi-sink) starts over as one: the host's checkpoint once (a
// hosted load has no checkpoint of its own to lock or delete) and the
// files of both sinks.
func TestStartOverMultiSink(t *testing.T) {
	in, out, copyDir := t.TempDir(), t.TempDir(), t.TempDir()
	writeFile(t, in, "a.jsonl", []byte(fileEvent+"\n"))
	doc := pipelineDoc(input("in"), evContract, []string{"in"},
		ir.Load{Asset: "copy", From: ir.Ref{Node: "s", Port: ir.PortOut}, Contract: evContract.ID})
	m, _ := planProfile(t, doc, t.TempDir(), "", map[string]string{
		"in":   "{plugin: file-json, path: " + strconv.Quote(in) + "}",
		"out":  "{plugin: file-json, path: " + strconv.Quote(out) + "}",
		"copy": "{plugin: file-json, path: " + strconv.Quote(copyDir) + "}",
	}, planner.Options{}, false)
	if q := m.Pipelines[0].Queries; len(q) != 2 || q[1].Host != "out" {
		t.Fatalf("queries %+v; want copy hosted by out", q)
	}
	runModel(t, m)
	done, err := StartOver(m, "p", func([]string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	cp := m.Pipelines[0].Queries[0].Checkpoint
	if n := slices.Index(done, cp); n < 0 || slices.Contains(done[n+1:], cp) {
		t.Errorf("deleted %v; want the checkpoint %s once", done, cp)
	}
	for _, dir := range []string{out, copyDir} {
		if files, _ := CommittedFiles(dir); len(files) != 0 {
			t.Errorf("sink %s still holds %v", dir, files)
		}
	}
	if len(done) != 5 {
		t.Errorf("deleted %v; want the checkpoint and each sink's file and log", done)
	}
}

// TestStartOverLeftovers: a leftover directory (a replay's) is deleted
// whole, after the pipeline's own paths; one that is not a directory (a
// link to one, a file) is an error before anything is deleted.
func TestStartOverLeftovers(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	writeFile(t, in, "a.jsonl", []byte(fileEvent+"\n"))
	m := planFileSink(t, t.TempDir(), in, out)
	runModel(t, m)
	cp := m.Pipelines[0].Queries[0].Checkpoint
	target := t.TempDir()
	writeFile(t, target, "keep", []byte("x"))
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "file")
	writeFile(t, filepath.Dir(file), "file", []byte("x"))
	for _, bad := range []string{link, file} {
		if _, err := StartOver(m, "p", func([]string) bool { t.Error("asked with a bad leftover"); return true }, Leftover{Dir: bad}); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("StartOver with leftover %s: %v; want an error naming it", bad, err)
		}
	}
	if _, err := os.Stat(cp); err != nil {
		t.Errorf("checkpoint after a refused start over: %v; want it kept", err)
	}
	if _, err := os.Stat(filepath.Join(target, "keep")); err != nil {
		t.Errorf("the link's target: %v; want it untouched", err)
	}
	dir := filepath.Join(t.TempDir(), "_replay", "q")
	if err := os.MkdirAll(filepath.Join(dir, "queries", "copy"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "ledger.jsonl", []byte("{}\n"))
	done, err := StartOver(m, "p", func([]string) bool { return true }, Leftover{Dir: dir}, Leftover{Dir: filepath.Join(t.TempDir(), "none")})
	if err != nil {
		t.Fatal(err)
	}
	if len(done) == 0 || done[len(done)-1] != dir {
		t.Errorf("deleted %v; want the leftover directory last", done)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("leftover directory after start over: %v; want it deleted", err)
	}
}
