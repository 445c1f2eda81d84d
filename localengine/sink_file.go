package localengine

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FileSink is the `file-json` sink, Spark's FileStreamSink with a log per
// checkpoint: each non-empty batch writes one JSON-lines file named by the
// batch id and the writing checkpoint's identity,
// part-<batch>-<checkpoint id>.jsonl, then appends the batch to the
// checkpoint's log in _etlgen_sink/<checkpoint id>.log (sink_log.go).
// A batch in the log is skipped when written again (a re-run after a
// crash, a replay), as Spark skips batches its _spark_metadata log holds;
// a batch re-run before its log line rewrites exactly its own file. A new
// checkpoint over the same directory writes files of its own beside the
// old ones, never over them.
type FileSink struct {
	Dir string
	// ID is the writing checkpoint's identity; Checkpoint its directory,
	// recorded in the log's header.
	ID, Checkpoint string
	loaded         bool
	logged         bool  // the log holds a batch
	last           int64 // the last batch in the log
	// size and tail are the log's length and its last bytes as the sink
	// read or wrote them: append checks them first (sink_log_watch.go).
	size int64
	tail []byte
}

// partName is the file of batch id written by checkpoint cp.
func partName(id int64, cp string) string { return fmt.Sprintf("part-%05d-%s.jsonl", id, cp) }

// logPath is the sink log of the writing checkpoint.
func (f *FileSink) logPath() string { return filepath.Join(f.Dir, sinkLogDir, f.ID+".log") }

// Write writes the batch's file and logs the batch, unless the log has it:
// the rows are encoded as they are written, never all in memory
// (sink_stream.go).
func (f *FileSink) Write(_ string, id int64, s *Schema, rows []Row) (bool, error) {
	w, skipped, err := f.begin(id, s)
	if err != nil || skipped {
		return skipped, err
	}
	w.add(rows)
	return false, w.commit()
}

// load reads the checkpoint's log once: the last batch it holds. A line
// cut short by a crash is cut off, so the next line starts clean.
func (f *FileSink) load() error {
	if f.loaded {
		return nil
	}
	w, complete, err := readWriterLog(f.logPath())
	if errors.Is(err, fs.ErrNotExist) {
		f.loaded = true
		return nil
	}
	if err != nil {
		return err
	}
	if complete > 0 && w.ID != f.ID {
		return &SinkLogError{Log: f.logPath(), Problem: fmt.Sprintf("its header names checkpoint %s, not this checkpoint's %s", w.ID, f.ID)}
	}
	if err := os.Truncate(f.logPath(), complete); err != nil {
		return fmt.Errorf("repair sink log: %w", unwritable(f.logPath(), err))
	}
	if err := f.remember(complete); err != nil {
		return err
	}
	if n := len(w.Batches); n > 0 {
		f.logged, f.last = true, w.Batches[n-1].BatchID
	}
	f.loaded = true
	return nil
}

// append adds a batch to the log, created with its header when new: one
// write per line, so a crash leaves at most a partial last line.
func (f *FileSink) append(b SinkBatch) error {
	if err := os.MkdirAll(filepath.Dir(f.logPath()), 0o755); err != nil {
		return unwritable(f.logPath(), err)
	}
	lf, err := f.openLog()
	if err != nil {
		return err
	}
	var line []byte
	if f.size == 0 {
		line, _ = json.Marshal(SinkWriter{Version: sinkLogVersion, ID: f.ID, Checkpoint: f.Checkpoint})
		line = append(line, '\n')
	}
	data, _ := json.Marshal(b)
	line = append(append(line, data...), '\n')
	_, err = lf.Write(line)
	if cerr := lf.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return unwritable(f.logPath(), err)
	}
	f.logged, f.last = true, b.BatchID
	f.wrote(line)
	return nil
}

// lastLogged returns the last batch the checkpoint's log holds; ok is
// false when the checkpoint logged nothing here (recovery checks it).
func (f *FileSink) lastLogged() (int64, bool, error) {
	if err := f.load(); err != nil {
		return 0, false, err
	}
	return f.last, f.logged, nil
}

// logFile is the checkpoint's log in the sink directory.
func (f *FileSink) logFile() string { return f.logPath() }

// otherWriters returns the checkpoints other than the sink's own that
// committed batches into its directory.
func (f *FileSink) otherWriters() ([]SinkWriter, error) {
	ws, err := ReadSinkLog(f.Dir)
	if err != nil {
		return nil, err
	}
	var out []SinkWriter
	for _, w := range ws {
		if w.ID != f.ID && len(w.Batches) > 0 {
			out = append(out, w)
		}
	}
	return out, nil
}

// ForeignSinkWriters returns the checkpoints other than the query's own
// that committed batches into its file sink's directory (a new checkpoint
// over an existing sink: its files are written beside theirs); none for
// other sinks.
func (q *Query) ForeignSinkWriters() ([]SinkWriter, error) {
	if f, ok := q.sink.(*FileSink); ok {
		return f.otherWriters()
	}
	return nil, nil
}
