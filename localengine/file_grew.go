package localengine

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/diag"
)

// CodeFileGrew: a file a batch read changed afterwards, found by a later
// listing (a warning: what was written after the batch's listing is never
// read; docs/diagnostics.md, "Run-time input").
const CodeFileGrew = "ETL-E760"

// A file source reads a file once, up to the size it had when a batch
// listed it, as Spark's file source does: a file still being written is
// read in part, the rest never. The batch's read warns (CodeFileChanged)
// when the file changes while it runs; each later listing checks the
// files read before against what their batch listed, and a file that
// changed since gets one CodeFileGrew warning, named, with the bytes
// never read. The warnings are the query's notices (Query.takeNotices),
// with or without a batch to run.

// recordListed remembers what a batch listed of its files.
func (f *FileSource) recordListed(o Offset) {
	if f.listed == nil {
		f.listed = map[string]FileStat{}
	}
	for i, n := range o.Files {
		if i < len(o.Listed) {
			f.listed[n] = o.Listed[i]
		}
	}
}

// checkRead compares a file read before with what its batch listed; a
// change not yet reported is a CodeFileGrew warning. A file now gone, or
// that the batch's read already reported changing, is not.
func (f *FileSource) checkRead(name string) {
	was, ok := f.listed[name]
	if !ok || f.reported[name] {
		return
	}
	path := filepath.Join(f.Dir, name)
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return
	}
	now := statOf(fi)
	if now == was {
		return
	}
	f.markReported(name)
	text := fmt.Sprintf("file %s changed after a batch read it (size %d → %d bytes, modified %s → %s)",
		path, was.Size, now.Size, fmtNanos(was.ModTime), fmtNanos(now.ModTime))
	if grew := now.Size - was.Size; grew > 0 {
		text += fmt.Sprintf(": the %s appended since %s never read (the file counts as read)",
			diag.Count(int(grew), "byte", "bytes"), diag.Plural(int(grew), "is", "are"))
	} else {
		text += ": the batch read it as it was listed; it is not read again"
	}
	text += ". Write files elsewhere and rename them into the directory when complete, as Spark's file source requires."
	f.notices = append(f.notices, Warning{Code: CodeFileGrew, Text: text})
}

// markReported records that a change of the file was reported.
func (f *FileSource) markReported(name string) {
	if f.reported == nil {
		f.reported = map[string]bool{}
	}
	f.reported[name] = true
}

// TakeNotices returns what the listings noticed since the last call.
func (f *FileSource) TakeNotices() []Warning {
	out := f.notices
	f.notices = nil
	return out
}

// noticer is a source whose listings notice things outside any batch.
type noticer interface {
	TakeNotices() []Warning
}
