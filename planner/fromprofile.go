package planner

import (
	"sort"

	"github.com/etlgen/etlgen/framework/profile"
)

// FromProfile builds the planner's view of a loaded profile: engine, trigger,
// checkpoint root and, per asset, its plugin, identity, write mode, the output
// modes the sink accepts (from the plugin's write-mode spec) and the Spark
// packages it needs. It reads only what the profile already holds.
func FromProfile(p *profile.Profile) *Env {
	if p == nil {
		return &Env{Assets: map[string]AssetBinding{}}
	}
	env := &Env{
		Profile:        p.Name(),
		Engine:         p.Engine(),
		Trigger:        triggerOf(p.Trigger()),
		CheckpointRoot: p.CheckpointRoot(),
		Assets:         map[string]AssetBinding{},
		Pos:            p.Execution().Pos,
	}
	for _, name := range p.AssetNames() {
		a, _ := p.Asset(name)
		env.Assets[name] = assetOf(a)
	}
	return env
}

func triggerOf(t profile.Trigger) Trigger {
	out := Trigger{Type: t.Type}
	if t.Interval > 0 {
		out.Interval = t.Interval.String()
	}
	return out
}

func assetOf(a *profile.Asset) AssetBinding {
	b := AssetBinding{Asset: a.Name, Pos: a.Pos, Options: a.SparkOptions()}
	if a.Plugin == nil {
		return b
	}
	b.Plugin = a.Plugin.Name
	b.Identity = identityOf(a)
	b.Packages = append([]string(nil), a.Plugin.Packages...)
	b.StartingOffsets = firstSet(a, "starting_offsets", "starting_timestamp", "starting_offsets_by_timestamp", "starting_version")
	if len(a.Plugin.WriteModes) > 0 {
		wm := a.Plugin.WriteModes[0]
		if w, ok := a.Plugin.WriteMode(a.String("write_mode")); ok {
			wm = w
		}
		b.WriteMode = wm.Name
		b.OutputModes = append([]string(nil), wm.OutputModes...)
		b.MergeKeys = a.Strings("merge_keys")
		b.TxnIDs = txnIDs(b.Plugin, b.WriteMode)
	}
	b.OutputMode = a.String("output_mode")
	return b
}

// txnIDs reports whether the sink's writes are idempotent per batch id: the
// Delta streaming sink records (query id, batch id) as an application
// transaction, and the engine's foreachBatch MERGE sets txnAppId/txnVersion.
func txnIDs(plugin, writeMode string) bool {
	return plugin == "delta"
}

func identityOf(a *profile.Asset) string {
	for _, k := range []string{"topic", "table"} {
		if s := a.String(k); s != "" {
			return s
		}
	}
	if a.Has("path") {
		return a.Path("path")
	}
	if s := a.String("name"); s != "" {
		return s
	}
	return a.Name
}

func firstSet(a *profile.Asset, names ...string) string {
	for _, n := range names {
		if a.Has(n) {
			return n + "=" + a.String(n)
		}
	}
	for _, n := range names {
		if s := a.String(n); s != "" {
			return n + "=" + s + " (default)"
		}
	}
	return ""
}

func sortedUnique(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}
