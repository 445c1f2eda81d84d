package profile

import (
	"slices"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// OptionType is the type of an option value in a profile.
type OptionType string

// The option types. Each has one YAML shape and one decoder (options.go).
const (
	TypeString     OptionType = "string"      // any non-null scalar
	TypeInt        OptionType = "int"         // an integer, at least Option.Min
	TypeBool       OptionType = "bool"        // true or false
	TypeDuration   OptionType = "duration"    // Go form (30s, 1h30m) or "30 seconds"; positive
	TypeStringList OptionType = "string-list" // a sequence of strings
	TypeStringMap  OptionType = "string-map"  // a mapping of strings; secret keys need ${env:NAME}
	TypeEnv        OptionType = "env"         // the NAME of an environment variable
	TypeTimestamp  OptionType = "timestamp"   // RFC 3339, YYYY-MM-DD or epoch milliseconds
	TypeBytes      OptionType = "bytes"       // an integer or a size such as 512m, 1g
	TypePath       OptionType = "path"        // a path or URI; relative paths resolve against Profile.Dir
	TypeOffsets    OptionType = "offsets"     // an Enum keyword or a mapping topic → partition → integer
	TypePartitions OptionType = "partitions"  // a mapping topic → list of partition numbers
)

// Option is the spec of one option of a plugin or resource kind.
type Option struct {
	Name        string
	Type        OptionType
	Required    bool
	Default     string   // rendered default; empty when none
	Enum        []string // allowed values (string types) or keywords (offsets)
	Description string
	// Secret marks an option that names a secret: its type is TypeEnv and it
	// holds an environment variable name, never a value.
	Secret bool
	// Min is the least allowed value of a TypeInt option.
	Min int64
	// Spark is the Spark reader/writer option the value maps to, if any.
	Spark string
	// SparkMillis renders a timestamp for Spark as epoch milliseconds.
	SparkMillis bool
	// SparkTimeString renders a duration the way Spark's JavaUtils time
	// strings read it ("90s", "1500ms": a number and one unit, no space):
	// options such as maxTriggerDelay and rampUpTime refuse the "90 seconds"
	// of triggers (measured on Spark 4.1).
	SparkTimeString bool
	// SparkByteCount renders a bytes value for Spark as a plain number of
	// bytes (options Spark parses with toLong, not as a size string).
	SparkByteCount bool
	// Check validates a decoded value further; nil when there is nothing to check.
	Check func(Value) error
	// OnlyWith restricts the option to assets where another option has a value,
	// e.g. merge_keys only with write_mode=foreach-batch-merge.
	OnlyWith *Condition
	// OnlyRoles restricts the option to an asset bound in one of these
	// roles, e.g. quarantine only on the static side of a join; empty for
	// every role.
	OnlyRoles []Role
	// Requires names an option that must be set for this one to apply,
	// e.g. max_trigger_delay only with min_offsets_per_trigger; "" when
	// none.
	Requires string
	// SparkPrefix marks a string-map option whose entries pass through as
	// Spark options, each key prefixed, e.g. "kafka." for Kafka consumer
	// settings; a value written ${env:NAME} is read by the program from
	// the environment when it starts (Asset.SparkOptionsEnv).
	SparkPrefix string
}

// Subscription names a Kafka source's subscription options: a list of
// topics, a pattern, or topic partitions (exactly one is set: list them in
// the plugin's OneOf too).
type Subscription struct {
	Topics, Pattern, Assign string
}

// Condition is "option Name has value Value".
type Condition struct {
	Name  string
	Value string
}

// Role is what an asset does for a pipeline.
type Role string

// The roles a plugin may support.
const (
	RoleStreamingSource Role = "streaming-source" // read as an unbounded stream (Extract)
	RoleStaticSource    Role = "static-source"    // read as a table, e.g. the static side of a join
	RoleAppendSink      Role = "append-sink"      // rows appended by a streaming write
	RoleMergeSink       Role = "merge-sink"       // rows merged per micro-batch (foreachBatch MERGE)
)

// WriteMode is one way a sink plugin writes, with the streaming output modes
// it accepts.
type WriteMode struct {
	Name        string
	Role        Role
	OutputModes []string // append, update, complete
	// Delivery is what the write mode delivers when a batch is replayed;
	// nil means at least once (see Guarantee).
	Delivery *SinkGuarantee
	// EngineDelivery holds, by engine name, what the write mode delivers on
	// an engine whose writer differs from Delivery's statement; an engine
	// not listed delivers Delivery.
	EngineDelivery map[string]*SinkGuarantee
}

// Plugin is the spec of an asset plugin: one value drives parsing, capability
// checks and the reference documentation.
type Plugin struct {
	Name PluginName
	// Display is the plugin's name in rendered docs, e.g. "Kafka".
	Display string
	Summary string
	// Source holds what the plugin means as a source; nil when it is none.
	Source  *SourceFacts
	Roles   []Role
	Engines []string
	// EngineRoles holds, by engine name, the roles the plugin plays on an
	// engine that runs fewer than Roles (kafka-json: only the sink on the
	// local engine); an engine not listed plays every role.
	EngineRoles map[string][]Role
	// ResourceKind is the kind of resource the asset's `resource` key must
	// name; empty when the plugin takes none.
	ResourceKind     string
	ResourceRequired bool
	Options          []Option
	// OneOf lists groups of options of which exactly one must be set.
	OneOf [][]string
	// Exclusive lists groups of options of which at most one may be set.
	Exclusive [][]string
	// Check validates the decoded options together (e.g. a minimum not
	// above a maximum); nil when there is nothing to check. A CheckError
	// names its code, option and hint.
	Check func(map[string]Value) error
	// Subscription is the Kafka subscription group of a source plugin:
	// the options of which exactly one names what it reads (topic,
	// subscribe_pattern, assign); the topic → partition mappings of its
	// offsets options are checked against the one set (Spark fails at
	// start otherwise). Nil when the plugin has none.
	Subscription *Subscription
	// WriteModes are the sink behaviours; the `write_mode` option selects one
	// when the plugin has it, otherwise the first applies.
	WriteModes []WriteMode
	// SparkFormat is the Spark data source format (kafka, delta, json, rate,
	// memory) the Spark engine reads or writes with.
	SparkFormat string
	// SparkFixed are reader options the plugin always sets, e.g.
	// readChangeFeed=true for delta-cdf.
	SparkFixed map[string]string
	// Packages are the Maven coordinates (group:artifact, version pinned by the
	// stack) the Spark engine needs on the server for this plugin.
	Packages []string
	// TestOnly plugins are refused in profiles not marked `test: true`.
	TestOnly bool
	// Identity names what an asset of the plugin writes when its options
	// alone do not (iceberg: catalog.namespace.table); nil: the topic,
	// table, path or name (AssetBinding.Identity).
	Identity func(*Asset) string
	// Location is the directory of an asset's table when the plugin
	// derives it from other options than path (iceberg: warehouse and
	// table); nil otherwise.
	Location func(*Asset) string
	// SessionConf is what an asset of the plugin sets in the Spark session
	// on the Spark engine (iceberg: its catalog); nil: nothing.
	SessionConf func(*Asset) map[string]string
	// Store is what a sink of the plugin leaves for etlgen's own commands
	// to read back or delete (`etlgen show`, `run --fresh`, a local run's
	// report); StoreNone when nothing.
	Store SinkStore
	// InMemoryOn lists the engines that keep the plugin's tables in memory
	// for one process (delta on the local engine): outside a test profile a
	// static side or a quarantine bound to it would be empty in every run,
	// and `etlgen show` has nothing to read.
	InMemoryOn []string
	// ChangesAnyMode: a sink of the plugin applies the change rows of an
	// etl.LoadChanges load in any write mode (memory: a test's table);
	// other plugins need the merge write mode.
	ChangesAnyMode bool
	// Server is where an asset of the plugin resides, as a server of the
	// ODCS contracts it carries; nil: no server (memory, rate).
	Server *ServerFacts
	// BindSink checks a sink of the plugin against the contract a load of
	// the pipeline writes into it (c; nil when it did not resolve) when the
	// pipeline is bound, and returns the problems (kafka-json: one topic,
	// key columns); nil when there is nothing to check.
	BindSink func(a *Asset, c *contracts.Contract, pipeline string) diag.List
	// BindSpark checks the assets of the plugin together, in name order,
	// when the profile runs on a Spark engine (iceberg: one warehouse per
	// catalog); nil when there is nothing to check.
	BindSpark func(b SparkBinder, assets []*Asset)
}

// Option returns the spec of the named option.
func (p *Plugin) Option(name string) (*Option, bool) { return findOption(p.Options, name) }

// Supports reports whether the plugin can play role r.
func (p *Plugin) Supports(r Role) bool {
	for _, have := range p.Roles {
		if have == r {
			return true
		}
	}
	return false
}

// RunsOn reports whether the plugin runs on the named engine.
func (p *Plugin) RunsOn(engine string) bool { return slices.Contains(p.Engines, engine) }

// RunsAs reports whether the plugin plays role r on the named engine.
func (p *Plugin) RunsAs(engine string, r Role) bool {
	if !p.RunsOn(engine) || !p.Supports(r) {
		return false
	}
	roles, limited := p.EngineRoles[engine]
	return !limited || slices.Contains(roles, r)
}

// WriteMode returns the write mode with the given name.
func (p *Plugin) WriteMode(name string) (WriteMode, bool) {
	for _, w := range p.WriteModes {
		if w.Name == name {
			return w, true
		}
	}
	return WriteMode{}, false
}

// ResourceKind is the spec of a kind of resource (spark, kafka, s3).
type ResourceKind struct {
	Name    string
	Summary string
	// Identify is the option whose presence identifies the kind when a
	// resource has no `kind` key and is not named after a kind.
	Identify string
	Options  []Option
	// Check validates the decoded options together (e.g. both S3 keys or
	// neither); nil when there is nothing to check. A checkError names its
	// code, option and hint.
	Check func(map[string]Value) error
	// SessionConf is what a resource of the kind sets in the Spark
	// session on the Spark engine: literal conf values, and conf keys
	// whose value the program reads from an environment variable when it
	// starts (key → variable name). nil: the kind sets none. A profile has
	// at most one resource of such a kind (ETL-P347).
	SessionConf func(*Resource) (conf, env map[string]string)
}

// Option returns the spec of the named option.
func (k *ResourceKind) Option(name string) (*Option, bool) { return findOption(k.Options, name) }

// Engine is the spec of an execution engine.
type Engine struct {
	Name string
	// Display names the engine in rendered docs, e.g. "PySpark Streaming".
	Display  string
	Summary  string
	Triggers []string
	// Resource is the kind of resource the engine needs, e.g. spark; empty
	// when none.
	Resource string
	// Spark: the engine runs each pipeline as Spark Structured Streaming
	// queries of a program etlgen generates (`etlgen compile` writes it),
	// on the Spark Connect session of the profile's spark resource; the
	// planner's Spark rules, the session's settings and the Spark state
	// stores apply.
	Spark bool
	// InProcess: the engine runs the pipelines inside the etlgen process
	// (`etlgen run` and `replay --yes` feed them themselves, `doctor` has
	// nothing to reach, state lives in the engine's own checkpoint files).
	InProcess bool
}

func findOption(opts []Option, name string) (*Option, bool) {
	for i := range opts {
		if opts[i].Name == name {
			return &opts[i], true
		}
	}
	return nil, false
}
