package profile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// Load reads and parses the profile file at path with the Default registry.
// The error is for I/O only; problems in the file are diagnostics.
func Load(path string) (*Profile, diag.List, error) { return Default().Load(path) }

// Parse parses profile YAML with the Default registry. filename is used in
// diagnostic positions and its directory becomes Profile.Dir.
func Parse(filename string, data []byte) (*Profile, diag.List) {
	return Default().Parse(filename, data)
}

// Load reads and parses the profile file at path against the registry. It
// reads at most MaxBytes+1 bytes: a larger file (or a device that never
// ends) is reported as ETL-P321 without being read further.
func (r *Registry) Load(path string) (*Profile, diag.List, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("load profile: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("load profile %s: %w", path, err)
	}
	p, diags := r.Parse(path, data)
	return p, diags, nil
}

// Parse parses profile YAML against the registry. Every problem is reported
// in the sorted diag.List; the Profile is nil only when the bytes are not
// one YAML document within the limits (limits.go), and must not be used
// when the list has errors. Parsing is bounded by those limits (the worst
// file within them parses in about a second), so it takes no context and
// needs no cancellation.
func (r *Registry) Parse(filename string, data []byte) (*Profile, diag.List) {
	return r.parse(&decoder{file: filename, reg: r, misspelt: map[string]bool{}, brokenResources: map[string]bool{}}, data)
}

// ParseKeepingBroken is Parse, except that an asset with an error in its
// options stays bound as far as it decoded, where Parse leaves it unbound
// so that nothing is said about what its wrong value would imply. It is
// for tools that build what Spark would run of a profile etlgen rejects
// (the differential corpus's equivalent queries), never for a verdict:
// the diagnostics of the binding may then cascade.
func (r *Registry) ParseKeepingBroken(filename string, data []byte) (*Profile, diag.List) {
	return r.parse(&decoder{file: filename, reg: r, misspelt: map[string]bool{}, brokenResources: map[string]bool{}, keepBroken: true}, data)
}

// parse decodes the document with d.
func (r *Registry) parse(d *decoder, data []byte) (*Profile, diag.List) {
	filename := d.file
	if filename != "" {
		d.dir = filepath.Dir(filename)
	}
	root := d.document(data)
	if root == nil || !d.checkTree(root) {
		d.diags.Sort()
		return nil, d.diags
	}
	p := d.profile(root)
	d.diags.Sort()
	return p, d.diags
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// syntax reports a YAML error at the line yaml.v3 names in its message.
func (d *decoder) syntax(err error) {
	pos := diag.Position{File: d.file}
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		pos.Line, _ = strconv.Atoi(m[1])
	}
	d.diags.Add(diag.Diagnostic{Code: CodeSyntax, Severity: diag.Error, Pos: pos,
		Message: err.Error(), Hint: "fix the YAML syntax (indentation, quoting, colons)"})
}

var profileName = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// topKeys are the keys a profile document may have, in documentation order.
var topKeys = []string{"name", "description", "engine", "test", "execution", "assets", "resources"}

// profile decodes the document's root mapping.
func (d *decoder) profile(root *yaml.Node) *Profile {
	p := &Profile{file: d.file, dir: d.dir, pos: d.pos(root), assetsPos: d.pos(root), reg: d.reg,
		assets: map[string]*Asset{}, resources: map[string]*Resource{}}
	entries, ok := d.mapping(root, "")
	if !ok {
		return p
	}
	byName := map[string]entry{}
	for _, e := range entries {
		if !slices.Contains(topKeys, e.name) {
			d.unknownKey(e, "", topKeys, entries)
			continue
		}
		byName[e.name] = e
	}
	for _, k := range []string{"name", "engine", "execution"} {
		if _, ok := byName[k]; !ok && d.missing("", k) {
			d.report(CodeMissingKey, root, "", "add `"+k+":` at the top level", "the profile has no %s", k)
		}
	}
	d.header(p, byName)
	if e, ok := byName["execution"]; ok {
		p.exec = d.execution(e, p.engine)
	}
	p.rootWritten = d.rootWritten
	if e, ok := byName["resources"]; ok {
		p.resources = d.resources(e)
	}
	if e, ok := byName["assets"]; ok {
		p.assetsPos = d.pos(e.key)
		p.assets, p.broken, p.brokenRefs = d.assets(e, p.resources)
	}
	return p
}

// header decodes name, description, engine and test.
func (d *decoder) header(p *Profile, byName map[string]entry) {
	if e, ok := byName["name"]; ok {
		if s, ok := d.scalar(e.val, "name", "a string"); ok {
			if !profileName.MatchString(s) {
				d.report(CodeBadValue, e.val, "name", "use lower case letters, digits, '.', '_' and '-'",
					"the profile name is not a valid name")
			}
			p.name = s
		}
	}
	if e, ok := byName["description"]; ok {
		if s, ok := d.scalar(e.val, "description", "a string"); ok && !d.secretInValue(e.val, "description", s) {
			p.desc = s
		}
	}
	if e, ok := byName["engine"]; ok {
		if s, ok := d.scalar(e.val, "engine", "a string"); ok && d.enum(e.val, "engine", s, d.reg.EngineNames()) {
			p.engine = s
		}
	}
	if e, ok := byName["test"]; ok {
		p.test, _ = d.boolean(e.val, "test")
	}
}

// enum reports a value outside allowed and returns whether it is allowed.
func (d *decoder) enum(n *yaml.Node, path, v string, allowed []string) bool {
	if slices.Contains(allowed, v) {
		return true
	}
	d.report(CodeBadEnum, n, path, "use one of: "+listText(allowed)+suggest(v, allowed),
		"%s is not one of the allowed values", path)
	d.withFix(d.fixTo(path, v, allowed))
	return false
}

// boolean decodes a YAML boolean (true/false).
func (d *decoder) boolean(n *yaml.Node, path string) (bool, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		d.report(CodeWrongType, n, path, "write true or false", "%s must be a boolean, found %s", path, kindName(n))
		return false, false
	}
	v, _ := strconv.ParseBool(n.Value)
	return v, true
}
