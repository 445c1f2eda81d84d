package gen

import (
	"slices"
	"strings"
)

// Owner is what one run generated for, the key of its files in the
// directory's ownership ledger (LedgerFile): the generator group of the run
// and its units, the import paths of the packages it generated for, each
// narrowed to "path#pipeline" when the run planned only some of the
// package's pipelines. The zero Owner owns nothing: a sink without one
// writes and never prunes.
type Owner struct {
	// Group is the generator group of the run (GroupContracts, GroupDocs,
	// GroupCompile).
	Group string
	// Units are sorted and distinct.
	Units []string
}

// NewOwner returns the owner of a run of group over packages, narrowed to
// pipelines when some are given. An empty package path with pipelines names
// the pipelines of an IR document without a package ("#id").
func NewOwner(group string, packages, pipelines []string) Owner {
	var units []string
	for _, p := range packages {
		if len(pipelines) == 0 {
			if p != "" {
				units = append(units, p)
			}
			continue
		}
		for _, id := range pipelines {
			units = append(units, p+"#"+id)
		}
	}
	slices.Sort(units)
	return Owner{Group: group, Units: slices.Compact(units)}
}

// OwnerOf returns the owner of a run of group over m: the loaded packages
// (etlgen contracts), else the planned package (etlgen docs, compile),
// narrowed to the planned pipelines when the planner was asked for some of
// the document's pipelines only, or when the document names no package.
func OwnerOf(group string, m *Model) Owner {
	if len(m.Packages) > 0 {
		paths := make([]string, len(m.Packages))
		for i, p := range m.Packages {
			paths[i] = p.Path
		}
		return NewOwner(group, paths, nil)
	}
	if m.Plan == nil {
		return Owner{}
	}
	doc := m.Plan.Document()
	var ids []string
	for _, p := range m.Plan.Pipelines {
		ids = append(ids, p.ID)
	}
	if doc.Package != "" && len(ids) == len(doc.Pipelines) {
		ids = nil
	}
	return NewOwner(group, []string{doc.Package}, ids)
}

// IsZero reports whether o owns nothing.
func (o Owner) IsZero() bool { return len(o.Units) == 0 }

// String lists the units, for messages.
func (o Owner) String() string { return strings.Join(o.Units, ", ") }

// covers reports whether a run of o takes over the files of a ledger entry
// of other: same group, and each of other's units is one of o's units or a
// pipeline of one of o's packages. A run over packages a and b thus takes
// over what runs over a alone and b alone wrote.
func (o Owner) covers(other Owner) bool {
	if o.Group != other.Group || o.IsZero() {
		return false
	}
	for _, u := range other.Units {
		if !slices.ContainsFunc(o.Units, func(mine string) bool { return mine == u || strings.HasPrefix(u, mine+"#") }) {
			return false
		}
	}
	return true
}
