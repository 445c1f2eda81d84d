package planner

import (
	"maps"
	"slices"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// Model is the plan: the planner's model of one IR document bound to one
// profile, and the one model everything downstream reads (both engines,
// every generator, the CLI). It holds the streaming regions, sources,
// queries and sinks of every pipeline with the facts generators and engines
// need (output mode, checkpoint path, state, delivery guarantees), the IR
// document with lookups by id, the resolved binding of every source and
// sink, the inferred schema of every transformation, step and node, and the
// profile's execution settings. It is built once and never changed
// afterwards. Fields marked json:"-" are not part of `etlgen plan --format
// json`.
type Model struct {
	Profile        string          `json:"profile"`
	Engine         string          `json:"engine"`
	Trigger        profile.Trigger `json:"trigger"`
	CheckpointRoot string          `json:"checkpointRoot"`
	Pipelines      []PipelinePlan  `json:"pipelines"`
	// Packages are the Spark packages the engine needs, sorted.
	Packages []string `json:"packages"`
	// StateStore is the state store of the pyspark engine's stateful
	// queries, hdfs or rocksdb: the session's provider class, which
	// execution.state_store sets (and a spark resource conf may override);
	// "" on the local engine, which has its own.
	StateStore string `json:"stateStore,omitempty"`
	// StateSnapshotInterval is how many batches apart a stateful query's
	// state is written whole, deltas of the changed keys between
	// (execution.state_snapshot_interval, default 10; on Spark the
	// session's spark.sql.streaming.stateStore.minDeltasForSnapshot, which
	// a spark resource conf may override); 0 when unbound.
	StateSnapshotInterval int `json:"stateSnapshotInterval,omitempty"`

	// Execution is the profile's execution settings (stop policy and
	// timeout among them); zero when unbound.
	Execution profile.Execution `json:"-"`
	// SparkVersion is the Spark line the program targets (the spark
	// resource's spark_version, profile.DefaultSparkLine by default): the
	// streaming rules the plan was checked with.
	SparkVersion string `json:"-"`
	// Session is the Spark session the pyspark engine connects with; nil
	// when the profile binds no spark resource.
	Session *Session `json:"-"`
	// Bound is the profile, redacted (no secret values), for docs; nil when
	// the plan is unbound.
	Bound *profile.Redacted `json:"-"`
	// EngineDisplay is the engine's name in docs (its spec's Display); ""
	// when it has none.
	EngineDisplay string `json:"-"`
	// OnSpark reports that the engine runs pipelines on Spark (its spec's
	// Spark fact); false for an unbound plan.
	OnSpark bool `json:"-"`
	// InProcess reports that the engine runs pipelines in the etlgen
	// process (its spec's InProcess fact); false for an unbound plan.
	InProcess bool `json:"-"`

	doc             *ir.Document
	contracts       map[string]*contracts.Contract
	transformations map[string]*ir.Transformation
	inferred        map[string]Inferred
	// inferredOf is inferred by transformation (Inferred).
	inferredOf map[*ir.Transformation]Inferred
}

// Session is a Spark Connect session as the profile binds it. Values
// read from the environment appear only as variable names: the program
// resolves them where it runs, when it starts.
type Session struct {
	// Remote is the Spark Connect URL, sc://host:port with its literal
	// parameters (use_ssl, user_id, user_agent, session_id); never a token
	// or another parameter that may carry a credential.
	Remote string
	// RemoteEnv maps Connect URL parameters to the environment variables
	// the program reads them from when it connects: token from the spark
	// resource's token_env, and every parameter written ${env:NAME}.
	RemoteEnv map[string]string
	// Conf is the session configuration set at session start: the spark
	// resource's Spark options (session time zone), the S3A settings of
	// the s3 resource (fs.s3a.endpoint, …) and the literal values of the
	// spark resource's conf map, which win.
	Conf map[string]string
	// ConfEnv maps session conf keys to the environment variables the
	// program reads their values from at session start: conf values
	// written ${env:NAME}, and the s3 resource's access_key_env and
	// secret_key_env as fs.s3a.access.key and fs.s3a.secret.key.
	ConfEnv map[string]string
	// LiteralSecret names the first literal credential of Remote and Conf,
	// its key and why (profile.LiteralSecret, never the value); "" when
	// none. A program is never written with one.
	LiteralSecret string
}

// PipelinePlan is the plan of one pipeline.
type PipelinePlan struct {
	ID      string   `json:"id"`
	Version string   `json:"version"`
	Regions []Region `json:"regions"`
	Sources []Source `json:"sources"`
	Queries []Query  `json:"queries"`
	// Gates are the pipeline's quality gates in declaration order, each
	// with the queries that evaluate it.
	Gates []Gate `json:"gates,omitempty"`
	// Expectations are the pipeline's expectations in declaration order,
	// each with the queries that evaluate it.
	Expectations []Expectation `json:"expectations,omitempty"`
	// Steps are the pipeline's steps in declaration order, each with its
	// transformation and inferred schemas.
	Steps []StepPlan `json:"-"`

	ir *ir.Pipeline
}

// StepPlan is one step of a pipeline as the planner sees it: its IR, its
// transformation, the inferred schema of its plan and of every node, and
// its state.
type StepPlan struct {
	Step *ir.Step
	// Transformation is the step's transformation; nil when the document
	// does not declare it (a diagnostic says so).
	Transformation *ir.Transformation
	Inferred
	// Stateful is the step's first stateful operator (the one a late tap
	// reads in front of), nil when the step keeps no state.
	Stateful *ir.Node
	// OutputMode is the output mode of the query running the step's
	// stateful operator, with the reason; "" when the step keeps no state.
	// The mode belongs to the step that owns the stateful operator: a
	// stateless step upstream of it in the same query has none.
	OutputMode, OutputModeReason string
	// StateQuery names that query (the first one, not a late branch, that
	// runs the step's stateful operator); "" when the step keeps no state.
	StateQuery string
	// Inputs are the streams the step's inputs read, resolved, in the
	// order of Step.Inputs.
	Inputs []Stream
	// eventTimes are, per node of the plan on a stream, the columns that
	// carry a watermark (see EventTimes).
	eventTimes map[*ir.Node]eventTimes
	// outputs are the contracts the plan's Into nodes conform to.
	outputs map[*ir.Node]*contracts.Contract
}

// Output returns the contract an Into node of the step's plan conforms to;
// nil when the document does not declare it.
func (sp *StepPlan) Output(n *ir.Node) *contracts.Contract { return sp.outputs[n] }

// Stream is a stream a load or a step's input reads, resolved when the
// model is built: the planned source or step its reference's node names
// (at most one of them; both nil when the node is neither) and the port.
type Stream struct {
	Ref    ir.Ref
	Source *Source
	Step   *StepPlan
}

// EventTimes returns the columns of node n's output that carry an
// event-time watermark, each with the delay of the watermark it carries:
// what Spark keeps as spark.watermarkDelayMs column metadata (a
// WithWatermark column, copied through projections and joins, and
// WindowTime of a window's end). Nil when n is not a node of the step a
// query reads on a stream.
func (sp *StepPlan) EventTimes(n *ir.Node) map[string]time.Duration {
	wm, ok := sp.eventTimes[n]
	if !ok {
		return nil
	}
	out := make(map[string]time.Duration, len(wm))
	for c, d := range wm {
		v, _ := time.ParseDuration(string(d))
		out[c] = v
	}
	return out
}

// Region is a connected part of a pipeline's graph: the sources, steps and
// queries that share rows. Each region runs as its own set of queries.
type Region struct {
	Name    string   `json:"name"`
	Sources []string `json:"sources"`
	Steps   []string `json:"steps"`
	Queries []string `json:"queries"`
}

// Source is an extract bound to a plugin.
type Source struct {
	Asset    string             `json:"asset"`
	Contract string             `json:"contract"`
	Plugin   profile.PluginName `json:"plugin"`
	// Identity is the topic, table or path read.
	Identity string `json:"identity"`
	// EventTime is the contract's event-time field, if any.
	EventTime string `json:"eventTime,omitempty"`
	// Options are the reader options, sorted by name. A value written
	// ${env:NAME} is read from the environment by the program when it
	// starts (profile.Asset.SparkOptionsEnv); it is never in the plan.
	Options []Option `json:"options"`
	// Offsets says where a query starts: the checkpoint wins over the
	// starting offsets, which apply only to a new checkpoint.
	Offsets string `json:"offsets"`
	// Static marks the static side of a stream-static join: read in full
	// at every micro-batch.
	Static bool `json:"-"`
	// Extract is the extract in the IR.
	Extract *ir.Extract `json:"-"`
	// Def is the contract Contract names; nil when the document does not
	// declare it.
	Def *contracts.Contract `json:"-"`
	// Binding is the asset the extract is bound to; nil when unbound.
	Binding *profile.AssetBinding `json:"-"`
	// LiteralSecret names the first literal credential of the binding's
	// Spark options, its key and why; "" when none.
	LiteralSecret string `json:"-"`
	// Quarantine is, for a static table whose profile names one, where its
	// rows that break the contract go; nil when such a row fails the
	// micro-batch.
	Quarantine *StaticQuarantine `json:"quarantine,omitempty"`
}

// StaticQuarantine is the quarantine of a static table: an append asset
// that receives the table's rows that break its contract, each distinct row
// once, although the table is read and validated at every micro-batch.
type StaticQuarantine struct {
	Asset    string             `json:"asset"`
	Plugin   profile.PluginName `json:"plugin"`
	Identity string             `json:"identity"`
	// Owner is the query that writes it, at each of its micro-batches and
	// before its sink: the first query of the pipeline that reads the
	// table ("" when none does).
	Owner string `json:"owner"`
	// Keys are the columns a rejected row is matched on: a row whose keys
	// the quarantine holds is not written again
	// (contracts.StaticQuarantineKeys).
	Keys []string `json:"keys"`
	// Output are the columns written: the standard rejection columns
	// (Contract, contracts.RejectionContract).
	Output   []Column            `json:"output"`
	Contract *contracts.Contract `json:"-"`
	// Binding is the quarantine's asset binding.
	Binding *profile.AssetBinding `json:"-"`
	// Checkpoint is the owner query's checkpoint.
	Checkpoint string `json:"-"`
}

// Write is the quarantine's write as a query of its own: named after the
// asset, with the owner's checkpoint, appending Output to the asset. It is
// what the engines open a sink with and what `etlgen show` reads.
func (sq *StaticQuarantine) Write() *Query {
	return &Query{Name: sq.Asset, Checkpoint: sq.Checkpoint, OutputMode: "append", Output: sq.Output, Sources: []string{}, Steps: []string{},
		Sink: withLayout(Sink{Asset: sq.Asset, Contract: contracts.RejectionContractID, Plugin: sq.Plugin, Identity: sq.Identity,
			WriteMode: profile.WriteAppend, Def: sq.Contract, Binding: sq.Binding})}
}

// withLayout fills the table layout of s from its binding.
func withLayout(s Sink) Sink {
	if s.Binding == nil {
		return s
	}
	s.PartitionBy, s.MergeSchema = s.Binding.PartitionBy(), s.Binding.MergeSchema()
	s.LiteralSecret = literalSecret(s.Binding.SparkOptions())
	props := s.Binding.TableProperties()
	for _, k := range slices.Sorted(maps.Keys(props)) {
		s.TableProperties = append(s.TableProperties, Option{Name: k, Value: props[k]})
	}
	return s
}

// Property returns the value of a table property of the sink, "" when unset.
func (s *Sink) Property(name string) string {
	for _, o := range s.TableProperties {
		if o.Name == name {
			return o.Value
		}
	}
	return ""
}

// Option is one reader or writer option.
type Option struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Env is the environment variable the program reads the value from
	// when it starts (Value is then its ${env:NAME} reference); "" for a
	// literal value.
	Env string `json:"-"`
}

// Query is one streaming query: the rows upstream of one load, written to its
// sink with one output mode, trigger and checkpoint.
type Query struct {
	Name string `json:"name"`
	// From is the stream the load reads (an extract or step, and a port).
	From ir.Ref `json:"from"`
	// Branch is the port the sink reads: valid, invalid, late or out.
	Branch string `json:"branch"`
	// LateStep is, for a late branch, the step whose watermark (at its first
	// stateful operator) decides which rows are late.
	LateStep string   `json:"lateStep,omitempty"`
	Sources  []string `json:"sources"`
	Steps    []string `json:"steps"`
	// EventTime is the event-time column the query's watermark tracks.
	EventTime  string       `json:"eventTime,omitempty"`
	Watermarks []Watermark  `json:"watermarks"`
	Windows    []ir.Window  `json:"windows"`
	Stateful   []StatefulOp `json:"stateful"`
	// Repartitions are the query's repartitions (Stream.Repartition),
	// upstream first: where it shuffles rows on purpose.
	Repartitions []Repartition `json:"repartitions,omitempty"`
	// Output is the schema the query writes: the load's contract columns.
	Output []Column `json:"output"`
	// OutputMode is append, update or complete; OutputModeReason says why.
	OutputMode       string          `json:"outputMode"`
	OutputModeReason string          `json:"outputModeReason"`
	Trigger          profile.Trigger `json:"trigger"`
	Checkpoint       string          `json:"checkpoint"`
	// Identity is the checkpoint identity without the root,
	// <pipeline-id>/v<major>/<profile>/<query>: a stable id for Delta's
	// txnAppId and for run reports.
	Identity  string    `json:"identity"`
	Sink      Sink      `json:"sink"`
	Guarantee Guarantee `json:"guarantee"`
	// LateHost is, for a late branch, the query that runs the stateful
	// operator of LateStep: its micro-batches decide which rows are late.
	// "" when no query of the pipeline runs it.
	LateHost string `json:"-"`
	// LateSource is, for a late branch, the streaming source whose batch
	// rows reach LateStep's stateful operator; "" when there is not exactly
	// one.
	LateSource string `json:"-"`
	// Gates are the quality gates the query evaluates at each micro-batch
	// before its sink commits, in declaration order (Gate.Queries).
	Gates []Gate `json:"gates,omitempty"`
	// Expectations are the expectations the query evaluates on the rows
	// it reads, in every micro-batch, in declaration order
	// (Expectation.Queries).
	Expectations []Expectation `json:"expectations,omitempty"`
	// Hosted are the loads this query writes besides its own sink, in
	// declaration order (multi-sink, shareQueries): loads of the same
	// stream, output mode and columns, written from the same persisted
	// micro-batch, each idempotently per batch id.
	Hosted []string `json:"hosted,omitempty"`
	// Host is, for a hosted load, the query whose micro-batches write it;
	// "" when the load runs a query of its own. A hosted load has its
	// host's checkpoint and starts no query: the engines run the host.
	Host string `json:"host,omitempty"`

	// The ids above resolved when the model is built (resolve.go): what
	// engines and generators read instead of looking parts up by name.

	// Upstream is the stream From names.
	Upstream Stream `json:"-"`
	// SourcePlans are the planned sources of Sources, in its order (a
	// name the pipeline does not extract is left out).
	SourcePlans []*Source `json:"-"`
	// StepPlans are the plans of the steps Steps names, in its order.
	StepPlans []*StepPlan `json:"-"`
	// HostQuery is the query Host names; nil when the load runs its own.
	HostQuery *Query `json:"-"`
	// HostedQueries are the queries of the loads Hosted names, in its
	// order (nil for a name the plan does not have).
	HostedQueries []*Query `json:"-"`
	// LateHostQuery is the query LateHost names; nil when "" or unplanned.
	LateHostQuery *Query `json:"-"`
	// LateSourcePlan is the planned source LateSource names; nil when "".
	LateSourcePlan *Source `json:"-"`
}

// Watermark is a WithWatermark declared in a step.
type Watermark struct {
	Column string `json:"column"`
	Delay  string `json:"delay"`
	Step   string `json:"step"`
}

// Repartition is a repartition in a step: Spark's repartition(n, keys...),
// a shuffle into Partitions partitions by hash of Keys (round-robin when
// there are none). It keeps no state; the local engine passes its rows
// through.
type Repartition struct {
	Step       string   `json:"step"`
	Partitions int      `json:"partitions"`
	Keys       []string `json:"keys"`
	// Static marks a repartition of a static table (the static side of a
	// stream–static join), read again each micro-batch.
	Static bool `json:"static,omitempty"`
}

// StatefulOp is an operator that keeps state in the checkpoint: an
// aggregation, a deduplication or a stream–stream join.
type StatefulOp struct {
	// Kind is aggregate, dropDuplicates, dropDuplicatesWithinWatermark or
	// streamJoin.
	Kind string `json:"kind"`
	Step string `json:"step"`
	// Keys are the state keys: grouping keys, dedup keys or join keys.
	Keys        []string     `json:"keys"`
	KeySchema   []Column     `json:"keySchema"`
	ValueSchema []Column     `json:"valueSchema"`
	Window      *ir.Window   `json:"window,omitempty"`
	Aggregates  []string     `json:"aggregates,omitempty"`
	Join        *StateJoin   `json:"join,omitempty"`
	Watermark   string       `json:"watermarkColumn,omitempty"`
	Sources     []SourceName `json:"sources"`
}

// StateJoin describes the state of a stream–stream join.
type StateJoin struct {
	Type      ir.JoinType   `json:"type"`
	LeftKeys  []string      `json:"leftKeys"`
	RightKeys []string      `json:"rightKeys"`
	TimeRange *ir.TimeRange `json:"timeRange,omitempty"`
}

// SourceName identifies a source for state compatibility: its asset, its
// plugin and the topic, table or path it reads.
type SourceName struct {
	Asset    string             `json:"asset"`
	Plugin   profile.PluginName `json:"plugin"`
	Identity string             `json:"identity"`
	// Name is the source's name in the query's checkpoint on a Spark line
	// that names sources (SparkSourceName); "" when the program names none.
	Name string `json:"name,omitempty"`
}

// Column is one column of a state schema.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Sink is a load bound to a plugin.
type Sink struct {
	Asset     string             `json:"asset"`
	Contract  string             `json:"contract"`
	Plugin    profile.PluginName `json:"plugin"`
	Identity  string             `json:"identity"`
	WriteMode string             `json:"writeMode,omitempty"`
	MergeKeys []string           `json:"mergeKeys,omitempty"`
	// Changes is set for a CDF MERGE sink (etl.LoadChanges): how the
	// change rows are applied to the target table.
	Changes *ChangeMerge `json:"changes,omitempty"`
	// PartitionBy are the columns the sink's table is created partitioned
	// by (the asset's partition_by).
	PartitionBy []string `json:"partitionBy,omitempty"`
	// TableProperties are the properties the sink's table is created with
	// (table_properties), sorted by name; an engine checks that an existing
	// table has them before the query writes.
	TableProperties []Option `json:"tableProperties,omitempty"`
	// MergeSchema lets an append add the columns the table lacks
	// (merge_schema).
	MergeSchema bool `json:"mergeSchema,omitempty"`
	// Load is the load in the IR.
	Load *ir.Load `json:"-"`
	// Def is the contract Contract names; nil when the document does not
	// declare it.
	Def *contracts.Contract `json:"-"`
	// Binding is the asset the load is bound to; nil when unbound.
	Binding *profile.AssetBinding `json:"-"`
	// LiteralSecret names the first literal credential of the binding's
	// Spark options, its key and why; "" when none.
	LiteralSecret string `json:"-"`
}

// Guarantee is the delivery guarantee of one source/sink pair and what must
// hold for it.
type Guarantee struct {
	// Level is at-most-once, at-least-once or effectively-exactly-once.
	Level        string   `json:"level"`
	Statement    string   `json:"statement"`
	Requirements []string `json:"requirements"`
}
