package irload

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// racyWindow is how close to the time an index was recorded a file's
// modification time must be for the index not to trust it: a file written
// again within the file system's timestamp granularity (2 s on the
// coarsest) keeps its time, so such files are compared by content.
const racyWindow = 2 * time.Second

// inputs are the files and package directories a cache key was hashed
// from.
type inputs struct {
	Files []fileStamp `json:"files"`
	Dirs  []dirStamp  `json:"dirs"`
}

// fileStamp is what a key hashed of one file: its size, modification time
// and a digest of its content, or that it could not be read.
type fileStamp struct {
	Path    string `json:"path"`
	Missing bool   `json:"missing,omitempty"`
	Size    int64  `json:"size,omitempty"`
	ModTime int64  `json:"mtime,omitempty"` // Unix nanoseconds
	Sum     string `json:"sum,omitempty"`
	// Imports are a Go file's imports when it was parsed for them (empty,
	// not nil, when it has none), so that a later hash need not parse it
	// again.
	Imports []string `json:"imports"`
}

// dirStamp is the list of files of a package directory a key hashed
// (packageFiles).
type dirStamp struct {
	Path  string   `json:"path"`
	Names []string `json:"names"`
}

// sourceIndex maps the stamps of a package's inputs to its cache key, so
// that a load of an unchanged package stats its files instead of reading
// and parsing them: the key is taken from the index when every directory
// lists the same files and every file has the same size and modification
// time (and, when that time is within racyWindow of Recorded, the same
// content); otherwise the key is hashed again and the index rewritten.
type sourceIndex struct {
	keys
	Recorded int64 `json:"recorded"` // Unix nanoseconds, before the first stat
	inputs
}

// stampOf is the stamp of a file with its stat and the digest of its
// content.
func stampOf(path string, info fs.FileInfo, sum string) fileStamp {
	return fileStamp{Path: path, Size: info.Size(), ModTime: info.ModTime().UnixNano(), Sum: sum}
}

// vouched are the stamps of ix a later hash may take instead of reading
// the files (keyHasher.file): those of files that were read, recorded out
// of the racy window, Go files only with their imports.
func (ix *sourceIndex) vouched() map[string]fileStamp {
	if ix == nil {
		return nil
	}
	racy := ix.Recorded - int64(racyWindow)
	out := map[string]fileStamp{}
	for _, f := range ix.Files {
		if !f.Missing && f.Sum != "" && f.Size >= 0 && f.ModTime < racy && (f.Imports != nil || !strings.HasSuffix(f.Path, ".go")) {
			out[f.Path] = f
		}
	}
	return out
}

// digest is the hex SHA-256 of data.
func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// sourceKey returns the cache key of pkg, from the index in cache when it
// still holds, else hashed (cacheKey) and indexed.
func sourceKey(cache string, m module, pkg string) (string, error) {
	k, err := sourceKeys(cache, m, pkg)
	return k.Program, err
}

// sourceKeys returns both keys of pkg, from the index in cache when it
// still holds, else hashed (hashInputs) and indexed; concurrent calls for
// the same package share one (shared).
func sourceKeys(cache string, m module, pkg string) (keys, error) {
	path := indexPath(cache, m, pkg)
	return shared(path, func() (keys, error) { return indexedKeys(path, m, pkg) })
}

// indexedKeys is sourceKeys for the index at path.
func indexedKeys(path string, m module, pkg string) (keys, error) {
	ix, err := readIndex(path)
	if err == nil && ix.fresh() {
		return ix.keys, nil
	}
	if err != nil {
		ix = nil
	}
	recorded := time.Now()
	k, in, err := hashInputsFrom(m, pkg, ix)
	if err != nil {
		return keys{}, err
	}
	writeIndex(path, sourceIndex{keys: k, Recorded: recorded.UnixNano(), inputs: in})
	return k, nil
}

// indexPath is the file of the index of pkg in m under the environment.
func indexPath(cache string, m module, pkg string) string {
	name := digest([]byte(strings.Join(keyEnv(m, pkg), "\x00")))[:32]
	return filepath.Join(cache, "index", name+".json")
}

// readIndex reads an index file.
func readIndex(path string) (*sourceIndex, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ix sourceIndex
	if err := json.Unmarshal(data, &ix); err != nil {
		return nil, fmt.Errorf("read source index %s: %w", path, err)
	}
	return &ix, nil
}

// writeIndex stores an index.
func writeIndex(path string, ix sourceIndex) {
	data, err := json.Marshal(ix)
	if err != nil || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	writeCached(path, data)
}

// fresh reports whether the inputs are still those the key was hashed
// from.
func (ix *sourceIndex) fresh() bool {
	if ix.Program == "" || ix.Decl == "" {
		return false
	}
	for _, d := range ix.Dirs {
		names, err := packageFiles(d.Path)
		if err != nil || !slices.Equal(names, d.Names) {
			return false
		}
	}
	racy := ix.Recorded - int64(racyWindow)
	for _, f := range ix.Files {
		if !f.unchanged(racy) {
			return false
		}
	}
	return true
}

// unchanged reports whether a file still has its stamp; files modified
// after racy are compared by content.
func (f fileStamp) unchanged(racy int64) bool {
	info, err := os.Stat(f.Path)
	if f.Missing {
		return err != nil || info.IsDir()
	}
	if err != nil || !info.Mode().IsRegular() || info.Size() != f.Size || info.ModTime().UnixNano() != f.ModTime {
		return false
	}
	if f.ModTime < racy {
		return true
	}
	data, err := os.ReadFile(f.Path)
	return err == nil && digest(data) == f.Sum
}
