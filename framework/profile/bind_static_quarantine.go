package profile

import (
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// QuarantineOption is the option of a static table's asset that names the
// asset its invalid rows go to. Without it a row that breaks the contract
// fails the micro-batch that reads it.
const QuarantineOption = "quarantine"

// StaticQuarantineSpec is the quarantine option of the plugins that can be
// the static side of a join.
var StaticQuarantineSpec = Option{Name: QuarantineOption, Type: TypeString, OnlyRoles: []Role{RoleStaticSource},
	Description: "The asset of this profile that receives the table's rows that break the contract, each distinct row once " +
		"(a MERGE that inserts the rows whose contract_id, source_topic and raw_payload it does not hold yet), with the standard " +
		"rejection columns; the other rows are joined. Without it a row that breaks the contract fails the micro-batch that reads it. " +
		"An append asset of its own, used by no extract or load."}

// roleOptions reports options set on an asset bound in a role they do not
// apply to (Option.OnlyRoles).
func (bc *binder) roleOptions(a *Asset, r Role, path string) {
	for _, o := range a.Plugin.Options {
		if len(o.OnlyRoles) == 0 || slices.Contains(o.OnlyRoles, r) || !a.Has(o.Name) {
			continue
		}
		roles := rolesText(o.OnlyRoles)
		bc.report(diag.Error, CodeOptionNotApplies, a.Options[o.Name].Pos, "assets."+a.Name+"."+o.Name,
			"remove "+o.Name+": it applies only in the "+roles,
			"option %s of asset %s applies only in the %s, and pipeline %s binds the asset as %s", o.Name, a.Name, roles, pipelineOf(path), r)
	}
}

// rolesText names roles for a message: "the static-source role", "the
// append-sink or merge-sink roles".
func rolesText(rs []Role) string {
	if len(rs) == 1 {
		return string(rs[0]) + " role"
	}
	return listText(roleNames(rs)) + " roles"
}

// pipelineOf is the pipeline id of a binding path (<pipeline>/<asset>).
func pipelineOf(path string) string {
	id, _, _ := strings.Cut(path, "/")
	return id
}

// staticQuarantines binds the quarantine of every static source that names
// one: an asset of its own, unused by the pipeline and by any other static
// source, whose plugin appends on the profile's engine.
func (bc *binder) staticQuarantines(pl *ir.Pipeline, b *Binding) {
	used := map[string]bool{}
	for _, e := range pl.Extracts {
		used[e.Asset] = true
	}
	for _, l := range pl.Loads {
		used[l.Asset] = true
	}
	owner := map[string]string{}
	for i := range b.Sources {
		s := &b.Sources[i]
		name := s.Asset.String(QuarantineOption)
		if !s.Static() || name == "" {
			continue
		}
		pos, path := s.Asset.Options[QuarantineOption].Pos, "assets."+s.Asset.Name+"."+QuarantineOption
		bad := func(hint, format string, args ...any) {
			bc.report(diag.Error, CodeStaticQuarantine, pos, path, hint, format, args...)
		}
		q, ok := bc.p.Asset(name)
		switch {
		case !ok:
			bad("add assets."+name+" (an append table or directory of its own)"+suggest(name, bc.p.AssetNames()),
				"the quarantine %q of static table %s is not an asset of profile %s", name, s.Asset.Name, bc.p.name)
			continue
		case name == s.Asset.Name:
			bad("name another asset", "static table %s names itself as its quarantine", name)
			continue
		case used[name]:
			bad("bind an asset the pipeline does not extract or load", "the quarantine %q of static table %s is also used by pipeline %s", name, s.Asset.Name, pl.ID)
			continue
		case owner[name] != "":
			bad("give each static table a quarantine of its own", "asset %q is already the quarantine of static table %s", name, owner[name])
			continue
		}
		owner[name] = s.Asset.Name
		if bc.p.engine != "" && !q.Plugin.RunsOn(bc.p.engine) {
			bad("use a plugin that runs on "+bc.p.engine+": "+listText(bc.pluginsFor(bc.p.engine)),
				"the quarantine %s of static table %s has plugin %s, which does not run on engine %s", name, s.Asset.Name, q.Plugin.Name, bc.p.engine)
			continue
		}
		wm, ok := writeModeOf(q)
		if !ok || wm.Role != RoleAppendSink || !q.Plugin.Supports(RoleAppendSink) {
			mode := ""
			if ok {
				mode = ", write mode " + wm.Name
			}
			bad("bind an append sink: write_mode append, on a plugin that appends (delta, file-json, memory)",
				"the quarantine %s of static table %s does not append (plugin %s%s)", name, s.Asset.Name, q.Plugin.Name, mode)
			continue
		}
		if bc.p.reg.onSpark(bc.p.engine) && !q.Plugin.Supports(RoleMergeSink) {
			bad("bind a delta table: the Spark engine MERGEs the rows it does not hold yet into it",
				"the quarantine %s of static table %s has plugin %s, which the Spark engine cannot MERGE into", name, s.Asset.Name, q.Plugin.Name)
			continue
		}
		if !bc.p.test && q.Plugin.InMemory(bc.p.engine) {
			bad("bind a file-json directory: its files outlast the run",
				"the %s engine keeps %s tables in memory for one run: the quarantine %s of static table %s would be empty in every etlgen run, and every run would write its rows again", bc.p.engine, q.Plugin.Name, name, s.Asset.Name)
			continue
		}
		if q.Plugin.TestOnly && !bc.p.test {
			bc.report(diag.Error, CodeTestOnlyPlugin, q.Pos, "assets."+name, "mark the profile `test: true`, or bind the asset to a durable plugin",
				"plugin %s is for tests only, and profile %s is not a test profile", q.Plugin.Name, bc.p.name)
		}
		s.Quarantine = &AssetBinding{Asset: q, Role: RoleAppendSink, Contract: s.Contract, WriteMode: wm, Pos: s.Pos}
	}
}
