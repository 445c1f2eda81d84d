package localengine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// checkpointIDPattern is what a checkpoint identity may look like in a
// sink log's file name and header: newUUID's form, or any id of letters,
// digits and dashes (an older or hand-made checkpoint), never a path.
var checkpointIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,127}$`)

// partPattern is a part file's name: part-<batch>-<checkpoint id>.jsonl
// (partName), the id captured.
var partPattern = regexp.MustCompile(`^part-[0-9]{5,19}-([A-Za-z0-9-]+)\.jsonl$`)

// checkWriter confines a log to its sink directory: its header's id is
// the log's file name, and every file of every batch is one of that
// checkpoint's own part files, by plain name. A log failing them could
// make `run --fresh` delete, or `show` read, files elsewhere.
func checkWriter(path string, w SinkWriter) error {
	untrusted := func(format string, args ...any) error {
		return &SinkLogError{Log: path, Problem: fmt.Sprintf(format, args...)}
	}
	if !checkpointIDPattern.MatchString(w.ID) {
		return untrusted("its header's checkpoint id %q is not an id", w.ID)
	}
	if name := filepath.Base(path); name != w.ID+".log" {
		return untrusted("its header names checkpoint %s, but the log of that checkpoint is %s.log", w.ID, w.ID)
	}
	for _, b := range w.Batches {
		for _, f := range b.Files {
			m := partPattern.FindStringSubmatch(f.Path)
			switch {
			case m == nil:
				return untrusted("batch %d names %q, not a part file of the sink directory", b.BatchID, f.Path)
			case m[1] != w.ID:
				return untrusted("batch %d names %s, a part file of checkpoint %s, not of %s", b.BatchID, f.Path, m[1], w.ID)
			case f.Size < 0 || f.Rows < 0:
				return untrusted("batch %d gives %s a negative size or row count", b.BatchID, f.Path)
			}
		}
	}
	return nil
}

// checkLogDir refuses a sink directory whose log directory is not a
// directory of its own: a symbolic link would make the logs (and what
// `--fresh` deletes among them) live elsewhere.
func checkLogDir(dir string) error {
	p := filepath.Join(dir, sinkLogDir)
	st, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read sink log %s: %w", dir, err)
	}
	if !st.IsDir() {
		return &SinkLogError{Log: p, Problem: "a " + modeWord(st.Mode()) + ", not a directory"}
	}
	return nil
}

// removableFile reports whether path, a file a sink log or a part name
// points at, may be removed by `--fresh`: a regular file or a symbolic
// link (removing a link removes the link, never its target). A directory
// under a part file's name is refused: etlgen never wrote it.
func removableFile(path string) error {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("start over: %w", err)
	}
	if t := st.Mode().Type(); t != 0 && t != fs.ModeSymlink {
		return &SinkLogError{Log: path, Problem: "a part file's name on a " + modeWord(st.Mode()) + ", not a file etlgen wrote"}
	}
	return nil
}

// modeWord names a file's type for messages.
func modeWord(m fs.FileMode) string {
	switch t := m.Type(); {
	case t == 0:
		return "regular file"
	case t&fs.ModeDir != 0:
		return "directory"
	case t&fs.ModeSymlink != 0:
		return "symbolic link"
	case t&fs.ModeNamedPipe != 0:
		return "named pipe"
	case t&fs.ModeSocket != 0:
		return "socket"
	case t&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}
