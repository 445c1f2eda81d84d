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
// it to fail when committed generated files are stale. With an Owner it
// applies DirSink's ownership rules: the same conflicts are errors, only
// files the same owner wrote before are obsolete, and a ledger the run
// would change is stale.
type CheckSink struct {
	// Root is the directory the file paths are relative to.
	Root string
	// Owner is what the run generates for; zero for no ledger.
	Owner Owner
	// Stale lists the out-of-date files found by the last Write and Prune,
	// in path order.
	Stale []StaleFile
	// Unowned lists the generated files matching an owned pattern that no
	// owner in the ledger lists (see DirSink.Unowned).
	Unowned []string
}

// Write records every file that is missing or different on disk; a file of
// another owner's that the run would rewrite is an error.
func (s *CheckSink) Write(_ context.Context, files []File) error {
	s.Stale, s.Unowned = nil, nil
	if err := checkOwnership(s.Root, s.Owner, files); err != nil {
		return err
	}
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
