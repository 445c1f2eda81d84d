package project

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// Selection picks entries and targets of a project; the zero value
// selects every target of every entry.
type Selection struct {
	// Packages are package patterns (./clickstream, ./..., ./pipelines/...)
	// relative to Dir; none means every entry.
	Packages []string
	// Dir is the directory the patterns are relative to; "" is the project
	// root.
	Dir string
	// Targets are target names; none means every target of each entry.
	Targets []string
}

// Unit is one entry planned on one target.
type Unit struct {
	Entry  Entry
	Target Target
}

// String names the unit: "./pipeline@local".
func (u Unit) String() string { return u.Entry.Package + "@" + u.Target.Name }

// Select returns the selected units, entry by entry in the file's order,
// each entry's targets in its order. A pattern or a target name that
// selects nothing is an error naming it (with the closest name as a hint).
func (c *Config) Select(s Selection) ([]Unit, error) {
	entries, err := c.selectEntries(s)
	if err != nil {
		return nil, err
	}
	names := c.TargetNames()
	for _, t := range s.Targets {
		if !slices.Contains(names, t) {
			return nil, fmt.Errorf("--target %s: no pipeline of %s has that target (%s)", t, c.File, targetHint(t, names))
		}
	}
	var out []Unit
	for _, e := range entries {
		for _, t := range e.Targets {
			if len(s.Targets) == 0 || slices.Contains(s.Targets, t.Name) {
				out = append(out, Unit{Entry: e, Target: t})
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no selected package has target %s", strings.Join(s.Targets, " or "))
	}
	return out, nil
}

// selectEntries returns the entries the package patterns match.
func (c *Config) selectEntries(s Selection) ([]Entry, error) {
	if len(s.Packages) == 0 {
		return c.Pipelines, nil
	}
	matched := make([]bool, len(c.Pipelines))
	for _, pat := range s.Packages {
		rel, err := c.relToRoot(s.Dir, pat)
		if err != nil {
			return nil, err
		}
		n := 0
		for i, e := range c.Pipelines {
			if matchPackage(rel, strings.TrimPrefix(e.Package, "./")) {
				matched[i] = true
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("package %s: not a pipeline package of %s (%s)", pat, c.File, c.packageHint(rel))
		}
	}
	var out []Entry
	for i, e := range c.Pipelines {
		if matched[i] {
			out = append(out, e)
		}
	}
	return out, nil
}

// relToRoot makes a pattern relative to dir a slash pattern relative to
// the project root ("." for the root itself).
func (c *Config) relToRoot(dir, pattern string) (string, error) {
	base := c.Root
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", fmt.Errorf("package %s: %w", pattern, err)
		}
		base = abs
	}
	rel, err := filepath.Rel(c.Root, filepath.Join(base, filepath.FromSlash(pattern)))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("package %s: outside the project at %s", pattern, c.Root)
	}
	return filepath.ToSlash(rel), nil
}

// matchPackage matches a slash package path (no "./") against a pattern
// relative to the root: an exact path, or a prefix ending in "/..." (the
// go command's meaning: the directory and everything below it).
func matchPackage(pattern, pkg string) bool {
	if pattern == "..." || pattern == "." && pkg == "." {
		return true
	}
	if prefix, ok := strings.CutSuffix(pattern, "/..."); ok {
		return prefix == "." || pkg == prefix || strings.HasPrefix(pkg, prefix+"/")
	}
	return pattern == pkg
}

// packageHint suggests the closest package of the project, or lists them.
func (c *Config) packageHint(rel string) string {
	var pkgs []string
	for _, e := range c.Pipelines {
		pkgs = append(pkgs, e.Package)
	}
	if s := diag.ClosestOne("./"+rel, pkgs); s != "" {
		return fmt.Sprintf("did you mean %s?", s)
	}
	return "its packages are: " + strings.Join(pkgs, ", ")
}
