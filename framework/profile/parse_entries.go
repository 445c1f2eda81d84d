package profile

import (
	"fmt"
	"maps"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// resources decodes the resources section: name → {kind?, options}.
func (d *decoder) resources(e entry) map[string]*Resource {
	out := map[string]*Resource{}
	entries, _ := d.mapping(e.val, "resources")
	for _, r := range entries {
		if res := d.resource(r); res != nil {
			out[r.name] = res
		} else {
			d.brokenResources[r.name] = true
		}
	}
	return out
}

// resource decodes one resource; nil when its kind is unknown.
func (d *decoder) resource(e entry) *Resource {
	path := join("resources", e.name)
	entries, ok := d.mapping(e.val, path)
	if !ok {
		return nil
	}
	kind := d.resourceKind(e, entries, path)
	if kind == nil {
		return nil
	}
	opts := d.options(e.key, path, entries, kind.Options, []string{"kind"})
	if kind.Check != nil {
		if err := kind.Check(opts); err != nil {
			d.checkFailed(e.key, path, kind.Summary, err)
		}
	}
	return &Resource{Name: e.name, Kind: kind, Options: opts, Pos: d.pos(e.key)}
}

// resourceKind finds a resource's kind: its `kind` key, else the kind it is
// named after, else the kind whose identifying option it sets — or a key
// that is a misspelling of it (options then reports the key).
func (d *decoder) resourceKind(e entry, entries []entry, path string) *ResourceKind {
	kinds := d.reg.ResourceKindNames()
	for _, f := range entries {
		if f.name != "kind" {
			continue
		}
		s, ok := d.scalar(f.val, path+".kind", "a string")
		if !ok || !d.enum(f.val, path+".kind", s, kinds) {
			return nil
		}
		k, _ := d.reg.LookupResource(s)
		return k
	}
	if k, ok := d.reg.LookupResource(e.name); ok {
		return k
	}
	for _, near := range []bool{false, true} {
		for _, name := range kinds {
			if k, _ := d.reg.LookupResource(name); k.Identify != "" && identifies(entries, k.Identify, near) {
				return k
			}
		}
	}
	d.report(CodeUnknownResource, e.key, path, "add kind: "+listText(kinds)+suggest(e.name, kinds),
		"cannot tell what kind of resource %q is", e.name)
	d.withFix(d.fixTo(path+".kind", e.name, kinds))
	return nil
}

// identifies reports whether entries set the identifying option key, or,
// near, a key that is a misspelling of it.
func identifies(entries []entry, key string, near bool) bool {
	return slices.ContainsFunc(entries, func(f entry) bool {
		return f.name == key || near && len(closest(f.name, []string{key})) == 1
	})
}

// assets decodes the assets section against the resources already read,
// and names the assets it could not decode (their problems are reported)
// and the assets those name as their quarantine.
func (d *decoder) assets(e entry, resources map[string]*Resource) (assets map[string]*Asset, broken, refs map[string]bool) {
	assets, broken, refs = map[string]*Asset{}, map[string]bool{}, map[string]bool{}
	entries, _ := d.mapping(e.val, "assets")
	for _, a := range entries {
		if asset := d.asset(a, resources); asset != nil {
			assets[a.name] = asset
			continue
		}
		broken[a.name] = true
		if q := rawString(a.val, QuarantineOption); q != "" {
			refs[q] = true
		}
	}
	return assets, broken, refs
}

// asset decodes one asset binding; nil when its plugin is missing or
// unknown, or when any of its options is wrong: an asset with an error is
// not bound (Bind and the planner say nothing more about it, so a
// misspelt write_mode is one error, not a cascade of what the default
// write mode would imply).
func (d *decoder) asset(e entry, resources map[string]*Resource) *Asset {
	path := join("assets", e.name)
	entries, ok := d.mapping(e.val, path)
	if !ok {
		return nil
	}
	plugin := d.plugin(e, entries, path)
	if plugin == nil {
		return nil
	}
	before := len(d.diags)
	a := &Asset{Name: e.name, Plugin: plugin, Pos: d.pos(e.key), dir: d.dir}
	a.Resource = d.assetResource(e, entries, path, plugin, resources)
	a.Options = d.options(e.key, path, entries, plugin.Options, []string{"plugin", "resource"})
	d.groups(e.key, path, entries, plugin)
	dropShadowedDefaults(a.Options, plugin.Exclusive)
	d.outputMode(a, entries, path)
	d.subscription(a, path)
	if plugin.Check != nil {
		if err := plugin.Check(a.Options); err != nil {
			d.checkFailed(e.key, path, plugin.Summary, err)
		}
	}
	if d.erredSince(before) && !d.keepBroken {
		return nil
	}
	return a
}

// outputMode reports an output_mode the asset's write mode does not accept,
// e.g. update on a delta append sink (values outside append, update and
// complete are already reported as ETL-P305, and so is a write_mode
// outside the plugin's).
func (d *decoder) outputMode(a *Asset, entries []entry, path string) {
	v, ok := a.Options[OutputModeOption]
	if !ok || v.Default {
		return
	}
	if _, ok := a.Options[WriteModeOption]; !ok && hasEntry(entries, WriteModeOption) {
		return
	}
	wm, ok := writeModeOf(a)
	if !ok || slices.Contains(wm.OutputModes, v.Str) {
		return
	}
	hint := "use output_mode " + listText(wm.OutputModes)
	if other := acceptingWriteModes(a.Plugin, v.Str); len(other) > 0 {
		hint += ", or write_mode " + listText(other)
	}
	var fix diag.Fix
	if len(wm.OutputModes) == 1 {
		fix = diag.Fix{File: d.file, Key: join(path, OutputModeOption), Set: wm.OutputModes[0]}
	}
	d.diags.Add(diag.Diagnostic{Code: CodeSinkOutputMode, Severity: diag.Error, Pos: v.Pos, Path: join(path, OutputModeOption),
		Message: fmt.Sprintf("%s write mode %s does not accept output mode %s", a.Plugin.Name, wm.Name, v.Str), Hint: hint, Fix: fix})
}

// acceptingWriteModes lists the plugin's write modes that accept mode.
func acceptingWriteModes(p *Plugin, mode string) []string {
	var out []string
	for _, w := range p.WriteModes {
		if slices.Contains(w.OutputModes, mode) {
			out = append(out, w.Name)
		}
	}
	return out
}

// dropShadowedDefaults removes a default of an exclusive group when another
// member of the group is set: starting_timestamp set means no default
// starting_offsets.
func dropShadowedDefaults(opts map[string]Value, groups [][]string) {
	for _, g := range groups {
		explicit := false
		for _, name := range g {
			if v, ok := opts[name]; ok && !v.Default {
				explicit = true
			}
		}
		for _, name := range g {
			if v, ok := opts[name]; ok && v.Default && explicit {
				delete(opts, name)
			}
		}
	}
}

// plugin looks up the asset's plugin.
func (d *decoder) plugin(e entry, entries []entry, path string) *Plugin {
	for _, f := range entries {
		if f.name != "plugin" {
			continue
		}
		s, ok := d.scalar(f.val, path+".plugin", "a plugin name")
		if !ok {
			return nil
		}
		p, found := d.reg.Lookup(s)
		if !found {
			names := d.reg.PluginNames()
			d.report(CodeUnknownPlugin, f.val, path+".plugin", "use one of: "+listText(names)+suggest(s, names),
				"%s names a plugin the registry does not know", path+".plugin")
			d.withFix(d.fixTo(path+".plugin", s, names))
		}
		return p
	}
	for _, f := range entries {
		if m := closest(f.name, []string{"plugin"}); len(m) == 1 {
			d.unknownKey(f, path, []string{"plugin"}, entries) // plgin: delta
			return nil
		}
	}
	d.report(CodeMissingKey, e.key, path, "add plugin: "+listText(d.reg.PluginNames()),
		"asset %q has no plugin", e.name)
	return nil
}

// assetResource resolves the asset's `resource` reference.
func (d *decoder) assetResource(e entry, entries []entry, path string, p *Plugin, resources map[string]*Resource) *Resource {
	var ref *entry
	for i := range entries {
		if entries[i].name == "resource" {
			ref = &entries[i]
		}
	}
	if ref == nil {
		if p.ResourceRequired {
			d.report(CodeMissingOption, e.key, path, "add resource: <name of a "+p.ResourceKind+" resource>",
				"plugin %s needs a %s resource", p.Name, p.ResourceKind)
		}
		return nil
	}
	return d.resourceRef(*ref, path+".resource", p, resources)
}

func (d *decoder) resourceRef(ref entry, path string, p *Plugin, resources map[string]*Resource) *Resource {
	name, ok := d.scalar(ref.val, path, "a resource name")
	if !ok {
		return nil
	}
	if p.ResourceKind == "" {
		d.report(CodeOptionNotApplies, ref.key, path, "remove resource", "plugin %s takes no resource", p.Name)
		return nil
	}
	r, found := resources[name]
	if !found && d.brokenResources[name] {
		return nil // declared, and its problems are reported
	}
	if !found {
		d.report(CodeMissingResource, ref.val, path, "define it under resources:, or fix the name"+suggest(name, slices.Sorted(maps.Keys(resources))),
			"%s names a resource the profile does not define", path)
		d.withFix(d.fixTo(path, name, slices.Sorted(maps.Keys(resources))))
		return nil
	}
	if r.Kind.Name != p.ResourceKind {
		d.report(CodeWrongResourceKind, ref.val, path, "reference a "+p.ResourceKind+" resource",
			"resource %q is a %s resource; plugin %s needs a %s resource", name, r.Kind.Name, p.Name, p.ResourceKind)
		return nil
	}
	return r
}

// groups checks the plugin's one-of and mutually exclusive option groups.
func (d *decoder) groups(key *yaml.Node, path string, entries []entry, p *Plugin) {
	for _, g := range p.OneOf {
		set := setIn(entries, g)
		if len(set) == 0 && !slices.ContainsFunc(g, func(k string) bool { return !d.missing(path, k) }) {
			d.report(CodeMissingOption, key, path, "set one of: "+listText(g), "plugin %s needs one of %s", p.Name, listText(g))
		}
		d.exclusive(set, path, g)
	}
	for _, g := range p.Exclusive {
		d.exclusive(setIn(entries, g), path, g)
	}
}

// exclusive reports every option of a group after the first one set.
func (d *decoder) exclusive(set []entry, path string, group []string) {
	for _, e := range set[min(1, len(set)):] {
		d.report(CodeExclusiveOptions, e.key, join(path, e.name), "keep only one of: "+listText(group),
			"%s cannot be combined with %s", e.name, set[0].name)
	}
}

// setIn returns the entries whose names are in names, in file order.
func setIn(entries []entry, names []string) []entry {
	var out []entry
	for _, e := range entries {
		if slices.Contains(names, e.name) {
			out = append(out, e)
		}
	}
	return out
}
