package localengine

// Codes of the errors the local engine returns when a checkpoint cannot be
// used as it is. They are stable, documented in docs/diagnostics.md (K5xx,
// at run time), and carried by the error types below, never by a
// diagnostic list: the run stops before its first batch.
const (
	// CodeCheckpointLocked: another process (or an engine in this one)
	// holds the checkpoint's lock (LockedError).
	CodeCheckpointLocked = "ETL-K520"
	// CodeCheckpointGap: the checkpoint's offsets, commits and state
	// snapshots do not line up (CheckpointError).
	CodeCheckpointGap = "ETL-K521"
	// CodeSinkLogMismatch: a sink's log of committed batches disagrees
	// with the checkpoint (CheckpointError).
	CodeSinkLogMismatch = "ETL-K522"
	// CodeStateChain: the state of a retained batch cannot be rebuilt: a
	// state delta is missing after the snapshot it starts from
	// (CheckpointError).
	CodeStateChain = "ETL-K523"
	// CodeBadOffsets: an offsets file of the checkpoint fails its own
	// consistency check (CheckpointError).
	CodeBadOffsets = "ETL-K526"
)

// CheckpointError is a checkpoint the engine refuses to resume from: a
// batch would be re-planned over different data, rewriting or skipping
// output, so the run stops before it instead of losing rows.
type CheckpointError struct {
	// Code is CodeCheckpointGap, CodeSinkLogMismatch, CodeStateChain or
	// CodeBadOffsets.
	Code string
	// Checkpoint is the query's checkpoint directory.
	Checkpoint string
	// Problem says what does not line up; Hint how to recover.
	Problem, Hint string
}

// Error says what is wrong and how to recover.
func (e *CheckpointError) Error() string {
	return e.Code + ": checkpoint " + e.Checkpoint + ": " + e.Problem + " (" + e.Hint + ")"
}

// CodeSinkLogUntrusted: a file sink's log (or its directory) fails the
// checks that confine what it names to the sink directory (SinkLogError).
const CodeSinkLogUntrusted = "ETL-K524"

// SinkLogError is a file sink's log the engine does not trust: a header
// whose id is not the log's file name, a batch naming a file that is not
// one of the writing checkpoint's own part files in the sink directory, or
// a log directory or part file that is a symbolic link or a directory.
// Nothing is read or deleted because of such a log.
type SinkLogError struct {
	// Log is the log file (or the log directory, or the part file).
	Log string
	// Problem says what is wrong.
	Problem string
}

// Error says what is wrong and how to recover.
func (e *SinkLogError) Error() string {
	return CodeSinkLogUntrusted + ": sink log " + e.Log + ": " + e.Problem +
		" (etlgen writes only its own part files, by plain name, into the sink directory: restore the sink directory from a backup, or remove the log after checking what wrote it)"
}

// CodePartFileChanged: a committed part file of a file sink is missing or
// not what its log recorded (PartFileError).
const CodePartFileChanged = "ETL-K525"

// PartFileError is a committed part file that is missing, not a regular
// file, or not of the size its sink log recorded at commit: it was
// deleted, torn, truncated, appended to or replaced after the batch
// committed. Nothing reads it as it is.
type PartFileError struct {
	// File is the part file.
	File string
	// Problem says what differs.
	Problem string
}

// Error says what is wrong and how to recover.
func (e *PartFileError) Error() string {
	return CodePartFileChanged + ": sink file " + e.File + ": " + e.Problem +
		" (restore the sink directory from a backup, or start over with `etlgen run --fresh`)"
}
