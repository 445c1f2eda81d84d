package localengine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// FileSource is the `file-json` source: JSON-lines files (*.json, *.jsonl)
// in a directory, each file read once, new files in name order (Spark's
// FileStreamSource orders by modification time; the local engine by name,
// which is stable), its lines split as Spark's text source splits them
// (file_lines.go). A batch takes at most MaxFiles files, or files up to
// MaxBytes bytes (the first one whatever its size), as maxFilesPerTrigger
// and maxBytesPerTrigger do.
//
// Files are what Spark's listing (Hadoop's FileStatus) calls files:
// anything that is not a directory once links are followed. Directories
// (also a directory, or a link to one, named x.jsonl) and dangling links
// are skipped; a link to a file is read, and so is a named pipe (to its
// end, having no size to list).
type FileSource struct {
	Dir      string
	MaxFiles int
	// MaxBytes bounds the bytes of a batch's files; 0 means no bound.
	MaxBytes int64
	// IgnoreMissing skips a listed file that is gone when its batch reads
	// it, with a CodeFileMissing warning (Spark's ignoreMissingFiles);
	// otherwise the batch fails with a CodeFileMissing error.
	IgnoreMissing bool
	// MaxLine is the longest line kept whole; 0 means MaxLineBytes.
	MaxLine int
	seen    map[string]bool
	// listed is what a batch listed of each file read (file_grew.go);
	// reported the files whose change was reported; notices what the
	// listings noticed, for TakeNotices.
	listed   map[string]FileStat
	reported map[string]bool
	notices  []Warning
}

// FileStat is what a file source knew of a file when it listed it.
type FileStat struct {
	Size int64 `json:"size"`
	// ModTime is the modification time in Unix nanoseconds.
	ModTime int64 `json:"modTimeNs"`
}

// fitLines makes the longest line kept whole longer than the payload
// limit of contract c, so that a line is cut only when it is too large
// anyway (PAYLOAD_TOO_LARGE), never when it could be valid.
func (f *FileSource) fitLines(c *contracts.Contract) {
	limit := c.MaxPayloadBytes
	if limit <= 0 {
		limit = contracts.DefaultMaxPayloadBytes
	}
	f.MaxLine = max(f.MaxLine, MaxLineBytes, limit+1)
}

// statOf is the FileStat of a file's info.
func statOf(fi fs.FileInfo) FileStat {
	return FileStat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
}

// Identity returns the directory.
func (f *FileSource) Identity() string { return f.Dir }

// MarkSeen records the files of a logged offset (on restart).
func (f *FileSource) MarkSeen(o Offset) {
	if f.seen == nil {
		f.seen = map[string]bool{}
	}
	for _, n := range o.Files {
		f.seen[n] = true
	}
	f.recordListed(o)
}

// listedFile is a new file found by a listing.
type listedFile struct {
	name string
	stat FileStat
}

// Next lists the directory and proposes the next unseen files.
func (f *FileSource) Next(start Offset) (Offset, bool, error) {
	end, ok, err := f.propose(start, true)
	if ok {
		f.MarkSeen(end)
	}
	return end, ok, err
}

// peek is the offset Next would propose after start now, recording
// nothing (no file marked seen, no change of a read file noticed): what a
// read ahead reads (read_ahead.go).
func (f *FileSource) peek(start Offset) (Offset, bool, error) { return f.propose(start, false) }

// propose lists the directory and proposes the next unseen files after
// start; check notices the changes of the files read before.
func (f *FileSource) propose(start Offset, check bool) (Offset, bool, error) {
	files, err := f.list(check)
	if err != nil {
		return Offset{}, false, err
	}
	files = f.admit(files)
	if len(files) == 0 {
		return Offset{N: start.N}, false, nil
	}
	end := Offset{N: start.N + int64(len(files))}
	for _, lf := range files {
		end.Files = append(end.Files, lf.name)
		end.Listed = append(end.Listed, lf.stat)
	}
	return end, true, nil
}

// list returns the unseen *.json and *.jsonl files, by name; names
// starting with "." or "_" are hidden, as in Spark. check notices the
// changes of the seen ones (file_grew.go).
func (f *FileSource) list(check bool) ([]listedFile, error) {
	entries, err := os.ReadDir(f.Dir)
	if err != nil {
		return nil, fmt.Errorf("list file source %s: %w", f.Dir, err)
	}
	var out []listedFile
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") ||
			!(strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".json")) {
			continue
		}
		if f.seen[n] {
			if check {
				f.checkRead(n)
			}
			continue
		}
		fi, err := os.Stat(filepath.Join(f.Dir, n)) // follows links
		if errors.Is(err, fs.ErrNotExist) {
			continue // a dangling link, or gone since ReadDir
		}
		if err != nil {
			return nil, fmt.Errorf("list file source %s: %w", f.Dir, err)
		}
		if !fi.IsDir() {
			out = append(out, listedFile{name: n, stat: statOf(fi)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// admit limits new files to one batch: MaxFiles files, or as many files as
// fit in MaxBytes, the first one always (FileStreamSource.takeFilesUntilMax).
func (f *FileSource) admit(files []listedFile) []listedFile {
	if f.MaxFiles > 0 && len(files) > f.MaxFiles {
		return files[:f.MaxFiles]
	}
	if f.MaxBytes <= 0 {
		return files
	}
	var sum int64
	for i, lf := range files {
		sum += lf.stat.Size
		if i > 0 && sum > f.MaxBytes {
			return files[:i]
		}
	}
	return files
}
