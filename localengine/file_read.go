package localengine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/etlgen/etlgen/diag"
)

// The sizes of the chunks a file source hands to validation: a batch's
// payloads never sit in memory all at once, only its rows.
const (
	scanChunkLines = 8192
	scanChunkBytes = 8 << 20
)

// payloadScanner is a Source that streams a batch's payloads in chunks
// (file sources): fn gets each chunk in order, its Raw slices valid only
// until fn returns. The warnings say what the read noticed and skipped.
type payloadScanner interface {
	Source
	Scan(start, end Offset, fn func([]Payload) error) ([]Warning, error)
}

// Read returns every line of the files of end (a copy of what Scan hands
// out); Scan's warnings are not returned.
func (f *FileSource) Read(start, end Offset) ([]Payload, error) {
	var out []Payload
	_, err := f.Scan(start, end, func(ps []Payload) error {
		for _, p := range ps {
			out = append(out, Payload{Raw: append([]byte(nil), p.Raw...), Pos: p.Pos})
		}
		return nil
	})
	return out, err
}

// Scan reads the files of end in order, every line a payload
// (file_lines.go), in chunks of at most scanChunkLines lines or about
// scanChunkBytes bytes. A file is read up to the size it had when the
// batch listed it, so that a re-run reads the same lines (a named pipe to
// its end).
func (f *FileSource) Scan(_, end Offset, fn func([]Payload) error) ([]Warning, error) {
	sc := &fileScan{src: f, fn: fn}
	spareScan.Lock()
	sc.arena, sc.chunk, spareScan.arena, spareScan.chunk = spareScan.arena, spareScan.chunk, nil, nil
	spareScan.Unlock()
	defer func() {
		spareScan.Lock()
		spareScan.arena, spareScan.chunk = sc.arena[:0], sc.chunk[:0]
		spareScan.Unlock()
	}()
	for i, n := range end.Files {
		var listed *FileStat
		if i < len(end.Listed) {
			listed = &end.Listed[i]
		}
		if err := sc.file(n, listed); err != nil {
			return sc.warnings, err
		}
	}
	return sc.warnings, sc.flush()
}

// spareScan keeps the arena and chunk of the last finished Scan for the
// next (at most a chunk's size, scanChunkBytes): a batch's scan then
// allocates nothing for its lines. (A sync.Pool would lose them to the
// collections between two batches.)
var spareScan struct {
	sync.Mutex
	arena []byte
	chunk []Payload
}

// fileScan is one Scan in progress: the chunk being filled (payloads whose
// Raw point into arena) and the warnings so far.
type fileScan struct {
	src      *FileSource
	fn       func([]Payload) error
	chunk    []Payload
	arena    []byte
	pos      int64
	warnings []Warning
}

// file reads one listed file.
func (sc *fileScan) file(name string, listed *FileStat) error {
	path := filepath.Join(sc.src.Dir, name)
	fh, err := os.Open(path)
	var fi fs.FileInfo
	if err == nil {
		defer fh.Close()
		if fi, err = fh.Stat(); err == nil && fi.IsDir() {
			err = fmt.Errorf("%s is now a directory: %w", path, fs.ErrNotExist)
		}
	}
	if errors.Is(err, fs.ErrNotExist) {
		return sc.missing(path, err)
	}
	if err != nil {
		return fmt.Errorf("read file source %s: %w", sc.src.Dir, err)
	}
	if !fi.Mode().IsRegular() {
		listed = nil // a named pipe: read to its end, no size to compare
	}
	var r io.Reader = fh
	if listed != nil {
		r = io.LimitReader(fh, listed.Size)
	}
	if err := sc.lines(r); err != nil {
		return fmt.Errorf("read file source %s: %w", path, err)
	}
	after, err := fh.Stat()
	if err != nil {
		return fmt.Errorf("read file source %s: %w", path, err)
	}
	if w, changed := changedWarning(path, listed, statOf(fi), statOf(after)); changed && fi.Mode().IsRegular() {
		sc.warnings = append(sc.warnings, w)
		sc.src.markReported(name)
	}
	return nil
}

// missing is what a listed file that is gone gives: a CodeFileMissing
// warning with IgnoreMissing, else a CodeFileMissing error.
func (sc *fileScan) missing(path string, err error) error {
	if sc.src.IgnoreMissing {
		sc.warnings = append(sc.warnings, Warning{Code: CodeFileMissing,
			Text: fmt.Sprintf("file %s was listed for the batch but is gone: skipped (ignore_missing_files)", path)})
		return nil
	}
	return &InputError{Code: CodeFileMissing, Path: path, Err: err}
}

// lines splits r into payloads, handing out full chunks.
func (sc *fileScan) lines(r io.Reader) error {
	lr := newLineReader(r, sc.src.MaxLine)
	for {
		l, ok, err := lr.next()
		if err != nil || !ok {
			return err
		}
		if len(sc.chunk) >= scanChunkLines || len(sc.arena)+len(l.Raw) > scanChunkBytes && len(sc.chunk) > 0 {
			if err := sc.flush(); err != nil {
				return err
			}
		}
		// Grow the arena and the chunk by doubling, not by append's 1.25 for
		// large slices: a chunk of a megabyte otherwise costs five in copies.
		if len(sc.arena)+len(l.Raw) > cap(sc.arena) {
			sc.arena = slices.Grow(sc.arena, max(cap(sc.arena), len(l.Raw), 64<<10))
		}
		if len(sc.chunk) == cap(sc.chunk) {
			sc.chunk = slices.Grow(sc.chunk, max(cap(sc.chunk), 256))
		}
		from := len(sc.arena)
		sc.arena = append(sc.arena, l.Raw...)
		sc.chunk = append(sc.chunk, Payload{Raw: sc.arena[from:len(sc.arena):len(sc.arena)], Pos: sc.pos})
		sc.pos++
	}
}

// flush hands out the chunk and reuses its memory. The arena is reset
// only after fn returned, so Raw slices stay valid while fn runs; a chunk
// that outgrew the arena got fresh backing arrays through append, which
// earlier slices keep pointing to.
func (sc *fileScan) flush() error {
	if len(sc.chunk) == 0 {
		return nil
	}
	err := sc.fn(sc.chunk)
	sc.chunk, sc.arena = sc.chunk[:0], sc.arena[:0]
	return err
}

// changedWarning compares what the listing, the open and the end of the
// read saw of a file: a file that changed between them was not read as it
// is now (files must be complete when they appear in the directory).
func changedWarning(path string, listed *FileStat, open, after FileStat) (Warning, bool) {
	base := open
	if listed != nil {
		base = *listed
	}
	if base == open && open == after {
		return Warning{}, false
	}
	text := fmt.Sprintf("file %s changed after the batch listed it (size %d → %d bytes, modified %s): the batch read its first %d bytes",
		path, base.Size, after.Size, fmtNanos(after.ModTime), min(base.Size, open.Size))
	if after.Size > base.Size {
		text += fmt.Sprintf("; the %s written since %s never read (the file counts as read)", diag.Count(int(after.Size-base.Size), "byte", "bytes"), diag.Plural(int(after.Size-base.Size), "is", "are"))
	}
	text += ". Write files elsewhere and rename them into the directory when complete, as Spark's file source requires."
	return Warning{Code: CodeFileChanged, Text: text}, true
}
