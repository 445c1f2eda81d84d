package gen

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/etlgen/etlgen/diag"
)

// conflicts reports, as CodeOwnershipConflict diagnostics in an error, the
// files o would write over another owner's: a file on disk with other bytes
// that an entry o does not take over lists. o may update such a shared file
// only when its own output for it changed since its last run (a new etlgen,
// an edited contract), and the other owner then catches up; when o's output
// is what o wrote before, or o never wrote the file, the bytes on disk are
// the other owner's and differ from o's: both cannot be right.
func conflicts(root string, l *ledger, o Owner, files []File) error {
	mine, others := l.split(o)
	var out diag.List
	for _, f := range files {
		theirs := listedBy(others, f.Path)
		if len(theirs) == 0 || f.Aggregate || changedSince(mine, f) {
			continue
		}
		dst := filepath.Join(root, filepath.FromSlash(f.Path))
		old, err := os.ReadFile(dst)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return fmt.Errorf("check ownership of %s: %w", f.Path, err)
		case bytes.Equal(old, f.Data):
			continue
		}
		out.Errorf(CodeOwnershipConflict, diag.Position{File: filepath.ToSlash(dst)},
			"two owners generate different files for one path: give them distinct ids, write each into its own directory, or generate both in one run; if the other owner's output is only out of date, regenerate it first",
			"generated file was written by %s with other content; %s would rewrite it", theirs[0].owner(), o)
	}
	return out.Err()
}

// changedSince reports whether an entry of o's lists f with other bytes.
func changedSince(mine []ledgerEntry, f File) bool {
	listed := listedBy(mine, f.Path)
	h := fileHash(f.Data)
	return len(listed) > 0 && !slices.ContainsFunc(listed, func(e ledgerEntry) bool { return e.Files[f.Path] == h })
}

// pruning is what a run of an owner finds among the files it did not
// produce.
type pruning struct {
	// obsolete are files the owner wrote before (and no other owner lists),
	// matching an owned pattern and still carrying the generated header.
	obsolete []string
	// unowned are generated files matching an owned pattern that no entry
	// lists: written before the ledger existed, kept.
	unowned []string
}

// prunable sorts the generated files under root that match owned and are
// not kept into obsolete and unowned, by o's ledger entries.
func prunable(root string, l *ledger, o Owner, owned []string, keep map[string]bool) (pruning, error) {
	mine, others := l.split(o)
	var pr pruning
	for _, e := range mine {
		for p := range e.Files {
			if !keep[p] && len(listedBy(others, p)) == 0 && matchesAny(owned, p) && isGenerated(filepath.Join(root, filepath.FromSlash(p))) {
				pr.obsolete = append(pr.obsolete, p)
			}
		}
	}
	generated, err := generatedFiles(root, owned, keep)
	if err != nil {
		return pruning{}, err
	}
	for _, p := range generated {
		if len(listedBy(l.Owners, p)) == 0 {
			pr.unowned = append(pr.unowned, p)
		}
	}
	slices.Sort(pr.obsolete)
	pr.obsolete = slices.Compact(pr.obsolete)
	return pr, nil
}

// matchesAny reports whether p matches one of the patterns.
func matchesAny(patterns []string, p string) bool {
	return slices.ContainsFunc(patterns, func(pat string) bool {
		ok, _ := path.Match(pat, p)
		return ok
	})
}
