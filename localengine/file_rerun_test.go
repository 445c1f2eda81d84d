package localengine

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/etlgen/etlgen/planner"
)

const fileEvent = `{"k":"a","v":1,"t":"2026-07-15T10:00:00Z"}`

// runFiles opens pipeline p (in → out, contract ev) reading the file-json
// directory in, with extra options for the source, checkpoints under cp,
// runs what is available and closes it.
func runFiles(t *testing.T, cp, in, extra string, onBatch func(*Progress)) error {
	t.Helper()
	eng := openFiles(t, cp, in, extra)
	defer eng.Close()
	return eng.RunAvailable(onBatch)
}

// openFiles opens pipeline p for runFiles.
func openFiles(t *testing.T, cp, in, extra string) *Engine {
	t.Helper()
	doc := pipelineDoc(input("in"), evContract, []string{"in"})
	m, _ := planProfile(t, doc, cp, "", map[string]string{
		"in":  "{plugin: file-json, path: " + strconv.Quote(in) + extra + "}",
		"out": "{plugin: memory}",
	}, planner.Options{}, false)
	eng, err := Open(m, "p", &Env{})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// A line over 16 MiB is rejected as PAYLOAD_TOO_LARGE, as Spark's
// validation rejects it, and the run goes on with the next line; a rerun
// finds nothing left (the stream used to be stuck on it for good).
func TestFileSourceLineOver16MiB(t *testing.T) {
	cp, in := t.TempDir(), t.TempDir()
	big := append(append([]byte(`{"k":"`), bytes.Repeat([]byte("y"), 17<<20)...), "\"}\n"+fileEvent+"\n"...)
	writeFile(t, in, "a.jsonl", big)
	var ps []*Progress
	if err := runFiles(t, cp, in, "", func(p *Progress) { ps = append(ps, p) }); err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].InputRows != 2 || ps[0].InvalidRows != 1 || ps[0].OutputRows != 1 {
		t.Fatalf("progress %+v; want one batch of 2 lines, 1 rejected, 1 written", ps)
	}
	if err := runFiles(t, cp, in, "", func(*Progress) { t.Error("the rerun ran a batch") }); err != nil {
		t.Errorf("rerun: %v", err)
	}
}

// A batch whose listed file vanished before it read it fails with
// CodeFileMissing on every rerun, until ignore_missing_files skips it
// with a warning.
func TestFileSourceMissingFileRerun(t *testing.T) {
	cp, in := t.TempDir(), t.TempDir()
	writeFile(t, in, "a.jsonl", []byte(fileEvent+"\n"))
	writeFile(t, in, "b.jsonl", []byte(fileEvent+"\n"))
	eng := openFiles(t, cp, in, "")
	if _, err := eng.Queries[0].Crash(); err != nil { // offsets/0 lists a and b
		t.Fatal(err)
	}
	eng.Close()
	if err := os.Remove(filepath.Join(in, "a.jsonl")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		err := runFiles(t, cp, in, "", func(*Progress) {})
		var ie *InputError
		if !errors.As(err, &ie) || ie.Code != CodeFileMissing {
			t.Fatalf("rerun = %v; want %s", err, CodeFileMissing)
		}
	}
	var ps []*Progress
	if err := runFiles(t, cp, in, ", ignore_missing_files: true", func(p *Progress) { ps = append(ps, p) }); err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].InputRows != 1 || len(ps[0].Warnings) != 1 || ps[0].Warnings[0].Code != CodeFileMissing {
		t.Errorf("progress %+v; want one batch reading b, with a %s warning", ps, CodeFileMissing)
	}
}
