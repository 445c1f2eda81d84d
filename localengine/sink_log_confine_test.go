package localengine

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A sink log that names files outside the sink directory, another
// checkpoint's files, or that lives behind a symbolic link is refused on
// read (show) and by StartOver, which then deletes nothing: files outside
// the sink directory, the input, and the victim directory all survive.
func TestSinkLogConfined(t *testing.T) {
	header := func(id, cp string) string {
		b, _ := json.Marshal(SinkWriter{Version: sinkLogVersion, ID: id, Checkpoint: cp})
		return string(b) + "\n"
	}
	batch := func(id int64, path string) string {
		b, _ := json.Marshal(SinkBatch{BatchID: id, Files: []SinkFile{{Path: path, Size: 1, Rows: 1}}})
		return string(b) + "\n"
	}
	cases := []struct {
		name string
		// plant writes the hostile log into the sink directory out, given
		// the victim file outside it and our checkpoint (dir and id).
		plant func(t *testing.T, out, victim, cp, id string)
		want  string
	}{
		{"path climbs out", func(t *testing.T, out, victim, cp, id string) {
			rel, _ := filepath.Rel(out, victim)
			writeFile(t, filepath.Join(out, sinkLogDir), id+".log", []byte(header(id, cp)+batch(5, rel)))
		}, "not a part file"},
		{"absolute path", func(t *testing.T, out, victim, cp, id string) {
			writeFile(t, filepath.Join(out, sinkLogDir), id+".log", []byte(header(id, cp)+batch(5, victim)))
		}, "not a part file"},
		{"empty path", func(t *testing.T, out, _, cp, id string) {
			writeFile(t, filepath.Join(out, sinkLogDir), id+".log", []byte(header(id, cp)+batch(5, "")))
		}, "not a part file"},
		{"another checkpoint's id naming ours", func(t *testing.T, out, victim, cp, _ string) {
			writeFile(t, filepath.Join(out, sinkLogDir), "aaaa-bbbb.log", []byte(header("aaaa-bbbb", cp)+batch(5, filepath.Dir(victim))))
		}, "not a part file"},
		{"header id is not the file name", func(t *testing.T, out, _, cp, id string) {
			writeFile(t, filepath.Join(out, sinkLogDir), "cafe.log", []byte(header(id, cp)))
		}, "the log of that checkpoint is"},
		{"id is a path", func(t *testing.T, out, _, cp, _ string) {
			writeFile(t, filepath.Join(out, sinkLogDir), "x.log", []byte(header("../x", cp)))
		}, "is not an id"},
		{"another checkpoint's part file", func(t *testing.T, out, _, cp, id string) {
			writeFile(t, filepath.Join(out, sinkLogDir), id+".log", []byte(header(id, cp)+batch(5, partName(5, "beef"))))
		}, "a part file of checkpoint beef"},
		{"log directory is a link", func(t *testing.T, out, victim, _, _ string) {
			if err := os.RemoveAll(filepath.Join(out, sinkLogDir)); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Dir(victim), filepath.Join(out, sinkLogDir)); err != nil {
				t.Fatal(err)
			}
		}, "symbolic link, not a directory"},
		{"part name on a directory", func(t *testing.T, out, _, _, id string) {
			if err := os.MkdirAll(filepath.Join(out, partName(7, id), "inner"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, "directory, not a file etlgen wrote"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in, out, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
			writeFile(t, in, "a.jsonl", []byte(fileEvent+"\n"))
			victim := filepath.Join(elsewhere, "precious.txt")
			writeFile(t, elsewhere, "precious.txt", []byte("keep me\n"))
			m := planFileSink(t, t.TempDir(), in, out)
			runModel(t, m)
			cp := m.Pipelines[0].Queries[0].Checkpoint
			id, ok, err := existingIdentity(cp)
			if err != nil || !ok {
				t.Fatalf("checkpoint identity: %v %v", ok, err)
			}
			abs, _ := filepath.Abs(cp)
			tc.plant(t, out, victim, abs, id)

			var untrusted *SinkLogError
			_, err = StartOver(m, "p", func([]string) bool { return true })
			if !errors.As(err, &untrusted) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), CodeSinkLogUntrusted) {
				t.Fatalf("StartOver = %v; want %s saying %q", err, CodeSinkLogUntrusted, tc.want)
			}
			for _, keep := range []string{victim, cp, filepath.Join(in, "a.jsonl")} {
				if _, err := os.Stat(keep); err != nil {
					t.Errorf("%s is gone after a refused StartOver: %v", keep, err)
				}
			}
			if strings.HasPrefix(tc.name, "part name") {
				return // the log itself is fine: show reads it
			}
			if _, err := CommittedFiles(out); !errors.As(err, &untrusted) {
				t.Errorf("CommittedFiles (show) = %v; want a SinkLogError", err)
			}
		})
	}
}

// A checkpoint whose metadata names a path instead of an id is refused
// before its id can name a part file outside the sink directory.
func TestCheckpointIdentityIsNotAPath(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, metadataFile, []byte(`{"id": "../../escape"}`+"\n"))
	if _, err := (&checkpoint{dir: dir}).identity(); err == nil || !strings.Contains(err.Error(), "letters, digits and dashes") {
		t.Fatalf("identity() = %v; want a refusal", err)
	}
}
