package profile

import "github.com/etlgen/etlgen/contracts"

// PluginName is the name of an asset plugin, as written in a profile's
// `plugin:` key; each plugin's folder declares its own (plugins/rate:
// rate.Name).
type PluginName string

// The delivery-guarantee levels of a source/sink pair, weakest first.
const (
	AtMostOnce             = "at-most-once"
	AtLeastOnce            = "at-least-once"
	EffectivelyExactlyOnce = "effectively-exactly-once"
)

// SourceRows says what a source's rows are before validation.
type SourceRows string

// The row shapes of sources.
const (
	// RowsPayload: one raw payload per row (Kafka value bytes, a JSON
	// line), parsed and validated against the extract's contract; rows
	// that break it go to the invalid port.
	RowsPayload SourceRows = "payload"
	// RowsChanges: change rows of a Delta table's Change Data Feed, each
	// rendered as a JSON payload and validated like RowsPayload.
	RowsChanges SourceRows = "changes"
	// RowsTyped: typed rows of the contract (a Delta table); there is no
	// invalid port.
	RowsTyped SourceRows = "typed"
)

// SourceFacts is what a plugin means as a source: the facts the planner
// states in plans and guarantees, and the engines rely on.
type SourceFacts struct {
	// Name names the source in guarantee statements, e.g. "Kafka".
	Name string
	// Rows is the shape of the rows the source delivers.
	Rows SourceRows
	// Replayable: a restarted query re-reads the offsets its checkpoint
	// recorded, so a replayed batch sees the same rows.
	Replayable bool
	// ReplayNeed is what must hold for a replay to repeat the same rows
	// (a requirement of the plan's guarantee).
	ReplayNeed string
	// Reread: the rows of one recorded batch can be read again on their
	// own (a Kafka offset range, a file-source log batch), which is how
	// the Spark engine routes late rows.
	Reread bool
	// StartOptions are the options that say where a new checkpoint
	// starts, in precedence order.
	StartOptions []string
	// DefaultStart says where a new checkpoint starts when no start
	// option is set.
	DefaultStart string
	// HeadersOption, when set, is the boolean option that makes each row
	// carry its record's headers (kafka-json: include_headers).
	HeadersOption string
	// Schema, when set, is the columns every row of the source has (typed
	// rows of a fixed shape): the extract's contract must declare exactly
	// these.
	Schema []FixedColumn
}

// FixedColumn is one column of a source's fixed row shape.
type FixedColumn struct {
	Name string
	Kind contracts.Kind
}

// SinkGuarantee is what one write mode of a sink delivers when its query
// replays a batch.
type SinkGuarantee struct {
	// Name names the sink in guarantee statements, e.g. "Delta streaming append".
	Name string
	// Level is AtMostOnce, AtLeastOnce or EffectivelyExactlyOnce.
	Level string
	// Requirements are what must hold for the level.
	Requirements []string
}

// unknownSink is the guarantee of a write mode that states none.
var unknownSink = SinkGuarantee{Level: AtLeastOnce,
	Requirements: []string{"a replayed batch is written again: the sink or its readers must deduplicate"}}

// Guarantee returns what the write mode delivers on replay when the engine
// runs it (EngineDelivery, else Delivery); a write mode without a stated
// guarantee is at least once.
func (w WriteMode) Guarantee(plugin PluginName, engine string) SinkGuarantee {
	if g := w.EngineDelivery[engine]; g != nil {
		return *g
	}
	if w.Delivery != nil {
		return *w.Delivery
	}
	g := unknownSink
	g.Name = string(plugin) + " sink"
	return g
}
