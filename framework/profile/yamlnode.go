package profile

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// decoder walks yaml.v3 nodes and collects diagnostics with positions.
type decoder struct {
	file  string
	dir   string
	reg   *Registry
	diags diag.List
	// misspelt holds the key paths an unknown key was taken for (its one
	// did-you-mean): that key is not reported missing as well.
	misspelt map[string]bool
	// brokenResources names the resources declared but not decoded.
	brokenResources map[string]bool
	// rootWritten records whether execution.checkpoint_root is in the file.
	rootWritten bool
	// keepBroken keeps an asset with an error bound as far as it decoded
	// (ParseKeepingBroken).
	keepBroken bool
}

// entry is one key/value pair of a mapping node.
type entry struct {
	name string
	key  *yaml.Node
	val  *yaml.Node
}

func (d *decoder) pos(n *yaml.Node) diag.Position {
	if n == nil {
		return diag.Position{File: d.file}
	}
	return diag.Position{File: d.file, Line: n.Line, Column: n.Column}
}

// report adds an error-severity diagnostic at node n with a model path.
func (d *decoder) report(code string, n *yaml.Node, path, hint, format string, args ...any) {
	d.diags.Add(diag.Diagnostic{Code: code, Severity: diag.Error, Pos: d.pos(n), Path: path,
		Message: fmt.Sprintf(format, args...), Hint: hint})
}

// erredSince reports whether an error was reported after the first n
// diagnostics.
func (d *decoder) erredSince(n int) bool { return d.diags[n:].HasErrors() }

// rawString returns the scalar value of key in mapping n, or "", without
// reporting anything: for a node whose problems are already reported.
func rawString(n *yaml.Node, key string) string {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k, v := resolve(n.Content[i]), resolve(n.Content[i+1]); k.Value == key && v.Kind == yaml.ScalarNode {
			return v.Value
		}
	}
	return ""
}

// resolve follows aliases to the node they stand for.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// isNull reports whether n is absent or an explicit null.
func isNull(n *yaml.Node) bool {
	n = resolve(n)
	return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// mapping returns the entries of a mapping node. A null node is an empty
// mapping; any other kind is reported as a wrong type. Duplicate keys are
// reported and only their first occurrence is kept. YAML merge keys
// (`<<: *defaults`) contribute the entries the mapping does not set itself.
func (d *decoder) mapping(n *yaml.Node, path string) ([]entry, bool) {
	n = resolve(n)
	if isNull(n) {
		return nil, true
	}
	if n.Kind != yaml.MappingNode {
		d.report(CodeWrongType, n, path, "write a mapping of key: value pairs",
			"%s must be a mapping, found %s", describePath(path), kindName(n))
		return nil, false
	}
	seen := map[string]bool{}
	var out, merged []entry
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Tag == "!!merge" {
			merged = append(merged, d.mergeEntries(v, path)...)
			continue
		}
		if seen[k.Value] {
			d.report(CodeDuplicateKey, k, join(path, k.Value), "remove one of the two entries",
				"key %q appears twice in %s", k.Value, describePath(path))
			continue
		}
		seen[k.Value] = true
		out = append(out, entry{name: k.Value, key: k, val: v})
	}
	for _, e := range merged {
		if !seen[e.name] {
			seen[e.name] = true
			out = append(out, e)
		}
	}
	return out, true
}

// mergeEntries returns the entries a merge key brings in: one mapping or a
// list of mappings, earlier ones winning.
func (d *decoder) mergeEntries(v *yaml.Node, path string) []entry {
	if v.Kind != yaml.SequenceNode {
		entries, _ := d.mapping(v, path)
		return entries
	}
	var out []entry
	for _, m := range v.Content {
		entries, _ := d.mapping(m, path)
		out = append(out, entries...)
	}
	return out
}

// scalar returns the value of a non-null scalar node, reporting other kinds.
func (d *decoder) scalar(n *yaml.Node, path, want string) (string, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.report(CodeWrongType, n, path, "write "+want, "%s must be %s, found %s", describePath(path), want, kindName(n))
		return "", false
	}
	return n.Value, true
}

// kindName names a node's kind for messages: a mapping, a list, null, a
// string, an integer...
func kindName(n *yaml.Node) string {
	n = resolve(n)
	switch {
	case n == nil:
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!int":
		return "an integer"
	case "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	}
	return "a string" // values are never quoted: they may be secrets
}

// join appends a key to a dotted model path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func describePath(path string) string {
	if path == "" {
		return "the profile"
	}
	return path
}
