package gen

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// LedgerFile is the ownership ledger a sink with an Owner keeps in its root
// directory: which owner's last run wrote which files, with the SHA-256 of
// their bytes. It is deterministic (sorted), so it can be committed.
const LedgerFile = ".etlgen-owned.json"

// Codes of the ownership problems a sink reports.
const (
	// CodeOwnershipConflict: a run would rewrite a file another owner wrote
	// with other bytes.
	CodeOwnershipConflict = "ETL-G814"
	// CodeBadLedger: the ownership ledger cannot be read or trusted.
	CodeBadLedger = "ETL-G815"
)

// maxLedgerSize bounds the ledger read from disk (a few thousand files take
// a few hundred KiB).
const maxLedgerSize = 16 << 20

// ledger is the decoded LedgerFile.
type ledger struct {
	Comment string        `json:"$comment"`
	Owners  []ledgerEntry `json:"owners"`
}

// ledgerEntry is what one owner's last run wrote: path → hex SHA-256.
type ledgerEntry struct {
	Group string            `json:"group"`
	Owner []string          `json:"owner"`
	Files map[string]string `json:"files"`
}

// owner returns the entry's owner.
func (e ledgerEntry) owner() Owner { return Owner{Group: e.Group, Units: e.Owner} }

// ledgerComment heads the ledger: the generated-file header and what the
// file is for.
const ledgerComment = Header + " Which run of etlgen wrote which file here: a run prunes only files the same owner wrote, and never rewrites another owner's."

// fileHash is the hex SHA-256 of data.
func fileHash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// readLedger reads root's ledger; a missing one is empty. A ledger that
// cannot be parsed, or lists a path outside root, is a CodeBadLedger
// diagnostic (as an error): nothing may be pruned on its word.
func readLedger(root string) (*ledger, error) {
	file := filepath.Join(root, LedgerFile)
	info, err := os.Stat(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &ledger{}, nil
	case err != nil:
		return nil, fmt.Errorf("read ownership ledger: %w", err)
	case !info.Mode().IsRegular() || info.Size() > maxLedgerSize:
		return nil, badLedger(file, "is not a regular file of at most %d MiB", maxLedgerSize>>20)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read ownership ledger: %w", err)
	}
	var l ledger
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, badLedger(file, "is not a ledger: %v", err)
	}
	if dec.More() {
		return nil, badLedger(file, "holds more than one JSON value")
	}
	if msg := l.problem(); msg != "" {
		return nil, badLedger(file, "%s", msg)
	}
	return &l, nil
}

// badLedger is the CodeBadLedger diagnostic on file, as an error.
func badLedger(file, format string, args ...any) error {
	var l diag.List
	l.Errorf(CodeBadLedger, diag.Position{File: filepath.ToSlash(file)},
		"fix it (a merge conflict?), or delete it and rerun every etlgen command that writes into this directory; until then nothing is pruned here",
		"ownership ledger "+format, args...)
	return l.Err()
}

// problem says what makes the ledger untrustworthy, or "".
func (l *ledger) problem() string {
	seen := map[string]bool{}
	for i, e := range l.Owners {
		o := NewOwner(e.Group, e.Owner, nil)
		switch {
		case e.Group == "" || len(e.Owner) == 0 || slices.Contains(e.Owner, ""):
			return fmt.Sprintf("owners[%d] has no group or an empty owner", i)
		case !slices.Equal(o.Units, e.Owner):
			return fmt.Sprintf("owners[%d]: owner is not sorted and distinct", i)
		case seen[e.Group+"\x00"+o.String()]:
			return fmt.Sprintf("owners[%d] repeats owner %s", i, o)
		}
		seen[e.Group+"\x00"+o.String()] = true
		for p, h := range e.Files {
			if err := checkPath(p); err != nil || strings.Contains(p, `\`) {
				return fmt.Sprintf("owners[%d] lists %q, not a clean relative path of a generated file", i, p)
			}
			if _, err := hex.DecodeString(h); err != nil || len(h) != 2*sha256.Size {
				return fmt.Sprintf("owners[%d]: %q has no SHA-256", i, p)
			}
		}
	}
	return ""
}

// split returns the entries o takes over (its own, and those it covers)
// and the others.
func (l *ledger) split(o Owner) (mine, others []ledgerEntry) {
	for _, e := range l.Owners {
		if o.covers(e.owner()) {
			mine = append(mine, e)
		} else {
			others = append(others, e)
		}
	}
	return mine, others
}

// record replaces the entries o takes over with one listing files, and
// returns the ledger's bytes; nil when no entry is left.
func (l *ledger) record(o Owner, files []File) ([]byte, error) {
	_, others := l.split(o)
	if len(files) > 0 {
		e := ledgerEntry{Group: o.Group, Owner: o.Units, Files: map[string]string{}}
		for _, f := range files {
			e.Files[f.Path] = fileHash(f.Data)
		}
		others = append(others, e)
	}
	if len(others) == 0 {
		return nil, nil
	}
	slices.SortFunc(others, func(a, b ledgerEntry) int {
		return strings.Compare(a.Group+"\x00"+a.owner().String(), b.Group+"\x00"+b.owner().String())
	})
	data, err := json.MarshalIndent(ledger{Comment: ledgerComment, Owners: others}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode ownership ledger: %w", err)
	}
	return append(data, '\n'), nil
}

// listedBy returns the entries that list p.
func listedBy(entries []ledgerEntry, p string) []ledgerEntry {
	var out []ledgerEntry
	for _, e := range entries {
		if _, ok := e.Files[p]; ok {
			out = append(out, e)
		}
	}
	return out
}
