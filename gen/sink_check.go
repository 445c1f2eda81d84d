package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Staleness says how a file on disk differs from what would be generated.
type Staleness string

// The kinds of stale file.
const (
	StaleMissing  Staleness = "missing"  // the file does not exist on disk
	StaleChanged  Staleness = "changed"  // the file exists with other bytes
	StaleObsolete Staleness = "obsolete" // a generated file no generator produces any more
)

// StaleFile is one generated file that is out of date on disk.
type StaleFile struct {
	Path string
	Kind Staleness
}

// CheckSink compares files with the ones under Root and writes nothing: CI uses
// it to fail when committed generated files are stale.
type CheckSink struct {
	// Root is the directory the file paths are relative to.
	Root string
	// Stale lists the out-of-date files found by the last Write, in path order.
	Stale []StaleFile
}

// Write records every file that is missing or different on disk.
func (s *CheckSink) Write(_ context.Context, files []File) error {
	s.Stale = nil
	for _, f := range files {
		old, err := os.ReadFile(filepath.Join(s.Root, filepath.FromSlash(f.Path)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			s.Stale = append(s.Stale, StaleFile{Path: f.Path, Kind: StaleMissing})
		case err != nil:
			return fmt.Errorf("check %s: %w", f.Path, err)
		case !bytes.Equal(old, f.Data):
			s.Stale = append(s.Stale, StaleFile{Path: f.Path, Kind: StaleChanged})
		}
	}
	return nil
}

// Err returns nil when nothing is stale, and an error listing the stale files
// otherwise.
func (s *CheckSink) Err() error {
	if len(s.Stale) == 0 {
		return nil
	}
	parts := make([]string, len(s.Stale))
	for i, f := range s.Stale {
		parts[i] = f.Path + " (" + string(f.Kind) + ")"
	}
	return fmt.Errorf("generated files are stale: %s", strings.Join(parts, ", "))
}
