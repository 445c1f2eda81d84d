package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Pruner is a Sink that also deals with the files a run did not produce:
// files matching the generators' owned patterns that the sink's Owner wrote
// before (e.g. the ODCS file of a deleted contract) are obsolete. Prune is
// given the patterns and the files the run produced; it also records them
// as the owner's in the ledger (LedgerFile).
type Pruner interface {
	Prune(ctx context.Context, owned []string, files []File) error
}

// generatedFiles lists, sorted, the slash paths under root that match one
// of the owned patterns, start with the generated-file header and are not
// kept.
func generatedFiles(root string, owned []string, keep map[string]bool) ([]string, error) {
	var out []string
	for _, pat := range owned {
		matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		if err != nil {
			return nil, fmt.Errorf("prune %s: %w", pat, err)
		}
		for _, m := range matches {
			rel, err := filepath.Rel(root, m)
			if err != nil {
				return nil, err
			}
			rel = filepath.ToSlash(rel)
			if !keep[rel] && isGenerated(m) {
				out = append(out, rel)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// isGenerated reports whether the file's first line carries Header.
func isGenerated(file string) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	return bytes.Contains(line, []byte(Header)) || bytes.Contains(data[:min(len(data), 512)], []byte(`"$comment": "`+Header+`"`))
}

// prunePlan reads root's ledger and returns what o's run finds among the
// files it did not produce, and the ledger's new bytes (nil: no entry
// left). A zero owner prunes nothing and keeps no ledger.
func prunePlan(root string, o Owner, owned []string, files []File) (pruning, []byte, error) {
	if o.IsZero() {
		return pruning{}, nil, nil
	}
	l, err := readLedger(root)
	if err != nil {
		return pruning{}, nil, err
	}
	keep := make(map[string]bool, len(files))
	for _, f := range files {
		keep[f.Path] = true
	}
	pr, err := prunable(root, l, o, owned, keep)
	if err != nil {
		return pruning{}, nil, err
	}
	data, err := l.record(o, files)
	return pr, data, err
}

// checkOwnership reads root's ledger and reports the files o would write
// over another owner's (conflicts); a zero owner checks nothing.
func checkOwnership(root string, o Owner, files []File) error {
	if o.IsZero() {
		return nil
	}
	l, err := readLedger(root)
	if err != nil {
		return err
	}
	return conflicts(root, l, o, files)
}

// Prune removes the obsolete files the owner wrote before, lists the
// unowned ones, and records the run in the ledger.
func (s *DirSink) Prune(_ context.Context, owned []string, files []File) error {
	s.Removed, s.Unowned = nil, nil
	pr, ledger, err := prunePlan(s.Root, s.Owner, owned, files)
	if err != nil || s.Owner.IsZero() {
		return err
	}
	for _, p := range pr.obsolete {
		if err := os.Remove(filepath.Join(s.Root, filepath.FromSlash(p))); err != nil {
			return fmt.Errorf("prune: %w", err)
		}
		s.Removed = append(s.Removed, p)
	}
	s.Unowned = pr.unowned
	return s.writeLedger(ledger)
}

// writeLedger writes the ledger when its bytes changed, or removes it when
// no entry is left.
func (s *DirSink) writeLedger(data []byte) error {
	file := filepath.Join(s.Root, LedgerFile)
	old, err := os.ReadFile(file)
	switch {
	case data == nil && errors.Is(err, fs.ErrNotExist):
		return nil
	case data == nil:
		return os.Remove(file)
	case err == nil && bytes.Equal(old, data):
		return nil
	}
	if err := writeAtomic(file, data); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	s.Written = append(s.Written, LedgerFile)
	return nil
}

// Prune records the obsolete files the owner wrote before, and a ledger
// that the run would change, as stale.
func (s *CheckSink) Prune(_ context.Context, owned []string, files []File) error {
	pr, ledger, err := prunePlan(s.Root, s.Owner, owned, files)
	if err != nil || s.Owner.IsZero() {
		return err
	}
	for _, p := range pr.obsolete {
		s.Stale = append(s.Stale, StaleFile{Path: p, Kind: StaleObsolete})
	}
	s.Unowned = pr.unowned
	old, err := os.ReadFile(filepath.Join(s.Root, LedgerFile))
	switch {
	case errors.Is(err, fs.ErrNotExist) && ledger != nil:
		s.Stale = append(s.Stale, StaleFile{Path: LedgerFile, Kind: StaleMissing})
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("check %s: %w", LedgerFile, err)
	case err == nil && ledger == nil:
		s.Stale = append(s.Stale, StaleFile{Path: LedgerFile, Kind: StaleObsolete})
	case err == nil && !bytes.Equal(old, ledger):
		s.Stale = append(s.Stale, StaleFile{Path: LedgerFile, Kind: StaleChanged})
	}
	sort.Slice(s.Stale, func(i, j int) bool { return s.Stale[i].Path < s.Stale[j].Path })
	return nil
}
