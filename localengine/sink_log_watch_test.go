package localengine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSinkLogChangedMidRun: a file sink's log deleted, cut, appended to
// or changed in its last bytes between two batches of one run stops the
// next batch with CodeSinkLogCorrupt naming the log (found by
// testkit/faults: appending after a deleted log hid the committed batches
// with exit 0); an untouched log lets the batch run.
func TestSinkLogChangedMidRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(path string) error
	}{
		{"untouched", func(string) error { return nil }},
		{"deleted", os.Remove},
		{"emptied", func(p string) error { return os.Truncate(p, 0) }},
		{"cut", func(p string) error {
			st, err := os.Stat(p)
			if err != nil {
				return err
			}
			return os.Truncate(p, st.Size()-3)
		}},
		{"appended to", func(p string) error {
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.WriteString(`{"batchId":9,"files":[]}` + "\n")
			return err
		}},
		{"last newline flipped", func(p string) error { return flipAt(p, -1) }},
		{"a byte of the last line flipped", func(p string) error { return flipAt(p, -5) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newFileSinkRig(t, nil)
			r.batch()
			r.batch()
			log := filepath.Join(r.out, sinkLogDir, r.query().ID+".log")
			if err := tc.change(log); err != nil {
				t.Fatal(err)
			}
			r.add(1)
			err := r.eng.RunAvailable(nil)
			if tc.name == "untouched" {
				if err != nil {
					t.Fatalf("run: %v", err)
				}
				if rows := r.committed(); len(rows) != 3 {
					t.Fatalf("committed rows %v; want 3", rows)
				}
				return
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.Code != CodeSinkLogCorrupt || !strings.Contains(err.Error(), log) {
				t.Fatalf("run: %v; want a %s error naming %s", err, CodeSinkLogCorrupt, log)
			}
		})
	}
}

// flipAt inverts the byte at off of path, counted from its end when
// negative.
func flipAt(path string, off int) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if off < 0 {
		off += len(data)
	}
	data[off] ^= 0xff
	return os.WriteFile(path, data, 0o644)
}
