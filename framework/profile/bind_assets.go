package profile

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

var sprintf = fmt.Sprintf

// asset finds the profile asset bound to a pipeline asset and checks what
// every role shares: plugin on the engine, test-only plugins.
func (bc *binder) asset(name string, pos diag.Position, path string) (*Asset, bool) {
	a, ok := bc.p.Asset(name)
	if !ok && bc.p.broken[name] {
		return nil, false // declared, and parsing already said what is wrong
	}
	if !ok {
		where := ""
		if pos.IsValid() {
			where = " (" + pos.String() + ")"
		}
		bc.report(diag.Error, CodeAssetUnbound, bc.p.assetsPos, path,
			"add assets."+name+" (plugin and options) to "+bc.p.file+suggest(name, bc.p.AssetNames()),
			"asset %q used by pipeline %s%s has no binding in profile %s", name, path[:strings.Index(path, "/")], where, bc.p.name)
		return nil, false
	}
	if bc.p.engine != "" && !a.Plugin.RunsOn(bc.p.engine) {
		bc.report(diag.Error, CodeEngineMismatch, a.Pos, path, "use a plugin that runs on "+bc.p.engine+": "+listText(bc.pluginsFor(bc.p.engine)),
			"plugin %s does not run on engine %s (it runs on %s)", a.Plugin.Name, bc.p.engine, listText(a.Plugin.Engines))
	}
	if a.Plugin.TestOnly && !bc.p.test {
		bc.report(diag.Error, CodeTestOnlyPlugin, a.Pos, path, "mark the profile `test: true`, or bind the asset to a durable plugin",
			"plugin %s is for tests only, and profile %s is not a test profile", a.Plugin.Name, bc.p.name)
	}
	return a, true
}

// pluginsFor lists the registered plugins that run on engine.
func (bc *binder) pluginsFor(engine string) []string {
	var out []string
	bc.p.reg.Walk(func(p *Plugin) {
		if p.RunsOn(engine) {
			out = append(out, string(p.Name))
		}
	})
	return out
}

// source binds one extract.
func (bc *binder) source(pl *ir.Pipeline, e ir.Extract) (AssetBinding, bool) {
	path := pl.ID + "/" + e.Asset
	a, ok := bc.asset(e.Asset, e.Pos, path)
	if !ok {
		return AssetBinding{}, false
	}
	s := AssetBinding{Asset: a, Role: RoleStreamingSource, Contract: e.Contract, Pos: e.Pos}
	if e.Static {
		s.Role = RoleStaticSource
	}
	bc.role(a, s.Role, path)
	bc.roleOptions(a, s.Role, path)
	bc.staticInMemory(a, s.Role, path)
	if c := bc.contract(e.Contract, e.Pos, path); c != nil {
		if f, ok := c.EventTimeField(); ok {
			s.EventTime = f.Name
		}
		bc.fixedSchema(a, c, e.Pos, path)
	}
	return s, true
}

// fixedSchema checks that the contract of a source whose rows have a fixed
// shape (rate: timestamp, value) declares exactly those columns.
func (bc *binder) fixedSchema(a *Asset, c *contracts.Contract, pos diag.Position, path string) {
	if a.Plugin.Source == nil || len(a.Plugin.Source.Schema) == 0 {
		return
	}
	var want, got []string
	for _, col := range a.Plugin.Source.Schema {
		want = append(want, col.Name+" "+string(col.Kind))
	}
	for _, f := range c.Fields {
		got = append(got, f.Name+" "+string(f.Type.Kind))
	}
	if !slices.Equal(want, got) {
		bc.report(diag.Error, CodeSourceSchema, pos, path, "declare contract "+c.ID+" with exactly the columns "+commaList(want),
			"plugin %s delivers rows (%s), but contract %s declares (%s)", a.Plugin.Name, commaList(want), c.ID, commaList(got))
	}
}

// staticInMemory refuses, outside tests, a static side bound to a plugin
// the engine keeps in memory (Plugin.InMemoryOn: delta on the local
// engine): its tables live for one process, so the join would read an
// empty table in every `etlgen run` (a test fills the table itself,
// testkit's DeltaTable).
func (bc *binder) staticInMemory(a *Asset, r Role, path string) {
	if r != RoleStaticSource || bc.p.test || !a.Plugin.InMemory(bc.p.engine) {
		return
	}
	bc.report(diag.Error, CodeEngineMismatch, a.Pos, path,
		"bind the static table to file-json (a directory of JSON-lines files, read in full at every micro-batch), or mark the profile test: true and fill the table in the test",
		"the %s engine keeps %s tables in memory for one run: the static side %s would be empty in every etlgen run, and every row joined with nothing", bc.p.engine, a.Plugin.Name, a.Name)
}

// role reports a plugin that cannot play role r.
func (bc *binder) role(a *Asset, r Role, path string) {
	if a.Plugin.Supports(r) {
		bc.engineRole(a, r, path)
		return
	}
	var fit []string
	bc.p.reg.Walk(func(p *Plugin) {
		if p.Supports(r) {
			fit = append(fit, string(p.Name))
		}
	})
	bc.report(diag.Error, CodeRoleUnsupported, a.Pos, path, "bind the asset to a plugin that supports "+string(r)+": "+listText(fit),
		"plugin %s does not support the %s role (it supports %s)", a.Plugin.Name, r, listText(roleNames(a.Plugin.Roles)))
}

// engineRole reports a role the plugin plays, but not on the profile's
// engine (kafka-json reads only on Spark).
func (bc *binder) engineRole(a *Asset, r Role, path string) {
	e := bc.p.engine
	if e == "" || !a.Plugin.RunsOn(e) || a.Plugin.RunsAs(e, r) {
		return
	}
	bc.report(diag.Error, CodeEngineMismatch, a.Pos, path, "bind the asset to a plugin that runs as "+string(r)+" on "+e+", or run the pipeline on "+listText(otherEngines(a.Plugin, e, r)),
		"plugin %s runs on engine %s only as %s, and the pipeline binds the asset as %s", a.Plugin.Name, e, listText(roleNames(a.Plugin.EngineRoles[e])), r)
}

// otherEngines lists the engines on which the plugin plays role r.
func otherEngines(p *Plugin, except string, r Role) []string {
	var out []string
	for _, e := range p.Engines {
		if e != except && p.RunsAs(e, r) {
			out = append(out, e)
		}
	}
	return out
}

func roleNames(rs []Role) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return out
}

// sink binds one load: write mode, role and merge keys.
func (bc *binder) sink(pl *ir.Pipeline, l ir.Load) (AssetBinding, bool) {
	path := pl.ID + "/" + l.Asset
	a, ok := bc.asset(l.Asset, l.Pos, path)
	if !ok {
		return AssetBinding{}, false
	}
	s := AssetBinding{Asset: a, Contract: l.Contract, Pos: l.Pos}
	c := bc.contract(l.Contract, l.Pos, path)
	if l.Changes != nil { // a CDF MERGE merges on the target's keys
		c = bc.contract(l.Changes.Target, l.Pos, path)
	}
	wm, ok := writeModeOf(a)
	if !ok {
		bc.role(a, RoleAppendSink, path)
		return s, true
	}
	s.WriteMode, s.Role = wm, wm.Role
	bc.role(a, s.Role, path)
	bc.roleOptions(a, s.Role, path)
	if s.Role == RoleMergeSink {
		s.MergeKeys = bc.mergeKeys(a, c, path)
	}
	bc.tableLayout(&s, c, l.Changes != nil, path)
	if a.Plugin.BindSink != nil {
		bc.diags = append(bc.diags, a.Plugin.BindSink(a, c, pipelineOf(path))...)
	}
	return s, true
}

// writeModeOf returns the asset's write mode: its write_mode option when the
// plugin has one, else the plugin's first write mode.
func writeModeOf(a *Asset) (WriteMode, bool) {
	if len(a.Plugin.WriteModes) == 0 {
		return WriteMode{}, false
	}
	if v, ok := a.Options[WriteModeOption]; ok {
		return a.Plugin.WriteMode(v.Str)
	}
	return a.Plugin.WriteModes[0], true
}

// unused notes profile assets the pipeline never reads or writes (an asset named
// as a static table's quarantine counts as written).
func (bc *binder) unused(pl *ir.Pipeline, b *Binding) {
	used := map[string]bool{}
	maps.Copy(used, bc.p.brokenRefs) // named; parsing said what is wrong with the namer
	for _, l := range [][]AssetBinding{b.Sources, b.Sinks} {
		for _, s := range l {
			if q := s.Asset.String(QuarantineOption); q != "" {
				used[q] = true // named; staticQuarantines said what is wrong with it
			}
		}
	}
	for _, e := range pl.Extracts {
		used[e.Asset] = true
	}
	for _, l := range pl.Loads {
		used[l.Asset] = true
	}
	for _, g := range pl.Gates {
		if g.Output != "" {
			used[g.Output] = true
		}
	}
	for _, name := range bc.p.AssetNames() {
		if !used[name] {
			a := bc.p.assets[name]
			bc.report(diag.Note, CodeUnusedAsset, a.Pos, "assets."+name, "remove it, or use a profile per pipeline",
				"asset %q is not used by pipeline %s", name, pl.ID)
		}
	}
}
