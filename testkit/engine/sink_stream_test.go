package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// TestStreamedBatchWritesWhatWriteWrites: a query into a file sink writes
// its batches while the operators run, and the part files and the log
// are byte for byte those FileSink.Write gives for the same rows.
func TestStreamedBatchWritesWhatWriteWrites(t *testing.T) {
	for _, events := range []int{0, 1, 3, 1000} {
		r := newFileSinkRig(t, nil)
		q := r.query()
		if q.streamOutput(q.c, 0) == nil {
			t.Fatal("a query into a file sink without gates or hosted loads does not stream its output")
		}
		r.add(events)
		if events == 0 {
			r.env.Memory["in"] = NewMemoryStream("in")
		}
		p, ok, err := q.RunBatch()
		if events == 0 {
			if ok || err != nil {
				t.Fatalf("no events: ran %v, %v", ok, err)
			}
			continue
		}
		if err != nil || !ok || p.OutputRows != events {
			t.Fatalf("%d events: progress %+v, %v, %v; want %d output rows", events, p, ok, err, events)
		}
		rep, err := q.Replay(0)
		if err != nil || !rep.Skipped || len(rep.Rows) != events {
			t.Fatalf("replay: %d rows, skipped %v, %v", len(rep.Rows), rep.Skipped, err)
		}
		want := &FileSink{Dir: t.TempDir(), ID: q.ID, Checkpoint: q.Checkpoint}
		if _, err := want.Write(q.Checkpoint, 0, q.Schema(), rep.Rows); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{partName(0, q.ID), filepath.Join(sinkLogDir, q.ID+".log")} {
			got, err := os.ReadFile(filepath.Join(r.out, name))
			if err != nil {
				t.Fatal(err)
			}
			exp, err := os.ReadFile(filepath.Join(want.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(exp) {
				t.Errorf("%d events: streamed %s differs from Write's:\n%.300s\nwant\n%.300s", events, name, got, exp)
			}
		}
	}
}

// TestPartWriterDiscardLeavesNothing: a batch discarded after rows were
// written (its batch failed or was abandoned) leaves no part file, no
// temporary file and no log line; the batch written again afterwards is
// logged once, with its rows; a logged batch is skipped.
func TestPartWriterDiscardLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	f := &FileSink{Dir: dir, ID: "cp1", Checkpoint: "/cp"}
	s := NewSchema([]Column{{Name: "v", Type: contracts.Type{Kind: contracts.KindString}}})
	w, skipped, err := f.begin(0, s)
	if err != nil || skipped {
		t.Fatalf("begin: %v %v", skipped, err)
	}
	w.add([]Row{{"a"}, {"b"}})
	w.discard()
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Fatalf("a discarded batch left %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("a discarded batch left %v", left)
	}
	if w, _, err = f.begin(0, s); err != nil {
		t.Fatal(err)
	}
	w.add([]Row{{"a"}})
	w.add(nil)
	w.add([]Row{{"b"}})
	if err := w.commit(); err != nil {
		t.Fatal(err)
	}
	lw, _, err := readWriterLog(f.logPath())
	if err != nil || len(lw.Batches) != 1 || len(lw.Batches[0].Files) != 1 || lw.Batches[0].Files[0].Rows != 2 {
		t.Fatalf("log = %+v, %v; want batch 0 with one file of 2 rows", lw, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, partName(0, "cp1")))
	if err != nil || string(data) != "{\"v\":\"a\"}\n{\"v\":\"b\"}\n" {
		t.Errorf("part file = %q, %v", data, err)
	}
	if _, skipped, err := f.begin(0, s); !skipped || err != nil {
		t.Errorf("begin of a logged batch: skipped %v, %v; want skipped", skipped, err)
	}
}
