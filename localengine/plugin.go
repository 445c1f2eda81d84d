package localengine

import (
	"context"
	"fmt"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Plugin is what the local engine runs of one profile plugin: a source
// factory per source role it reads in, a sink factory per sink role it
// writes in, and the table a CDF MERGE applies changes to. A plugin package
// (plugins/<name>) builds one and hands it to Register.
type Plugin struct {
	// Name is the profile plugin's name.
	Name profile.PluginName
	// Sources open the plugin's sources, by source role.
	Sources map[profile.Role]SourceFactory
	// Sinks open the plugin's sinks, by sink role.
	Sinks map[profile.Role]SinkFactory
	// Changes opens the target of a CDF MERGE load (etl.LoadChanges);
	// nil when the plugin cannot apply changes.
	Changes func(SinkArgs) (ChangeTarget, error)
}

// SourceFactory opens the source of one planned extract for one query.
type SourceFactory func(SourceArgs) (Stream, error)

// SinkFactory opens the sink of one planned query.
type SinkFactory func(SinkArgs) (Sink, error)

// SourceArgs is what a source factory opens a source from (Source,
// Checkpoint, Env, Now).
type SourceArgs = sourceArgs

// SinkArgs is what a sink factory opens a sink from (Context, Query,
// CheckpointID, Env).
type SinkArgs = sinkArgs

// ChangeTarget is a table a CDF MERGE applies changes to.
type ChangeTarget = changeTarget

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

// plugins is the engine's registry by name: what the plugin packages
// (plugins/<name>) Register. TestPluginsCoverProfile and plugins/all's
// tests check that every (plugin, role) the profile registry says the
// local engine runs has a reader or writer.
var plugins = map[profile.PluginName]Plugin{}

// Register adds a plugin to the engine's registry. A plugin package
// (plugins/<name>) calls it from its init function; plugins/all imports
// them all. Registering a name twice is a programming error and panics.
func Register(p Plugin) {
	if _, dup := plugins[p.Name]; dup || p.Name == "" {
		panic(fmt.Sprintf("localengine: register plugin %q: empty or already registered", p.Name))
	}
	plugins[p.Name] = p
}

// Supports reports whether the local engine reads (source roles) or writes
// (sink roles) assets of the named plugin in the given role.
func Supports(name profile.PluginName, role profile.Role) bool {
	p, ok := plugins[name]
	if !ok {
		return false
	}
	_, src := p.Sources[role]
	_, sink := p.Sinks[role]
	return src || sink
}

// SupportsChanges reports whether the local engine applies the changes of a
// CDF MERGE load (etl.LoadChanges) to assets of the named plugin.
func SupportsChanges(name profile.PluginName) bool { return plugins[name].Changes != nil }

// Source is the planned source a factory opens; its Binding is its asset.
func (a sourceArgs) Source() *planner.Source { return a.src }

// Checkpoint is the directory of the query reading the source.
func (a sourceArgs) Checkpoint() string { return a.checkpoint }

// Env is the engine's environment.
func (a sourceArgs) Env() *Env { return a.env }

// Now is the processing time of the trigger in flight: what a source that
// depends on processing time (rate) reads up to.
func (a sourceArgs) Now() func() time.Time { return a.now }

// Context is the run's context while the engine opens.
func (a sinkArgs) Context() context.Context { return a.ctx }

// Query is the planned query; Query().Sink.Binding is its asset.
func (a sinkArgs) Query() *planner.Query { return a.q }

// CheckpointID is the identity of the query's checkpoint.
func (a sinkArgs) CheckpointID() string { return a.id }

// Env is the engine's environment.
func (a sinkArgs) Env() *Env { return a.env }
