package planner

import "github.com/etlgen/etlgen/framework/ir"

// Model is the plan: the planner's model of one IR document bound to one profile: the
// streaming regions, sources, queries and sinks of every pipeline, with the
// facts generators and engines need (output mode, checkpoint path, state,
// delivery guarantees). It is built once and never changed afterwards.
type Model struct {
	Profile        string         `json:"profile"`
	Engine         string         `json:"engine"`
	Trigger        Trigger        `json:"trigger"`
	CheckpointRoot string         `json:"checkpointRoot"`
	Pipelines      []PipelinePlan `json:"pipelines"`
	// Packages are the Spark packages the engine needs, sorted.
	Packages []string `json:"packages"`
}

// PipelinePlan is the plan of one pipeline.
type PipelinePlan struct {
	ID      string   `json:"id"`
	Version string   `json:"version"`
	Regions []Region `json:"regions"`
	Sources []Source `json:"sources"`
	Queries []Query  `json:"queries"`
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
	Asset    string `json:"asset"`
	Contract string `json:"contract"`
	Plugin   string `json:"plugin"`
	// Identity is the topic, table or path read.
	Identity string `json:"identity"`
	// EventTime is the contract's event-time field, if any.
	EventTime string `json:"eventTime,omitempty"`
	// Options are the reader options, sorted by name.
	Options []Option `json:"options"`
	// Offsets says where a query starts: the checkpoint wins over the
	// starting offsets, which apply only to a new checkpoint.
	Offsets string `json:"offsets"`
}

// Option is one reader or writer option.
type Option struct {
	Name  string `json:"name"`
	Value string `json:"value"`
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
	// Output is the schema the query writes: the load's contract columns.
	Output []Column `json:"output"`
	// OutputMode is append, update or complete; OutputModeReason says why.
	OutputMode       string  `json:"outputMode"`
	OutputModeReason string  `json:"outputModeReason"`
	Trigger          Trigger `json:"trigger"`
	Checkpoint       string  `json:"checkpoint"`
	// Identity is the checkpoint identity without the root,
	// <pipeline-id>/v<major>/<profile>/<query>: a stable id for Delta's
	// txnAppId and for run reports.
	Identity  string    `json:"identity"`
	Sink      Sink      `json:"sink"`
	Guarantee Guarantee `json:"guarantee"`
}

// Watermark is a WithWatermark declared in a step.
type Watermark struct {
	Column string `json:"column"`
	Delay  string `json:"delay"`
	Step   string `json:"step"`
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
	Asset    string `json:"asset"`
	Plugin   string `json:"plugin"`
	Identity string `json:"identity"`
}

// Column is one column of a state schema.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Sink is a load bound to a plugin.
type Sink struct {
	Asset     string   `json:"asset"`
	Contract  string   `json:"contract"`
	Plugin    string   `json:"plugin"`
	Identity  string   `json:"identity"`
	WriteMode string   `json:"writeMode,omitempty"`
	MergeKeys []string `json:"mergeKeys,omitempty"`
	// Changes is set for a CDF MERGE sink (etl.LoadChanges): how the
	// change rows are applied to the target table.
	Changes *ChangeMerge `json:"changes,omitempty"`
}

// Guarantee is the delivery guarantee of one source/sink pair and what must
// hold for it.
type Guarantee struct {
	// Level is at-most-once, at-least-once or effectively-exactly-once.
	Level        string   `json:"level"`
	Statement    string   `json:"statement"`
	Requirements []string `json:"requirements"`
}

// Pipeline returns the plan of the pipeline with the given id.
func (p *Model) Pipeline(id string) (*PipelinePlan, bool) {
	for i := range p.Pipelines {
		if p.Pipelines[i].ID == id {
			return &p.Pipelines[i], true
		}
	}
	return nil, false
}
