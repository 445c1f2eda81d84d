package localengine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
	// SHA256 is the hex SHA-256 of the file's bytes at commit; empty in
	// logs written before it was recorded (only the size is checked then).
	SHA256 string `json:"sha256,omitempty"`
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
// not among them (its re-run rewrites it under the same name). A
// committed file that is missing, not a regular file, or not of the size
// its log recorded (torn, truncated, appended to or replaced) is a
// *PartFileError: a reader never sees fewer or other rows without an
// error.
func CommittedFiles(dir string) ([]string, error) {
	parts, err := CommittedParts(dir)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.Path
	}
	return out, nil
}

// CommittedPart is a committed file of a file sink (CommittedParts).
type CommittedPart struct {
	// Path is the file's path: the sink directory joined with its name.
	Path string
	// Rows is the number of rows its batch wrote into it, as the sink log
	// recorded at commit.
	Rows int
	// Sealed says the log recorded the file's SHA-256 and the file's bytes
	// still have it: Rows counts them (a log from before SHA-256s were
	// recorded has only the size checked; read the file to count then).
	Sealed bool
}

// CommittedParts is CommittedFiles with each file's row count from the
// sink log, checked the same way, sorted by path: a reader that wants the
// number of rows reads only the files whose rows it keeps. The files are
// checked on every core (onEveryCore: reading and hashing them is most of
// reading a sink's first rows, the run summary's and `etlgen show`'s);
// the error is the first failing file's in log order, as one by one.
func CommittedParts(dir string) ([]CommittedPart, error) {
	ws, err := ReadSinkLog(dir)
	if err != nil {
		return nil, err
	}
	var checks []partCheck
	for _, w := range ws {
		for _, b := range w.Batches {
			for _, f := range b.Files {
				checks = append(checks, partCheck{path: filepath.Join(dir, f.Path), log: filepath.Join(dir, sinkLogDir, w.ID+".log"), f: f, batch: b.BatchID})
			}
		}
	}
	err = onEveryCore(len(checks), func(i int) error {
		c := checks[i]
		return checkPartFile(c.path, c.log, c.f, c.batch)
	})
	if err != nil {
		return nil, err
	}
	out := make([]CommittedPart, len(checks))
	for i, c := range checks {
		out[i] = CommittedPart{Path: c.path, Rows: c.f.Rows, Sealed: c.f.SHA256 != ""}
	}
	slices.SortFunc(out, func(a, b CommittedPart) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// partCheck is one committed file to check against its sink log entry.
type partCheck struct {
	path, log string
	f         SinkFile
	batch     int64
}

// checkPartFile checks a committed part file against its entry in log:
// its size, and its SHA-256 when the log recorded one.
func checkPartFile(path, log string, f SinkFile, batch int64) error {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &PartFileError{File: path, Problem: fmt.Sprintf("batch %d committed it, but it is missing", batch)}
	case err != nil:
		return fmt.Errorf("read sink file: %w", err)
	case !st.Mode().IsRegular():
		return &PartFileError{File: path, Problem: fmt.Sprintf("batch %d committed a file, but this is a %s", batch, modeWord(st.Mode()))}
	case st.Size() != f.Size:
		return &PartFileError{File: path, Problem: fmt.Sprintf("batch %d committed %d bytes (sink log %s), but it has %d", batch, f.Size, log, st.Size())}
	case f.SHA256 == "":
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read sink file: %w", err)
	}
	if sum := partSum(data); sum != f.SHA256 {
		return &PartFileError{File: path, Problem: fmt.Sprintf("batch %d committed bytes of SHA-256 %q (sink log %s), but they are now of %s: the file or its log changed after the commit", batch, f.SHA256, log, sum)}
	}
	return nil
}

// partSum is the hex SHA-256 of a part file's bytes.
func partSum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// VerifySinkLog checks that the file sink directory dir holds the log of
// the checkpoint in cp (on the local engine) for every batch it committed:
// `etlgen show` calls it so that a deleted or cut log is an error, not
// fewer rows. A checkpoint that committed nothing, or has no identity
// yet, passes.
func VerifySinkLog(dir, cp string) error {
	id, ok, err := existingIdentity(cp)
	if err != nil || !ok {
		return err
	}
	commits, err := checkpoint{dir: cp}.ids("commits")
	if err != nil || len(commits) == 0 {
		return err
	}
	committed := commits[len(commits)-1]
	w, _, err := readWriterLog(filepath.Join(dir, sinkLogDir, id+".log"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if n := len(w.Batches); n == 0 || w.Batches[n-1].BatchID < committed {
		return &CheckpointError{Code: CodeSinkLogMismatch, Checkpoint: cp,
			Hint:    "restore the checkpoint and the sink directory together, or start over (`etlgen run --fresh`)",
			Problem: fmt.Sprintf("batches up to %d committed, but the sink log %s does not hold them all: the sink lost rows", committed, filepath.Join(dir, sinkLogDir, id+".log"))}
	}
	return nil
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
		return SinkWriter{}, 0, corruptLog(path, err)
	}
	complete = int64(bytes.LastIndexByte(data, '\n') + 1)
	lines := strings.Split(string(data[:complete]), "\n")
	for i, line := range lines[:max(len(lines)-1, 0)] {
		if err := decodeLogLine(&w, i, line); err != nil {
			return SinkWriter{}, 0, corruptLog(path, fmt.Errorf("line %d: %w", i+1, err))
		}
	}
	if w.Version == 0 && complete > 0 {
		return SinkWriter{}, 0, corruptLog(path, errors.New("no header line"))
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
