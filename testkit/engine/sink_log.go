package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// sinkLogDir holds a file sink's logs of committed batches, one file per
// writing checkpoint, <checkpoint id>.log. Readers that skip names
// starting with "_" (Spark's file index, the local file source) never see
// it.
const sinkLogDir = "_etlgen_sink"

// sinkLogVersion is the format of a sink log's header line.
const sinkLogVersion = 1

// SinkWriter is one checkpoint's log in a file sink: who wrote, and the
// batches it committed, in batch order.
type SinkWriter struct {
	Version int `json:"version"`
	// ID is the checkpoint's identity (its metadata file).
	ID string `json:"id"`
	// Checkpoint is the checkpoint directory, absolute.
	Checkpoint string      `json:"checkpoint"`
	Batches    []SinkBatch `json:"-"`
}

// SinkBatch is one committed batch: the files it wrote (none when it had
// no rows).
type SinkBatch struct {
	BatchID int64      `json:"batchId"`
	Files   []SinkFile `json:"files"`
}

// SinkFile is one file of a batch, by name within the sink directory.
type SinkFile struct {
	Path string `json:"path"`
	Size int64  `json:"size"`
	Rows int    `json:"rows"`
}

// ReadSinkLog reads the logs of every checkpoint that wrote into the file
// sink directory dir, sorted by checkpoint then id; none when nothing
// committed there yet.
func ReadSinkLog(dir string) ([]SinkWriter, error) {
	if err := checkLogDir(dir); err != nil {
		return nil, err
	}
	paths, err := filepath.Glob(filepath.Join(dir, sinkLogDir, "*.log"))
	if err != nil {
		return nil, fmt.Errorf("read sink log %s: %w", dir, err)
	}
	var out []SinkWriter
	for _, p := range paths {
		w, _, err := readWriterLog(p)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Checkpoint != out[j].Checkpoint {
			return out[i].Checkpoint < out[j].Checkpoint
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// CommittedFiles returns the paths of the files of every committed batch
// of every checkpoint in the file sink directory dir, sorted: what a
// reader should read. A file a crashed batch left without a log line is
// not among them (its re-run rewrites it under the same name).
func CommittedFiles(dir string) ([]string, error) {
	ws, err := ReadSinkLog(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, w := range ws {
		for _, b := range w.Batches {
			for _, f := range b.Files {
				out = append(out, filepath.Join(dir, f.Path))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// readWriterLog reads one log: the header, then a batch per complete
// line. A last line without its newline (a crash while appending) is not
// committed; complete is the length of the committed part. A log that
// fails the checks of checkWriter is a *SinkLogError.
func readWriterLog(path string) (w SinkWriter, complete int64, err error) {
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		return SinkWriter{}, 0, &SinkLogError{Log: path, Problem: "a " + modeWord(st.Mode()) + ", not a regular file"}
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return SinkWriter{}, 0, err
	}
	if err != nil {
		return SinkWriter{}, 0, fmt.Errorf("read sink log: %w", err)
	}
	complete = int64(bytes.LastIndexByte(data, '\n') + 1)
	lines := strings.Split(string(data[:complete]), "\n")
	for i, line := range lines[:max(len(lines)-1, 0)] {
		if err := decodeLogLine(&w, i, line); err != nil {
			return SinkWriter{}, 0, fmt.Errorf("read sink log %s line %d: %w", path, i+1, err)
		}
	}
	if w.Version == 0 && complete > 0 {
		return SinkWriter{}, 0, fmt.Errorf("read sink log %s: no header line", path)
	}
	if complete > 0 {
		if err := checkWriter(path, w); err != nil {
			return SinkWriter{}, 0, err
		}
	}
	return w, complete, nil
}

// decodeLogLine decodes line i: the header, or a batch after the previous.
func decodeLogLine(w *SinkWriter, i int, line string) error {
	if i == 0 {
		if err := json.Unmarshal([]byte(line), w); err != nil || w.Version != sinkLogVersion || w.ID == "" {
			return fmt.Errorf("not a version %d header", sinkLogVersion)
		}
		return nil
	}
	var b SinkBatch
	if err := json.Unmarshal([]byte(line), &b); err != nil {
		return err
	}
	if n := len(w.Batches); n > 0 && b.BatchID <= w.Batches[n-1].BatchID {
		return fmt.Errorf("batch %d after batch %d", b.BatchID, w.Batches[n-1].BatchID)
	}
	w.Batches = append(w.Batches, b)
	return nil
}
