package planner

import (
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// env is what the planner knows of the profile a document is bound to: the
// profile's name, engine, trigger and checkpoint root, and the binding of
// every extract and load of the planned pipelines (profile.Bind). Planning
// unbound (no profile) leaves it empty.
type env struct {
	prof           *profile.Profile
	Profile        string
	Engine         string
	Trigger        profile.Trigger
	CheckpointRoot string
	// Pos is where the profile declares its execution settings.
	Pos diag.Position
	// Sources and Sinks are the bindings by asset name; GateOutputs those
	// of quarantine gates' outputs.
	Sources, Sinks, GateOutputs map[string]*profile.AssetBinding
	// WorkDir is Options.WorkDir: what relative local paths are relative
	// to when locations are compared.
	WorkDir string
	// SparkVersion is the Spark line the profile targets
	// (profile.Profile.SparkVersion); profile.DefaultSparkLine unbound.
	SparkVersion string
}

// bindEnv binds every planned pipeline of doc to prof and returns the
// planner's view with Bind's diagnostics. A profile with errors still binds
// what it can, so the pipeline's own problems are reported with its own.
func bindEnv(doc *ir.Document, prof *profile.Profile, ids []string) (*env, diag.List) {
	e := &env{Sources: map[string]*profile.AssetBinding{}, Sinks: map[string]*profile.AssetBinding{}, GateOutputs: map[string]*profile.AssetBinding{},
		SparkVersion: profile.DefaultSparkLine}
	if prof == nil {
		return e, nil
	}
	e.prof, e.Profile, e.Engine, e.SparkVersion = prof, prof.Name(), prof.Engine(), prof.SparkVersion()
	e.Trigger, e.CheckpointRoot, e.Pos = prof.Trigger(), prof.CheckpointRoot(), prof.Execution().Pos
	var diags diag.List
	for _, id := range ids {
		b, d := profile.Bind(prof, doc, id)
		diags = append(diags, d...)
		if b == nil {
			continue
		}
		for i := range b.Sources {
			e.Sources[b.Sources[i].Name()] = &b.Sources[i]
		}
		for i := range b.Sinks {
			e.Sinks[b.Sinks[i].Name()] = &b.Sinks[i]
		}
		for i := range b.GateOutputs {
			e.GateOutputs[b.GateOutputs[i].Name()] = &b.GateOutputs[i]
		}
	}
	return e, diags
}

// pluginName is the plugin of a binding, "" when unbound.
func pluginName(b *profile.AssetBinding) profile.PluginName {
	if p := pluginOf(b); p != nil {
		return p.Name
	}
	return ""
}

// pluginOf is the plugin spec of a binding, nil when unbound.
func pluginOf(b *profile.AssetBinding) *profile.Plugin {
	if b == nil || b.Asset == nil {
		return nil
	}
	return b.Asset.Plugin
}

// identity is what a binding reads or writes, "" when unbound.
func identity(b *profile.AssetBinding) string {
	if b == nil {
		return ""
	}
	return b.Identity()
}
