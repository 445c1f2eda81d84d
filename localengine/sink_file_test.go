package localengine

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// fileSinkRig runs passDoc from memory stream "in" into a file-json sink
// (dir/out), checkpoints under dir/cp; reopen closes and reopens it.
type fileSinkRig struct {
	t    *testing.T
	m    *planner.Model
	env  *Env
	eng  *Engine
	out  string
	next int
}

func newFileSinkRig(t *testing.T, exec map[string]string) *fileSinkRig {
	t.Helper()
	return newFileSinkRigOf(t, passDoc(), exec)
}

// newFileSinkRigOf is newFileSinkRig running doc (from "in" to "out").
func newFileSinkRigOf(t *testing.T, doc *ir.Document, exec map[string]string) *fileSinkRig {
	t.Helper()
	dir := t.TempDir()
	r := &fileSinkRig{t: t, env: &Env{}, out: filepath.Join(dir, "out")}
	r.m, _ = planExecution(t, doc, filepath.Join(dir, "cp"), exec,
		map[string]string{"in": "{plugin: memory}", "out": "{plugin: file-json, path: " + strconv.Quote(r.out) + "}"}, planner.Options{}, false)
	r.reopen()
	t.Cleanup(func() { r.eng.Close() })
	return r
}

func (r *fileSinkRig) reopen() {
	r.t.Helper()
	if err := r.tryReopen(); err != nil {
		r.t.Fatalf("open: %v", err)
	}
}

func (r *fileSinkRig) tryReopen() error {
	if r.eng != nil {
		r.eng.Close()
	}
	eng, err := Open(r.m, "p", r.env)
	if err == nil {
		r.eng = eng
	}
	return err
}

// batch adds one event and runs what is available: one batch.
func (r *fileSinkRig) batch() {
	r.t.Helper()
	r.add(1)
	if err := r.eng.RunAvailable(nil); err != nil {
		r.t.Fatal(err)
	}
}

// add adds n events of key a with consecutive values.
func (r *fileSinkRig) add(n int) {
	if r.env.Memory["in"] == nil {
		r.env.Memory["in"] = NewMemoryStream("in")
	}
	for range n {
		r.env.Memory["in"].Add([]byte(`{"k":"a","v":` + strconv.Itoa(r.next) + `,"t":"2026-07-15T10:00:00Z"}`))
		r.next++
	}
}

func (r *fileSinkRig) query() *Query { return r.eng.Queries[0] }

// parts lists the part files in the sink directory.
func (r *fileSinkRig) parts() []string {
	files, _ := filepath.Glob(filepath.Join(r.out, "part-*"))
	return files
}

// committed reads every row of the committed files, checking that
// CommittedParts lists the same files, sealed, each with the rows it holds.
func (r *fileSinkRig) committed() []string {
	r.t.Helper()
	files, err := CommittedFiles(r.out)
	if err != nil {
		r.t.Fatal(err)
	}
	parts, err := CommittedParts(r.out)
	if err != nil || len(parts) != len(files) {
		r.t.Fatalf("CommittedParts = %d parts, %v; want the %d files of CommittedFiles", len(parts), err, len(files))
	}
	var rows []string
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			r.t.Fatal(err)
		}
		fields := strings.Fields(string(data))
		if p := parts[i]; p.Path != f || p.Rows != len(fields) || !p.Sealed {
			r.t.Errorf("CommittedParts[%d] = %+v; want %s with %d rows, sealed", i, p, f, len(fields))
		}
		rows = append(rows, fields...)
	}
	return rows
}

// TestFileSinkNamesFilesByCheckpoint: files carry the checkpoint's
// identity; a new checkpoint over the same sink (the old one deleted)
// writes beside the old files, never over them, and says whose they are.
func TestFileSinkNamesFilesByCheckpoint(t *testing.T) {
	r := newFileSinkRig(t, nil)
	r.batch()
	r.batch()
	first := r.query().ID
	want := []string{filepath.Join(r.out, partName(0, first)), filepath.Join(r.out, partName(1, first))}
	if got := r.parts(); !slices.Equal(got, want) {
		t.Fatalf("part files = %v, want %v", got, want)
	}
	old, _ := os.ReadFile(want[0])
	r.eng.Close()
	if err := os.RemoveAll(r.query().Checkpoint); err != nil {
		t.Fatal(err)
	}
	r.reopen()
	if r.query().ID == first || r.query().Recovered {
		t.Fatalf("a deleted checkpoint kept its identity %s (recovered %v)", first, r.query().Recovered)
	}
	if err := r.eng.RunAvailable(nil); err != nil { // re-reads both events in batch 0
		t.Fatal(err)
	}
	if now, _ := os.ReadFile(want[0]); string(now) != string(old) {
		t.Errorf("the new checkpoint rewrote %s", want[0])
	}
	if got := r.parts(); len(got) != 3 || !slices.Contains(got, filepath.Join(r.out, partName(0, r.query().ID))) {
		t.Errorf("part files = %v, want the old two and the new checkpoint's batch 0", got)
	}
	if rows := r.committed(); len(rows) != 4 {
		t.Errorf("committed rows = %d, want 4 (2 per checkpoint)", len(rows))
	}
	others, err := r.query().ForeignSinkWriters()
	if err != nil || len(others) != 1 || others[0].ID != first || len(others[0].Batches) != 2 {
		t.Errorf("foreign writers = %+v, %v; want %s with 2 batches", others, err, first)
	}
}

// TestFileSinkRerunRewritesItsOwnFile: a batch re-run after a crash that
// left its file but not its log line (cut in the middle) rewrites the same
// file; a batch in the log is skipped; no row is lost or doubled.
func TestFileSinkRerunRewritesItsOwnFile(t *testing.T) {
	r := newFileSinkRig(t, nil)
	r.batch()
	r.add(2)
	if ok, err := r.query().Crash(); !ok || err != nil { // batch 1: file and log line, no commit
		t.Fatalf("crash: %v %v", ok, err)
	}
	log := filepath.Join(r.out, sinkLogDir, r.query().ID+".log")
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.LastIndex(strings.TrimSuffix(string(data), "\n"), "\n") + 10 // half of batch 1's line
	if err := os.WriteFile(log, data[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	r.reopen()
	p, ok, err := r.query().RunBatch()
	if err != nil || !ok || p.BatchID != 1 || p.Skipped {
		t.Fatalf("re-run: %+v %v %v; want batch 1 written again", p, ok, err)
	}
	if got := r.parts(); len(got) != 2 {
		t.Errorf("part files = %v, want 2", got)
	}
	if rows := r.committed(); len(rows) != 3 {
		t.Errorf("committed rows = %v, want 3", rows)
	}
	if rep, err := r.query().Replay(1); err != nil || !rep.Skipped {
		t.Errorf("replay of a logged batch: %+v, %v; want skipped", rep, err)
	}
	w, _, err := readWriterLog(log)
	if err != nil || len(w.Batches) != 2 || w.Batches[1].BatchID != 1 || w.Batches[1].Files[0].Rows != 2 {
		t.Errorf("sink log = %+v, %v; want batches 0 and 1 (2 rows)", w, err)
	}
}
