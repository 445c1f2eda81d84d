package project

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"gopkg.in/yaml.v3"
)

// configParser walks the YAML nodes of a project file, recording problems
// with the line of the node they are about.
type configParser struct {
	file string
	l    *diag.List
}

// topKeys are the keys of the project file, in the order the docs list them.
var topKeys = []string{"version", "pipelines", "default_target", "contracts", "docs", "state"}

// pos is the position of a node.
func (p configParser) pos(n *yaml.Node) diag.Position {
	return diag.Position{File: p.file, Line: n.Line, Column: n.Column}
}

// errorf records a shape problem at n.
func (p configParser) errorf(n *yaml.Node, hint, format string, args ...any) {
	p.l.Errorf(CodeConfigSyntax, p.pos(n), hint, format, args...)
}

// mapping calls fn for each key of a mapping node; an unknown key is an
// error with the closest known one as hint.
func (p configParser) mapping(n *yaml.Node, what string, known []string, fn func(key string, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "write "+what+" as a mapping (key: value)", "%s: want a mapping, got %s", what, kindName(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch {
		case known != nil && !slices.Contains(known, k.Value):
			hint := "the keys are: " + strings.Join(known, ", ")
			if s := diag.ClosestOne(k.Value, known); s != "" {
				hint = fmt.Sprintf("did you mean %q?", s)
			}
			p.errorf(k, hint, "%s: unknown key %q", what, k.Value)
		case seen[k.Value]:
			p.errorf(k, "give each key once", "%s: key %q is repeated", what, k.Value)
		default:
			seen[k.Value] = true
			fn(k.Value, v)
		}
	}
}

// scalar returns a string value, or records that it is not one.
func (p configParser) scalar(n *yaml.Node, what string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.errorf(n, "give "+what+" a string value", "%s: want a string, got %s", what, kindName(n))
		return "", false
	}
	return n.Value, true
}

// relPath returns a path value made canonical (slash-separated, cleaned),
// or records why it is not a path inside the project.
func (p configParser) relPath(n *yaml.Node, what string) (string, bool) {
	v, ok := p.scalar(n, what)
	if !ok {
		return "", false
	}
	clean := path.Clean(strings.ReplaceAll(v, "\\", "/"))
	switch {
	case v == "":
		p.errorf(n, "name a path relative to "+ConfigFile, "%s is empty", what)
	case path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../"):
		p.errorf(n, "name a path inside the project, relative to "+ConfigFile, "%s %q is outside the project", what, v)
	default:
		return clean, true
	}
	return "", false
}

// document parses the top mapping.
func (p configParser) document(n *yaml.Node, c *Config) {
	hasVersion := false
	p.mapping(n, "project file", topKeys, func(key string, v *yaml.Node) {
		switch key {
		case "version":
			hasVersion = true
			p.version(v, c)
		case "pipelines":
			p.pipelines(v, c)
		case "default_target":
			c.DefaultTarget, _ = p.scalar(v, key)
		case "contracts":
			c.Contracts = p.output(v, key)
		case "docs":
			c.Docs = p.output(v, key)
		case "state":
			if dir, ok := p.relPath(v, key); ok {
				c.State = dir
			}
		}
	})
	if !hasVersion && n.Kind == yaml.MappingNode {
		p.errorf(n, fmt.Sprintf("start the file with version: %d", ConfigVersion), "project file: version is missing")
	}
	if len(c.Pipelines) == 0 && !p.l.HasErrors() {
		p.errorf(n, "list the pipeline packages: pipelines: [{package: ./pipeline, targets: {local: profiles/local.yaml}}]",
			"project file lists no pipelines")
	}
}

// version parses version: 1.
func (p configParser) version(n *yaml.Node, c *Config) {
	v, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil || v != ConfigVersion {
		p.errorf(n, fmt.Sprintf("this etlgen reads version: %d", ConfigVersion), "project file version %q is not supported", n.Value)
		return
	}
	c.Version = v
}

// pipelines parses the list of entries.
func (p configParser) pipelines(n *yaml.Node, c *Config) {
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "write pipelines as a list: - package: ./pipeline", "pipelines: want a list, got %s", kindName(n))
		return
	}
	for _, item := range n.Content {
		if e, ok := p.entry(item); ok {
			c.Pipelines = append(c.Pipelines, e)
		}
	}
}

// entry parses one pipelines item.
func (p configParser) entry(n *yaml.Node) (Entry, bool) {
	e := Entry{Pos: p.pos(n)}
	given := map[string]bool{}
	p.mapping(n, "pipeline entry", []string{"package", "targets"}, func(key string, v *yaml.Node) {
		given[key] = true
		if key == "package" {
			if pkg, ok := p.relPath(v, "package"); ok {
				e.Package = "./" + strings.TrimPrefix(pkg, "./")
				if pkg == "." {
					e.Package = "."
				}
			}
			return
		}
		e.Targets = p.targets(v)
	})
	switch {
	case n.Kind != yaml.MappingNode:
		return e, false
	case e.Package == "" && given["package"], len(e.Targets) == 0 && given["targets"]:
		return e, false // the value's own error says why
	case e.Package == "":
		p.errorf(n, "name the Go package's directory: package: ./pipeline", "pipeline entry has no package")
		return e, false
	case len(e.Targets) == 0:
		p.errorf(n, "name at least one target: targets: {local: profiles/local.yaml}", "pipeline entry %s has no targets", e.Package)
		return e, false
	}
	return e, true
}

// targets parses an entry's targets mapping: name → profile file.
func (p configParser) targets(n *yaml.Node) []Target {
	var out []Target
	p.mapping(n, "targets", nil, func(name string, v *yaml.Node) {
		if !validName(name) {
			p.l.Errorf(CodeConfigTarget, p.pos(v), "name targets with letters, digits, '-' and '_'", "target name %q is not a name", name)
			return
		}
		if prof, ok := p.relPath(v, "profile of target "+name); ok {
			out = append(out, Target{Name: name, Profile: prof, Pos: p.pos(v)})
		}
	})
	return out
}

// output parses contracts: / docs: — a mapping {dir, target}, or a
// directory alone.
func (p configParser) output(n *yaml.Node, what string) Output {
	var o Output
	if n.Kind == yaml.ScalarNode {
		o.Dir, _ = p.relPath(n, what)
		return o
	}
	p.mapping(n, what, []string{"dir", "target"}, func(key string, v *yaml.Node) {
		if key == "dir" {
			o.Dir, _ = p.relPath(v, what+".dir")
			return
		}
		o.Target, _ = p.scalar(v, what+".target")
	})
	return o
}

// validName reports whether s is a target name: letters, digits, '-', '_'.
func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// kindName names a node's kind for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return "a scalar"
}
