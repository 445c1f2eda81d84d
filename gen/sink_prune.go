package gen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Pruner is a Sink that also deals with obsolete files: files matching the
// generators' owned patterns, carrying the generated-file header, that the
// run did not produce (e.g. the ODCS file of a deleted contract).
type Pruner interface {
	Prune(ctx context.Context, owned []string, keep map[string]bool) error
}

// obsolete lists, sorted, the slash paths under root that match one of the
// owned patterns, start with the generated-file header and are not kept.
func obsolete(root string, owned []string, keep map[string]bool) ([]string, error) {
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

// Prune removes obsolete generated files.
func (s *DirSink) Prune(_ context.Context, owned []string, keep map[string]bool) error {
	paths, err := obsolete(s.Root, owned, keep)
	if err != nil {
		return err
	}
	for _, p := range paths {
		if err := os.Remove(filepath.Join(s.Root, filepath.FromSlash(p))); err != nil {
			return fmt.Errorf("prune: %w", err)
		}
		s.Removed = append(s.Removed, p)
	}
	return nil
}

// Prune records obsolete generated files as stale.
func (s *CheckSink) Prune(_ context.Context, owned []string, keep map[string]bool) error {
	paths, err := obsolete(s.Root, owned, keep)
	if err != nil {
		return err
	}
	for _, p := range paths {
		s.Stale = append(s.Stale, StaleFile{Path: p, Kind: StaleObsolete})
	}
	sort.Slice(s.Stale, func(i, j int) bool { return s.Stale[i].Path < s.Stale[j].Path })
	return nil
}
