package localengine

import "fmt"

// Codes of the errors about one file of a checkpoint or a file sink that
// the engine cannot read back or write (FileError).
const (
	// CodeCheckpointUnreadable: a file of the checkpoint (metadata,
	// commits/N, state/N.delta, state/N.snapshot, sources/seen.json)
	// cannot be read or is not what the engine wrote, or the metadata
	// file is missing from a checkpoint with offsets.
	CodeCheckpointUnreadable = "ETL-K535"
	// CodeFileUnwritable: the engine cannot write a file of a checkpoint
	// or of a file sink (its part file or its log).
	CodeFileUnwritable = "ETL-K536"
	// CodeSinkLogCorrupt: a file sink's log is not what the engine wrote:
	// a line that does not decode, no header, batches out of order.
	CodeSinkLogCorrupt = "ETL-K537"
)

// FileError is one file of a checkpoint or a file sink that the engine
// cannot read back (CodeCheckpointUnreadable, CodeSinkLogCorrupt) or write
// (CodeFileUnwritable): the run stops naming it instead of resuming from
// a guess.
type FileError struct {
	// Code is CodeCheckpointUnreadable, CodeSinkLogCorrupt or
	// CodeFileUnwritable.
	Code string
	// Path is the file.
	Path string
	// Err is the cause.
	Err error
}

// fileErrorText is, per code, what a FileError says of its file and how
// to recover.
var fileErrorText = map[string][2]string{
	CodeCheckpointUnreadable: {"checkpoint file", "restore the checkpoint from a backup, or start over with `etlgen run --fresh`; never edit checkpoint files"},
	CodeFileUnwritable:       {"write", "make it writable — no directory or immutable file in its place, a writable parent, space on the disk — and run again: the checkpoint re-runs the batch"},
	CodeSinkLogCorrupt:       {"sink log", "restore the sink directory and the checkpoint from a backup together, or start over with `etlgen run --fresh`; never edit sink logs"},
}

// Error names the file, the cause and how to recover.
func (e *FileError) Error() string {
	t := fileErrorText[e.Code]
	return fmt.Sprintf("%s: %s %s: %v (%s)", e.Code, t[0], e.Path, e.Err, t[1])
}

// Unwrap returns the cause.
func (e *FileError) Unwrap() error { return e.Err }

// unreadable is a CodeCheckpointUnreadable error about path.
func unreadable(path string, err error) error {
	return &FileError{Code: CodeCheckpointUnreadable, Path: path, Err: err}
}

// corruptLog is a CodeSinkLogCorrupt error about the sink log at path.
func corruptLog(path string, err error) error {
	return &FileError{Code: CodeSinkLogCorrupt, Path: path, Err: err}
}

// unwritable is a CodeFileUnwritable error about path.
func unwritable(path string, err error) error {
	return &FileError{Code: CodeFileUnwritable, Path: path, Err: err}
}
