package localengine

import (
	"context"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// plugin is what the local engine runs of one profile plugin: a source
// factory per source role it reads in, a sink factory per sink role it
// writes in, and the table a CDF MERGE applies changes to. Each plugin is
// one file, plugin_<name>.go.
type plugin struct {
	name    profile.PluginName
	sources map[profile.Role]sourceFactory
	sinks   map[profile.Role]sinkFactory
	// changes opens the target of a CDF MERGE load (etl.LoadChanges);
	// nil when the plugin cannot apply changes.
	changes func(sinkArgs) (changeTarget, error)
}

// sourceFactory opens the source of one planned extract for one query.
type sourceFactory func(sourceArgs) (Stream, error)

// sinkFactory opens the sink of one planned query.
type sinkFactory func(sinkArgs) (Sink, error)

// sourceArgs is what a source factory opens a source from.
type sourceArgs struct {
	// src is the planned source; src.Binding is its asset.
	src *planner.Source
	// checkpoint is the directory of the query reading the source.
	checkpoint string
	env        *Env
	// now is the processing time of the trigger in flight (Engine.now):
	// what a source that depends on processing time (rate) reads up to.
	now func() time.Time
}

// sinkArgs is what a sink factory opens a sink from.
type sinkArgs struct {
	// ctx is the run's context while the engine opens: a sink that waits
	// on something outside the process (a broker) gives up when it ends.
	ctx context.Context
	// q is the planned query; q.Sink.Binding is its asset.
	q *planner.Query
	// id is the identity of the query's checkpoint (checkpoint_id.go).
	id  string
	env *Env
}

// builtinPlugins lists the plugins the local engine runs, one file each.
// Adding a plugin is adding its file and a line here; TestPluginsCoverProfile
// checks that every (plugin, role) the profile registry says the local
// engine runs has a reader or writer here.
func builtinPlugins() []plugin {
	return []plugin{memoryPlugin(), fileJSONPlugin(), deltaPlugin(), deltaCDFPlugin(), ratePlugin(), kafkaJSONPlugin()}
}

// plugins is the registry of builtinPlugins by name.
var plugins = func() map[profile.PluginName]plugin {
	out := map[profile.PluginName]plugin{}
	for _, p := range builtinPlugins() {
		out[p.name] = p
	}
	return out
}()

// Supports reports whether the local engine reads (source roles) or writes
// (sink roles) assets of the named plugin in the given role.
func Supports(name profile.PluginName, role profile.Role) bool {
	p, ok := plugins[name]
	if !ok {
		return false
	}
	_, src := p.sources[role]
	_, sink := p.sinks[role]
	return src || sink
}

// SupportsChanges reports whether the local engine applies the changes of a
// CDF MERGE load (etl.LoadChanges) to assets of the named plugin.
func SupportsChanges(name profile.PluginName) bool { return plugins[name].changes != nil }
