package localengine

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeFile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readFirstBatch lists src and reads the files of its first batch.
func readFirstBatch(t *testing.T, src *FileSource) []Payload {
	t.Helper()
	end, _, err := src.Next(Offset{})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := src.Read(Offset{}, end)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func lines(ps []Payload) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p.Raw)
	}
	return out
}

// A line longer than the reader keeps is cut, the rest skipped to the next
// terminator, and reading goes on: the stream is never stuck on it
// (it failed with bufio.Scanner: token too long on every rerun).
func TestFileSourceLongLineIsCut(t *testing.T) {
	dir := t.TempDir()
	long := bytes.Repeat([]byte("x"), 1000)
	writeFile(t, dir, "a.jsonl", append(append([]byte("{}\n"), long...), "\r\n{}\n"...))
	ps := readFirstBatch(t, &FileSource{Dir: dir, MaxLine: 100})
	if diff := cmp.Diff([]string{"{}", string(long[:100]), "{}"}, lines(ps)); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// Directories (a directory, or a link to one, named *.jsonl), dangling
// links and other names are not files to read; a link to a file is one,
// and so is a named pipe (Hadoop's listing: not a directory).
func TestFileSourceListsFiles(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	writeFile(t, dir, "a.jsonl", []byte("{}\n"))
	writeFile(t, dir, "notes.txt", []byte("{}\n"))
	writeFile(t, dir, ".hidden.jsonl", []byte("{}\n"))
	writeFile(t, dir, "_tmp.jsonl", []byte("{}\n"))
	writeFile(t, other, "t.jsonl", []byte("{}\n"))
	if err := os.Mkdir(filepath.Join(dir, "sub.jsonl"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"dirlink.jsonl": other, "filelink.jsonl": filepath.Join(other, "t.jsonl"),
		"dangling.jsonl": filepath.Join(other, "gone.jsonl")} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	src := &FileSource{Dir: dir}
	end, _, err := src.Next(Offset{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a.jsonl", "filelink.jsonl", "pipe.jsonl"}, end.Files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	go func() { // the pipe's writer: two lines, then its end
		if f, err := os.OpenFile(filepath.Join(dir, "pipe.jsonl"), os.O_WRONLY, 0); err == nil {
			f.WriteString("{}\n{}")
			f.Close()
		}
	}()
	ps, err := src.Read(Offset{}, end)
	if err != nil || len(ps) != 4 {
		t.Errorf("read: %d lines, %v; want 4 (a, the link, the pipe's two)", len(ps), err)
	}
}

// A listed file that is gone when the batch reads it fails with
// CodeFileMissing, or with IgnoreMissing is skipped with a warning.
func TestFileSourceMissingFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.jsonl", []byte("{}\n"))
	writeFile(t, dir, "b.jsonl", []byte("{}\n"))
	src := &FileSource{Dir: dir}
	end, _, err := src.Next(Offset{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "a.jsonl")); err != nil {
		t.Fatal(err)
	}
	_, err = src.Scan(Offset{}, end, func([]Payload) error { return nil })
	var ie *InputError
	if !errors.As(err, &ie) || ie.Code != CodeFileMissing || !strings.Contains(err.Error(), "a.jsonl") {
		t.Fatalf("scan = %v, want an InputError %s naming a.jsonl", err, CodeFileMissing)
	}
	src.IgnoreMissing = true
	var got []string
	ws, err := src.Scan(Offset{}, end, func(ps []Payload) error { got = append(got, lines(ps)...); return nil })
	if err != nil || len(ws) != 1 || ws[0].Code != CodeFileMissing || len(got) != 1 {
		t.Errorf("scan with IgnoreMissing = %v lines, %v, %v; want b's line and one %s warning", got, ws, err, CodeFileMissing)
	}
}

// A file appended to after the listing is read up to its listed size, and
// the batch warns that the rest is never read.
func TestFileSourceChangedFileWarns(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.jsonl", []byte("{}\n{}\n"))
	src := &FileSource{Dir: dir}
	end, _, err := src.Next(Offset{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "a.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("{}\n{}\n{}\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var n int
	ws, err := src.Scan(Offset{}, end, func(ps []Payload) error { n += len(ps); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || len(ws) != 1 || ws[0].Code != CodeFileChanged || !strings.Contains(ws[0].Text, "the 9 bytes written since are never read") {
		t.Errorf("read %d lines, warnings %v; want 2 lines and a %s warning about 9 unread bytes", n, ws, CodeFileChanged)
	}
	// unchanged files read without a warning
	end2 := end
	end2.Listed = nil
	if ws, err := src.Scan(Offset{}, end2, func([]Payload) error { return nil }); err != nil || len(ws) != 0 {
		t.Errorf("scan of an unchanged file = %v, %v; want no warning", ws, err)
	}
}

// max_bytes_per_trigger takes whole files: the first one whatever its
// size, then files while the sum stays within the limit (measured on Spark
// 4.1.1 with files of 100, 30, 30, 500, 10, 10 bytes and a limit of 100:
// batches of 1, 2, 1 and 2 files).
func TestFileSourceMaxBytes(t *testing.T) {
	dir := t.TempDir()
	for i, n := range []int{100, 30, 30, 500, 10, 10} {
		writeFile(t, dir, string(rune('a'+i))+".jsonl", append(bytes.Repeat([]byte("x"), n-1), '\n'))
	}
	src := &FileSource{Dir: dir, MaxBytes: 100}
	var got []int
	var o Offset
	for {
		end, ok, err := src.Next(o)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		got, o = append(got, len(end.Files)), end
	}
	if diff := cmp.Diff([]int{1, 2, 1, 2}, got); diff != "" {
		t.Errorf("files per batch (-want +got):\n%s", diff)
	}
}
