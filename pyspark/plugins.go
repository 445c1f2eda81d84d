package pyspark

import (
	"fmt"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Plugin is how the Spark engine reads and writes the assets of one
// profile plugin: a plugin package (plugins/<name>) builds one and hands
// it to Register.
type Plugin struct {
	// Name is the profile plugin's name.
	Name profile.PluginName
	// Roles are the roles of profile.Role the engine implements for the
	// plugin: a source role needs Read, a sink role Write.
	Roles []profile.Role
	// Read fills the view of a source: reader format, options, lineage and
	// payload type (payload rows), or typed rows.
	Read func(sv *SourceView, s *planner.Source) error
	// Write fills the view of a sink writing rows of contract c.
	Write func(sv *SinkView, s *planner.Sink, c *contracts.Contract) error
	// Reread says how a batch of the source is read again on its own for
	// late rows (RereadKafka, RereadFiles); "" when it cannot be.
	Reread string
	// Quarantine: the engine MERGEs a static table's quarantine into a
	// sink of the plugin (delta).
	Quarantine bool
	// Relation is the SQL name of a table sink as the program writes it,
	// when it is not the binding's table or path (iceberg: its
	// catalog.namespace.table); nil otherwise.
	Relation func(s *planner.Sink) string
	// Runtime is the plugin's module of the program's runtime package (a
	// sink kind it registers with the runtime's sink registry,
	// etlgen_runtime/sinks.py); nil when the core runtime does all it
	// needs.
	Runtime *RuntimeModule
}

// SourceView is the generator's view of one extract, which a plugin's Read
// fills (its exported fields: Format, Options, Typed, Rows, Lineage...).
type SourceView = sourceView

// SinkView is the generator's view of one sink, which a plugin's Write
// fills (its exported fields: Kind, Format, Target, Options...).
type SinkView = sinkView

// The ways a source batch is read again for late rows.
const (
	RereadKafka = "kafka" // the batch's Kafka offset range
	RereadFiles = "files" // the files of the file-source log batch
)

// plugins is the engine's registry, keyed by plugin name: what the plugin
// packages (plugins/<name>) Register.
var plugins = map[profile.PluginName]Plugin{}

// Register adds a plugin to the engine's registry. A plugin package
// (plugins/<name>) calls it from its init function; plugins/all imports
// them all. Registering a name twice is a programming error and panics.
func Register(p Plugin) {
	if _, dup := plugins[p.Name]; dup || p.Name == "" {
		panic(fmt.Sprintf("pyspark: register plugin %q: empty or already registered", p.Name))
	}
	if err := checkRuntimeModule(p); err != nil {
		panic(fmt.Sprintf("pyspark: register plugin %q: %v", p.Name, err))
	}
	plugins[p.Name] = p
}

// Plugins returns the names of the plugins the Spark engine reads or
// writes, sorted.
func Plugins() []profile.PluginName { return slices.Sorted(maps.Keys(plugins)) }

// Supports reports whether the Spark engine implements the plugin in the
// role: it has a reader for a source role, a writer for a sink role.
func Supports(name profile.PluginName, role profile.Role) bool {
	p, ok := plugins[name]
	if !ok || !slices.Contains(p.Roles, role) {
		return false
	}
	if isSource(role) {
		return p.Read != nil
	}
	return p.Write != nil
}

func isSource(r profile.Role) bool {
	return r == profile.RoleStreamingSource || r == profile.RoleStaticSource
}

// reader returns the read function of a source's plugin.
func reader(s *planner.Source) (Plugin, error) {
	role := profile.RoleStreamingSource
	if s.Static {
		role = profile.RoleStaticSource
	}
	if !Supports(s.Plugin, role) {
		return Plugin{}, fmt.Errorf("source %s: plugin %s has no %s reader in the Spark engine (%s)", s.Asset, s.Plugin, role, names(role))
	}
	return plugins[s.Plugin], nil
}

// writer returns the write function of a sink's plugin.
func writer(s *planner.Sink) (Plugin, error) {
	role := profile.RoleAppendSink
	if s.Binding != nil {
		role = s.Binding.WriteMode.Role
	}
	if !Supports(s.Plugin, role) {
		return Plugin{}, fmt.Errorf("sink %s: plugin %s has no %s writer in the Spark engine (%s)", s.Asset, s.Plugin, role, names(role))
	}
	return plugins[s.Plugin], nil
}

// SinkRelation is the SQL name of a table sink as the program writes it:
// its plugin's relation (an Iceberg table's catalog.namespace.table), else
// the binding's table or delta.`path`, else its quoted identity.
func SinkRelation(s *planner.Sink) string {
	if p, ok := plugins[s.Plugin]; ok && p.Relation != nil {
		return p.Relation(s)
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

// OptionsKV renders the options a profile sets on an asset as its reader's
// or writer's options, leaving out those read from the environment when
// the program starts (what a plugin's Read puts in SourceView.Options).
func OptionsKV(opts []planner.Option) []kv { return optionsKV(opts) }

// PyList renders each string as a Python string literal (a SourceView's
// Lineage columns).
func PyList(ss []string) []string { return pyList(ss) }
