package pyspark

import (
	"fmt"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// plugin is how the Spark engine reads and writes the assets of one
// profile plugin; each is one file, plugin_<name>.go.
type plugin struct {
	name profile.PluginName
	// roles are the roles of profile.Role the engine implements for the
	// plugin: a source role needs read, a sink role write.
	roles []profile.Role
	// read fills the view of a source: reader format, options, lineage and
	// payload type (payload rows), or typed rows.
	read func(sv *sourceView, s *planner.Source) error
	// write fills the view of a sink writing rows of contract c.
	write func(sv *sinkView, s *planner.Sink, c *contracts.Contract) error
	// reread says how a batch of the source is read again on its own for
	// late rows (rereadKafka, rereadFiles); "" when it cannot be.
	reread string
	// quarantine: the engine MERGEs a static table's quarantine into a
	// sink of the plugin (delta).
	quarantine bool
	// relation is the SQL name of a table sink as the program writes it,
	// when it is not the binding's table or path (iceberg: its
	// catalog.namespace.table); nil otherwise.
	relation func(s *planner.Sink) string
}

// The ways a source batch is read again for late rows.
const (
	rereadKafka = "kafka" // the batch's Kafka offset range
	rereadFiles = "files" // the files of the file-source log batch
)

// builtinPlugins lists the plugins the Spark engine runs, in one place.
// Adding a plugin to the engine is adding its file and listing it here.
func builtinPlugins() []plugin {
	return []plugin{kafkaJSONPlugin(), fileJSONPlugin(), deltaPlugin(), deltaCDFPlugin(), ratePlugin(), icebergPlugin()}
}

// plugins is the engine's registry, keyed by plugin name.
var plugins = func() map[profile.PluginName]plugin {
	out := map[profile.PluginName]plugin{}
	for _, p := range builtinPlugins() {
		out[p.name] = p
	}
	return out
}()

// Plugins returns the names of the plugins the Spark engine reads or
// writes, sorted.
func Plugins() []profile.PluginName { return slices.Sorted(maps.Keys(plugins)) }

// Supports reports whether the Spark engine implements the plugin in the
// role: it has a reader for a source role, a writer for a sink role.
func Supports(name profile.PluginName, role profile.Role) bool {
	p, ok := plugins[name]
	if !ok || !slices.Contains(p.roles, role) {
		return false
	}
	if isSource(role) {
		return p.read != nil
	}
	return p.write != nil
}

func isSource(r profile.Role) bool {
	return r == profile.RoleStreamingSource || r == profile.RoleStaticSource
}

// reader returns the read function of a source's plugin.
func reader(s *planner.Source) (plugin, error) {
	role := profile.RoleStreamingSource
	if s.Static {
		role = profile.RoleStaticSource
	}
	if !Supports(s.Plugin, role) {
		return plugin{}, fmt.Errorf("source %s: plugin %s has no %s reader in the Spark engine (%s)", s.Asset, s.Plugin, role, names(role))
	}
	return plugins[s.Plugin], nil
}

// writer returns the write function of a sink's plugin.
func writer(s *planner.Sink) (plugin, error) {
	role := profile.RoleAppendSink
	if s.Binding != nil {
		role = s.Binding.WriteMode.Role
	}
	if !Supports(s.Plugin, role) {
		return plugin{}, fmt.Errorf("sink %s: plugin %s has no %s writer in the Spark engine (%s)", s.Asset, s.Plugin, role, names(role))
	}
	return plugins[s.Plugin], nil
}

// SinkRelation is the SQL name of a table sink as the program writes it:
// its plugin's relation (an Iceberg table's catalog.namespace.table), else
// the binding's table or delta.`path`, else its quoted identity.
func SinkRelation(s *planner.Sink) string {
	if p, ok := plugins[s.Plugin]; ok && p.relation != nil {
		return p.relation(s)
	}
	if b := s.Binding; b != nil {
		return SQLTable(b.Table(), b.Path())
	}
	return SQLTable("", s.Identity)
}

// names lists the plugins the engine implements in a role, for errors.
func names(role profile.Role) string {
	var out []string
	for _, n := range Plugins() {
		if Supports(n, role) {
			out = append(out, string(n))
		}
	}
	return fmt.Sprint(out)
}
