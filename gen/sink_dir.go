package gen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// DirSink writes files under Root. A file whose bytes are already on disk is
// left untouched, so regenerating is a no-op for make and git. With an
// Owner, the sink keeps Root's ownership ledger (LedgerFile): it refuses to
// write over another owner's file (CodeOwnershipConflict) and Prune removes
// only files the same owner wrote before. Without one it never prunes.
type DirSink struct {
	// Root is the directory the file paths are relative to.
	Root string
	// Owner is what the run generates for; zero for no ledger.
	Owner Owner
	// Written lists the paths actually (re)written by the last Write (and
	// LedgerFile when Prune rewrote it).
	Written []string
	// Removed lists the obsolete generated files removed by Prune.
	Removed []string
	// Unowned lists the generated files matching an owned pattern that
	// Prune kept because no owner in the ledger lists them (written before
	// the ledger existed): obsolete or another run's, only a person can tell.
	Unowned []string
}

// Write writes every changed file atomically (temporary file, then rename);
// nothing when the ledger is unreadable or a file is another owner's.
func (s *DirSink) Write(ctx context.Context, files []File) error {
	s.Written = nil
	if err := checkOwnership(s.Root, s.Owner, files); err != nil {
		return err
	}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		dst := filepath.Join(s.Root, filepath.FromSlash(f.Path))
		if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := writeAtomic(dst, f.Data); err != nil {
			return fmt.Errorf("write %s: %w", dst, err)
		}
		s.Written = append(s.Written, f.Path)
	}
	return nil
}

// writeAtomic writes data to a temporary file beside dst and renames it.
func writeAtomic(dst string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".etlgen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}
