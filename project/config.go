package project

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"gopkg.in/yaml.v3"
)

// ConfigFile is the name of the project file at a repository's root.
const ConfigFile = "etlgen.yaml"

// ConfigVersion is the version of the project file this etlgen reads.
const ConfigVersion = 1

// maxConfigBytes bounds the project file read: a larger file is an error,
// not a hang or an allocation the size of the input.
const maxConfigBytes = 1 << 20

// The diagnostic codes of the project file (the profiles-and-bindings
// series: the file binds packages to profiles).
const (
	// CodeConfigSyntax: the project file is not YAML of the expected shape
	// (syntax, an unknown key, a value of the wrong kind, a version this
	// etlgen does not read).
	CodeConfigSyntax = "ETL-P380"
	// CodeConfigPackage: an entry's package is missing, not relative to
	// the project, outside it, not a directory, or listed twice.
	CodeConfigPackage = "ETL-P381"
	// CodeConfigProfile: a target's profile is missing or not a file.
	CodeConfigProfile = "ETL-P382"
	// CodeConfigTarget: a target name is empty, repeated, or names no
	// target of the project where one is referenced (contracts.target,
	// docs.target, default_target).
	CodeConfigTarget = "ETL-P383"
)

// Config is a parsed project file: the pipeline packages of a repository
// and the targets (named profiles) each runs on.
type Config struct {
	// File is the project file as it was named (for diagnostics).
	File string `json:"file"`
	// Root is the directory the file is in; every path of the file is
	// relative to it.
	Root string `json:"root"`
	// Version is the file's version (ConfigVersion).
	Version int `json:"version"`
	// Pipelines are the entries, in the file's order.
	Pipelines []Entry `json:"pipelines"`
	// DefaultTarget is the target of commands that act on one target
	// (run, show) when --target is not given; "" means each entry's first.
	DefaultTarget string `json:"defaultTarget,omitempty"`
	// Contracts is where `etlgen contracts` writes and `etlgen check`
	// compares the published contract files.
	Contracts Output `json:"contracts"`
	// Docs is where `etlgen docs` writes the docs site.
	Docs Output `json:"docs"`
	// State is the directory of the committed state manifests,
	// <state>/<target>/<pipeline>.json; "" means none.
	State string `json:"state,omitempty"`
}

// Entry is one pipeline package and its targets.
type Entry struct {
	// Package is the package directory relative to Root, "./"-prefixed
	// and slash-separated (./pipeline).
	Package string `json:"package"`
	// Targets are the entry's targets in the file's order.
	Targets []Target `json:"targets"`
	// Pos is the entry's place in the project file.
	Pos diag.Position `json:"-"`
}

// Target is a named profile an entry runs on.
type Target struct {
	// Name is the target's name (local, spark, prod…).
	Name string `json:"name"`
	// Profile is the profile file relative to Root, slash-separated.
	Profile string `json:"profile"`
	// Pos is the target's line in the project file.
	Pos diag.Position `json:"-"`
}

// Output is an output directory of the project and the target whose
// profile binds what is written there.
type Output struct {
	// Dir is relative to Root, slash-separated.
	Dir string `json:"dir"`
	// Target names the target whose profile binds the pipeline contracts
	// or docs; "" means each entry's first target.
	Target string `json:"target,omitempty"`
}

// Target returns the entry's target of that name.
func (e Entry) Target(name string) (Target, bool) {
	i := slices.IndexFunc(e.Targets, func(t Target) bool { return t.Name == name })
	if i < 0 {
		return Target{}, false
	}
	return e.Targets[i], true
}

// TargetOr returns the entry's target of that name, else its first (the
// default of contracts.target and docs.target).
func (e Entry) TargetOr(name string) Target {
	if t, ok := e.Target(name); ok {
		return t
	}
	return e.Targets[0]
}

// TargetNames returns every target name of the project, sorted, once each.
func (c *Config) TargetNames() []string {
	var out []string
	for _, e := range c.Pipelines {
		for _, t := range e.Targets {
			out = append(out, t.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Path joins a slash path of the project file to its root.
func (c *Config) Path(rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(c.Root, filepath.FromSlash(rel))
}

// FindConfig returns the project file in dir or in the nearest directory
// above it up to the module root (the directory with go.mod), or ok false
// when there is none.
func FindConfig(dir string) (path string, ok bool) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		p := filepath.Join(d, ConfigFile)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, true
		}
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return "", false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// LoadConfig reads and checks the project file at path. Problems in the
// file are diagnostics (a Config with errors is not to be used); an error
// means the file could not be read.
func LoadConfig(path string) (*Config, diag.List, error) {
	data, err := readBounded(path, maxConfigBytes)
	if err != nil {
		return nil, nil, fmt.Errorf("read project file: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read project file: %w", err)
	}
	c, l := ParseConfig(path, filepath.Dir(abs), data)
	if !l.HasErrors() {
		c.check(&l)
	}
	l.Sort()
	return c, l, nil
}

// readBounded reads at most limit bytes of a file; a longer file is an
// error.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}

// check verifies what the file names on disk and across entries: the
// packages are directories inside the root, listed once; the profiles are
// files; the referenced targets exist.
func (c *Config) check(l *diag.List) {
	seen := map[string]bool{}
	for _, e := range c.Pipelines {
		switch st, err := os.Stat(c.Path(e.Package)); {
		case seen[e.Package]:
			l.Errorf(CodeConfigPackage, e.Pos, "list each package once, with all its targets", "package %s is listed twice", e.Package)
		case errors.Is(err, fs.ErrNotExist):
			l.Errorf(CodeConfigPackage, e.Pos, "name the package's directory relative to "+ConfigFile, "package %s: no such directory", e.Package)
		case err != nil || !st.IsDir():
			l.Errorf(CodeConfigPackage, e.Pos, "name the package's directory relative to "+ConfigFile, "package %s is not a directory", e.Package)
		}
		seen[e.Package] = true
		for _, t := range e.Targets {
			if st, err := os.Stat(c.Path(t.Profile)); err != nil || !st.Mode().IsRegular() {
				l.Errorf(CodeConfigProfile, t.Pos, "name the profile YAML relative to "+ConfigFile,
					"target %s of %s: profile %s is not a file", t.Name, e.Package, t.Profile)
			}
		}
	}
	names := c.TargetNames()
	for _, ref := range []struct{ key, name string }{
		{"default_target", c.DefaultTarget}, {"contracts.target", c.Contracts.Target}, {"docs.target", c.Docs.Target},
	} {
		if ref.name != "" && !slices.Contains(names, ref.name) {
			l.Errorf(CodeConfigTarget, diag.Position{File: c.File}, targetHint(ref.name, names),
				"%s: no pipeline has a target %q", ref.key, ref.name)
		}
	}
}

// targetHint suggests the closest target name, or lists them.
func targetHint(name string, names []string) string {
	if s := diag.ClosestOne(name, names); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return "the targets are: " + strings.Join(names, ", ")
}

// yamlLine finds the line yaml.v3 names in a syntax error.
var yamlLine = regexp.MustCompile(`line (\d+)`)

// ParseConfig parses the bytes of a project file named file whose paths
// are relative to root. It checks the shape and the values, not the disk.
func ParseConfig(file, root string, data []byte) (*Config, diag.List) {
	c := &Config{File: file, Root: root}
	var l diag.List
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		pos := diag.Position{File: file}
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			pos.Line, _ = strconv.Atoi(m[1])
		}
		l.Errorf(CodeConfigSyntax, pos, "fix the YAML syntax", "project file: %v", err)
		return c, l
	}
	p := configParser{file: file, l: &l}
	if len(doc.Content) == 0 {
		l.Errorf(CodeConfigSyntax, diag.Position{File: file}, "list the pipeline packages under pipelines:", "project file is empty")
		return c, l
	}
	p.document(doc.Content[0], c)
	return c, l
}
