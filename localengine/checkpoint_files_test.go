package localengine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/planner"
)

// TestCheckpointFileFaults: a checkpoint or sink-log file that is torn,
// garbage, or a directory where the file should be stops the next open
// with a coded error naming the file (found by testkit/faults), never an
// uncoded error nor a new identity that hides the committed batches.
func TestCheckpointFileFaults(t *testing.T) {
	write := func(rel, data string) func(r *fileSinkRig) string {
		return func(r *fileSinkRig) string {
			path := filepath.Join(r.query().Checkpoint, rel)
			if strings.HasPrefix(rel, "LOG") {
				path = filepath.Join(r.out, sinkLogDir, r.query().ID+".log")
				old, _ := os.ReadFile(path)
				data = strings.Replace(data, "LOG", string(old), 1)
			}
			if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			return path
		}
	}
	dir := func(rel string) func(r *fileSinkRig) string {
		return func(r *fileSinkRig) string {
			path := filepath.Join(r.query().Checkpoint, rel)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
			return path
		}
	}
	digit := func(rel, key string) func(r *fileSinkRig) string {
		return func(r *fileSinkRig) string {
			path := filepath.Join(r.query().Checkpoint, rel)
			data, err := os.ReadFile(path)
			i := bytes.Index(data, []byte(`"`+key+`": `))
			if err != nil || i < 0 {
				t.Fatalf("%s: no %s: %v", path, key, err)
			}
			i += len(key) + 4
			data[i] = '0' + (data[i]-'0'+1)%10
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			return path
		}
	}
	tests := []struct {
		name   string
		mutate func(r *fileSinkRig) string // returns the file to name
		code   string
	}{
		{"metadata garbage", write("metadata", "\x00\xff"), CodeCheckpointUnreadable},
		{"metadata a directory", dir("metadata"), CodeCheckpointUnreadable},
		{"metadata deleted", func(r *fileSinkRig) string {
			path := filepath.Join(r.query().Checkpoint, "metadata")
			os.Remove(path)
			return path
		}, CodeCheckpointUnreadable},
		{"last commit torn", write("commits/2", `{"nextBatch`), CodeCheckpointUnreadable},
		{"a digit of the last commit changed", digit("commits/2", "nextBatchWatermarkMs"), CodeCheckpointUnreadable},
		{"a digit of offsets changed", digit("offsets/1", "batchTimestampMs"), CodeBadOffsets},
		{"last commit a directory", dir("commits/2"), CodeCheckpointUnreadable},
		{"manifest torn", write(manifestFile, `{"manifestVersion":`), CodeCheckpointUnreadable},
		{"lock a directory", dir(lockFile), CodeFileUnwritable},
		{"sink log line garbage", write("LOG", "LOG\xff\xfe\n"), CodeSinkLogCorrupt},
		{"sink log header garbage", write("LOG", "garbage\nLOG"), CodeSinkLogCorrupt},
		{"sink log torn to its first line", write("LOG", `{"version":1,"id":"x`), CodeSinkLogMismatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFileSinkRig(t, nil)
			for range 3 {
				r.batch()
			}
			r.eng.Close()
			path := tt.mutate(r)
			err := r.tryReopen()
			if err == nil || !strings.Contains(err.Error(), tt.code) || !strings.Contains(err.Error(), path) {
				t.Fatalf("open: %v; want a %s error naming %s", err, tt.code, path)
			}
		})
	}
}

// TestCheckpointWriteFaults: a file the next batch must write that cannot
// be written (a directory in its place) fails the batch with
// CodeFileUnwritable naming it.
func TestCheckpointWriteFaults(t *testing.T) {
	for _, rel := range []string{"offsets/3", "commits/3"} {
		t.Run(rel, func(t *testing.T) {
			r := newFileSinkRig(t, nil)
			for range 3 {
				r.batch()
			}
			path := filepath.Join(r.query().Checkpoint, rel)
			if err := os.MkdirAll(filepath.Join(path, "x"), 0o755); err != nil {
				t.Fatal(err)
			}
			r.add(1)
			err := r.eng.RunAvailable(nil)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Code != CodeFileUnwritable || !strings.Contains(err.Error(), path) {
				t.Fatalf("batch: %v; want a %s error naming %s", err, CodeFileUnwritable, path)
			}
		})
	}
}

// TestPartFileChecksum: a committed part file whose bytes changed after
// the commit, its size kept, is a PartFileError (ETL-K525): the log
// records its SHA-256. A log without one (written before) checks the size
// only.
func TestPartFileChecksum(t *testing.T) {
	r := newFileSinkRig(t, nil)
	r.batch()
	parts := r.parts()
	if len(parts) != 1 {
		t.Fatalf("parts %v; want one", parts)
	}
	data, _ := os.ReadFile(parts[0])
	data[len(data)/2] ^= 0x01
	if err := os.WriteFile(parts[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	var pe *PartFileError
	if _, err := CommittedFiles(r.out); !errors.As(err, &pe) || !strings.Contains(err.Error(), CodePartFileChanged) || !strings.Contains(err.Error(), "SHA-256") {
		t.Fatalf("CommittedFiles: %v; want a %s PartFileError on its SHA-256", err, CodePartFileChanged)
	}
	log := filepath.Join(r.out, sinkLogDir, r.query().ID+".log")
	old, _ := os.ReadFile(log)
	stripped := regexpSHA.ReplaceAll(old, nil)
	if err := os.WriteFile(log, stripped, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CommittedFiles(r.out); err != nil {
		t.Fatalf("CommittedFiles of a log without checksums: %v", err)
	}
}

// TestVerifySinkLogUnreadableMetadata: `etlgen show` (VerifySinkLog) on a
// checkpoint whose metadata is not an id record fails with
// CodeCheckpointUnreadable naming it.
func TestVerifySinkLogUnreadableMetadata(t *testing.T) {
	r := newFileSinkRig(t, nil)
	r.batch()
	r.eng.Close()
	path := filepath.Join(r.query().Checkpoint, metadataFile)
	if err := os.WriteFile(path, []byte(`{"id":"a b"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	err := VerifySinkLog(r.out, r.query().Checkpoint)
	if err == nil || !strings.Contains(err.Error(), CodeCheckpointUnreadable) || !strings.Contains(err.Error(), path) {
		t.Fatalf("VerifySinkLog: %v; want a %s error naming %s", err, CodeCheckpointUnreadable, path)
	}
}

// TestSealRoundTrip: a sealed offsets file passes its check, an unsealed
// one (written before checksums) too unless the checkpoint seals its
// batch, a changed one does not.
func TestSealRoundTrip(t *testing.T) {
	body, _ := json.MarshalIndent(OffsetLog{BatchID: 3, Sources: map[string]Offset{"in": {N: 7, Files: []string{"a.jsonl"}}}}, "", "  ")
	data, err := seal(body)
	if err != nil {
		t.Fatal(err)
	}
	var ol OffsetLog
	if err := json.Unmarshal(data, &ol); err != nil || ol.BatchID != 3 {
		t.Fatalf("sealed file decodes to %+v, %v", ol, err)
	}
	checkSealCases(t, checkSeal, []sealCase{
		{"sealed", data, false, true},
		{"sealed, must", data, true, true},
		{"unsealed", body, false, true},
		{"unsealed, must", body, true, false},
		{"changed", bytes.Replace(data, []byte("a.jsonl"), []byte("b.jsonl"), 1), false, false},
		{"checksum key cut", bytes.Replace(data, []byte(sealKey), []byte("etlgen\u00ffhecksum"), 1), true, false},
	})
}

// sealCase is content a checksum check passes (ok) or fails, with or
// without a checksum required (must).
type sealCase struct {
	name     string
	data     []byte
	must, ok bool
}

// checkSealCases runs check on each case's content.
func checkSealCases(t *testing.T, check func([]byte, bool) error, cases []sealCase) {
	t.Helper()
	for _, tc := range cases {
		if err := check(tc.data, tc.must); (err == nil) != tc.ok {
			t.Errorf("%s: check = %v; want ok %v", tc.name, err, tc.ok)
		}
	}
}

// TestStateFileFaults: a state delta or snapshot the restore reads that
// is garbage, a directory, has a byte changed (its trailer's SHA-256 no
// longer matches) or lost its trailer stops the open with
// CodeCheckpointUnreadable naming it.
func TestStateFileFaults(t *testing.T) {
	faults := map[string]func(path string) error{
		"garbage": func(path string) error { return os.WriteFile(path, []byte("garbage"), 0o644) },
		"directory": func(path string) error {
			os.Remove(path)
			return os.Mkdir(path, 0o755)
		},
		"a byte changed": func(path string) error {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			data[len(data)-int(stateTrailerLen)-1] ^= 0x01
			return os.WriteFile(path, data, 0o644)
		},
		// The checkpoint's metadata says its files are sealed: a file
		// without its trailer is no longer read as one written before
		// trailers (testkit/faults seeds 147, 1182, 1837).
		"cut before its trailer": func(path string) error {
			st, err := os.Stat(path)
			if err != nil {
				return err
			}
			return os.Truncate(path, st.Size()-stateTrailerLen)
		},
		"trailer overwritten": func(path string) error {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			copy(data[len(data)-int(stateTrailerLen):], bytes.Repeat([]byte{0xa5}, int(stateTrailerLen)))
			return os.WriteFile(path, data, 0o644)
		},
		"garbage of its size": func(path string) error {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i := range data {
				data[i] = byte(i*7 + 3)
			}
			return os.WriteFile(path, data, 0o644)
		},
	}
	for _, f := range []string{"11.snapshot", "12.delta"} {
		for fault, mutate := range faults {
			t.Run(fmt.Sprintf("%s %s", f, fault), func(t *testing.T) {
				h := retentionHarness(t, 0)
				h.exec = map[string]string{"state_snapshot_interval": "3"}
				h.open()
				for i := range 13 {
					h.add("in", "a", "1", "2026-07-15T10:00:00Z")
					if _, ok, err := h.eng.Queries[0].RunBatch(); err != nil || !ok {
						t.Fatalf("batch %d: %v %v", i, ok, err)
					}
				}
				path := filepath.Join(h.eng.Queries[0].Checkpoint, "state", f)
				h.close()
				if err := mutate(path); err != nil {
					t.Fatal(err)
				}
				m, _ := planMemoryExec(t, h.doc, h.dir, h.exec, planner.Options{OutputModes: map[string]string{"out": h.mode}}, false, h.mergeKeys...)
				eng, err := Open(m, "p", h.env)
				if err == nil {
					eng.Close()
				}
				var fe *FileError
				if !errors.As(err, &fe) || fe.Code != CodeCheckpointUnreadable || !strings.Contains(err.Error(), path) {
					t.Fatalf("open: %v; want a %s error naming %s", err, CodeCheckpointUnreadable, path)
				}
			})
		}
	}
}

// regexpSHA matches a sink log's recorded checksum.
var regexpSHA = regexp.MustCompile(`,"sha256":"[0-9a-f]+"`)

// TestStateSeal: a state file written by atomicStream ends with the
// trailer its check accepts; a byte changed in its body fails the check;
// a file without a trailer (written before) passes unless the checkpoint
// seals its batch, and garbage over the trailer or a file shorter than
// one then fails.
func TestStateSeal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "1.delta")
	body := bytes.Repeat([]byte("record "), 20)
	if err := atomicStream(path, func(w *bufio.Writer) error { _, err := w.Write(body); return err }); err != nil {
		t.Fatal(err)
	}
	sealed, _ := os.ReadFile(path)
	changed := bytes.Clone(sealed)
	changed[3] ^= 0x01
	garbage := bytes.Clone(sealed)
	copy(garbage[len(body):], bytes.Repeat([]byte{0x5a}, int(stateTrailerLen)))
	checkSealCases(t, func(data []byte, must bool) error {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return checkStateSeal(path, must)
	}, []sealCase{
		{"sealed", sealed, true, true},
		{"a byte of the body changed", changed, false, false},
		{"no trailer", body, false, true},
		{"no trailer, must", body, true, false},
		{"garbage over the trailer, must", garbage, true, false},
		{"shorter than a trailer, must", sealed[:5], true, false},
	})
	if !bytes.HasPrefix(sealed, body) || int64(len(sealed)) != int64(len(body))+stateTrailerLen {
		t.Errorf("sealed file of %d bytes; want the body and a trailer of %d", len(sealed), stateTrailerLen)
	}
}
