package contracts

import (
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// RelativeTo rewrites every file position and package directory of the
// result relative to base, and drops base from diagnostic messages, for
// output that does not depend on where the repository lives. Paths outside
// base stay as they are.
func (r *LoadResult) RelativeTo(base string) {
	for i := range r.Contracts {
		c := &r.Contracts[i]
		c.Pos = RelPosition(base, c.Pos)
		relFields(base, c.Fields)
	}
	for i := range r.Packages {
		r.Packages[i].Dir = relPath(base, r.Packages[i].Dir)
	}
	prefix := strings.NewReplacer(base+string(filepath.Separator), "", base, ".")
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		d.Pos = RelPosition(base, d.Pos)
		d.Message, d.Hint = prefix.Replace(d.Message), prefix.Replace(d.Hint)
	}
}

func relFields(base string, fs []Field) {
	for i := range fs {
		fs[i].Pos = RelPosition(base, fs[i].Pos)
		for t := &fs[i].Type; t != nil; t = t.Elem {
			relFields(base, t.Fields)
		}
	}
}

// RelPosition returns p with its file relative to base, when it is inside
// base.
func RelPosition(base string, p diag.Position) diag.Position {
	p.File = relPath(base, p.File)
	return p
}

func relPath(base, path string) string {
	if path == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(base, path)
	if err != nil || rel == ".." || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator) {
		return path
	}
	return filepath.ToSlash(rel)
}
