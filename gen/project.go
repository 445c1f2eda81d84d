package gen

import (
	"context"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
)

// Project is the input of the docs site when several pipeline packages are
// documented together: one Unit per package and docs target, each with the
// Model planned for it. The Site generator reads it from Model.Project; a
// Model without one is a project of a single unit (itself).
type Project struct {
	// Units are the project's units, sorted by Package, then Target.
	Units []Unit
}

// Unit is one pipeline package planned for one docs target.
type Unit struct {
	// Package is the Go import path of the pipeline package.
	Package string
	// Target names the docs target (e.g. the profile's name).
	Target string
	// Dir is where the unit's per-pipeline docs (<pipeline>.html, .mmd,
	// .dot) are written, slash-separated and relative to the site root;
	// "" is the root itself.
	Dir string
	// Model is the unit's planned model, as gen.Model is for one package.
	Model *Model
}

// NewProject returns the project of the units, sorted by package and
// target, and sets each unit's Model.Project to it, so the unit's pipeline
// pages link back to the site. A Dir that is not a clean relative path,
// or a unit without a model, is an error; units may share a Dir when their
// pipeline ids differ (gen.Run reports two files with one path).
//
// The site itself is written by running the Site generator once over a
// model holding the project, e.g. &Model{Project: p}; over a unit's model
// it writes nothing (the per-pipeline generators run per unit, under Dir).
func NewProject(units ...Unit) (*Project, error) {
	p := &Project{Units: slices.Clone(units)}
	slices.SortStableFunc(p.Units, func(a, b Unit) int {
		return strings.Compare(a.Package+"\x00"+a.Target, b.Package+"\x00"+b.Target)
	})
	for _, u := range p.Units {
		if u.Model == nil {
			return nil, fmt.Errorf("project unit %s (%s): no model", u.Package, u.Target)
		}
		if u.Dir != "" {
			if err := checkPath(u.Dir); err != nil {
				return nil, fmt.Errorf("project unit %s (%s): dir: %w", u.Package, u.Target, err)
			}
		}
	}
	for _, u := range p.Units {
		u.Model.Project = p
	}
	return p, nil
}

// Files runs the generators (e.g. Default().Group(GroupDocs)) over each
// unit's model, its files under the unit's Dir, and once over a model
// holding the project, where the Site generator writes the site (the
// per-pipeline generators write nothing there: it has no plan). Two files
// with one path, from two units, are an error. The files are sorted by
// path, ready for a Sink.
func (p *Project) Files(ctx context.Context, gens []Generator) ([]File, error) {
	var all []File
	by := map[string]string{}
	add := func(files []File, dir, from string) error {
		for _, f := range files {
			f.Path = path.Join(dir, f.Path)
			if prev, ok := by[f.Path]; ok {
				return fmt.Errorf("project docs: file %s is written for %s and for %s", f.Path, prev, from)
			}
			by[f.Path] = from
			all = append(all, f)
		}
		return nil
	}
	for _, u := range p.Units {
		files, err := Generate(ctx, gens, u.Model)
		if err != nil {
			return nil, fmt.Errorf("project unit %s (%s): %w", u.Package, u.Target, err)
		}
		if err := add(files, u.Dir, u.Package+" ("+u.Target+")"); err != nil {
			return nil, err
		}
	}
	files, err := Generate(ctx, gens, &Model{Project: p})
	if err != nil {
		return nil, fmt.Errorf("project site: %w", err)
	}
	if err := add(files, "", "the site"); err != nil {
		return nil, err
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Path < all[j].Path })
	return all, nil
}

// siteUnits are the units the site documents: the project's, or m alone.
func (m *Model) siteUnits() []Unit {
	if m.Project == nil {
		u := Unit{Target: m.profileName(), Model: m}
		if m.Plan != nil && m.Plan.Document() != nil {
			u.Package = m.Plan.Document().Package
		}
		return []Unit{u}
	}
	return m.Project.Units
}

// unitOf is the unit of the project whose model is m; false when m holds
// the project (or none).
func (m *Model) unitOf() (Unit, bool) {
	if m.Project == nil {
		return Unit{}, false
	}
	for _, u := range m.Project.Units {
		if u.Model == m {
			return u, true
		}
	}
	return Unit{}, false
}

// siteRoot is the relative path from the directory of m's pipeline pages
// to the site root: "" at the root, "../" per level of the unit's Dir.
func (m *Model) siteRoot() string {
	u, ok := m.unitOf()
	if !ok || u.Dir == "" {
		return ""
	}
	return strings.Repeat("../", strings.Count(path.Clean(u.Dir), "/")+1)
}

// Run writes the project's files (Files) to sink and, for a Pruner, lets
// it handle the obsolete files the generators own, each unit's under its
// Dir as well as the site's at the root. It returns the files written.
func (p *Project) Run(ctx context.Context, gens []Generator, sink Sink) ([]File, error) {
	files, err := p.Files(ctx, gens)
	if err != nil {
		return nil, err
	}
	if err := sink.Write(ctx, files); err != nil {
		return nil, err
	}
	pr, ok := sink.(Pruner)
	if !ok {
		return files, nil
	}
	var owned []string
	for _, g := range gens {
		for _, pat := range g.Spec().Owns {
			owned = append(owned, pat)
			for _, u := range p.Units {
				if u.Dir != "" {
					owned = append(owned, path.Join(u.Dir, pat))
				}
			}
		}
	}
	slices.Sort(owned)
	return files, pr.Prune(ctx, slices.Compact(owned), files)
}
