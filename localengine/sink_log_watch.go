package localengine

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// tailLen is how many of a sink log's last bytes a FileSink remembers to
// check before it appends.
const tailLen = 512

// remember records the log's first size bytes as what the sink knows of
// it: its size and its last bytes.
func (f *FileSink) remember(size int64) error {
	f.size, f.tail = size, nil
	if size == 0 {
		return nil
	}
	lf, err := os.Open(f.logPath())
	if err != nil {
		return corruptLog(f.logPath(), err)
	}
	defer lf.Close()
	tail := make([]byte, min(size, tailLen))
	if _, err := lf.ReadAt(tail, size-int64(len(tail))); err != nil {
		return corruptLog(f.logPath(), err)
	}
	f.tail = tail
	return nil
}

// wrote records line as appended to the log.
func (f *FileSink) wrote(line []byte) {
	f.size += int64(len(line))
	t := append(f.tail, line...)
	f.tail = bytes.Clone(t[max(len(t)-tailLen, 0):])
}

// openLog opens the log for appending after checking that it is still
// what the sink read or wrote: of the same size, ending with the same
// bytes. A log deleted, cut, appended to or overwritten by someone else
// while the run holds it is a CodeSinkLogCorrupt error naming it:
// appending would log this run's batches after a gap, and a reader would
// see fewer rows than committed.
func (f *FileSink) openLog() (*os.File, error) {
	flags := os.O_RDWR | os.O_APPEND
	if f.size == 0 {
		flags |= os.O_CREATE
	}
	lf, err := os.OpenFile(f.logPath(), flags, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, corruptLog(f.logPath(), fmt.Errorf("it was deleted while the run appended to it (it held %d bytes)", f.size))
	}
	if err != nil {
		return nil, unwritable(f.logPath(), err)
	}
	if err := f.unchanged(lf); err != nil {
		lf.Close()
		return nil, corruptLog(f.logPath(), err)
	}
	return lf, nil
}

// unchanged checks the open log against the size and tail the sink
// remembers.
func (f *FileSink) unchanged(lf *os.File) error {
	st, err := lf.Stat()
	if err != nil {
		return err
	}
	if st.Size() != f.size {
		return fmt.Errorf("it changed while the run appended to it: %d bytes where the run left %d", st.Size(), f.size)
	}
	tail := make([]byte, len(f.tail))
	if _, err := lf.ReadAt(tail, f.size-int64(len(tail))); err != nil {
		return err
	}
	if !bytes.Equal(tail, f.tail) {
		return fmt.Errorf("it changed while the run appended to it: its last %d bytes are not the ones the run wrote", len(tail))
	}
	return nil
}
