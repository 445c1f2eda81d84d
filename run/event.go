package run

import "time"

// Event is one step in the lifecycle of a query, the same on both engines:
// QueryStarted, BatchStarted, WatermarkAdvanced, BatchCompleted,
// QueryIdle, QueryFailed or QueryTerminated (a type switch tells them
// apart; no other type implements Event). Options.OnEvent receives them in
// order, from one goroutine at a time.
//
// Per query the order is: QueryStarted; then for every micro-batch
// BatchStarted, WatermarkAdvanced when the batch runs with a later
// watermark than the one before, BatchCompleted (a batch a stop
// abandons has no BatchCompleted); QueryIdle between batches; QueryFailed
// when the query failed; QueryTerminated last. A failure before any query
// started (the Spark program could not connect) is a QueryFailed with no
// Query and no QueryTerminated. Events never carry row data, and never
// credentials: the Spark program redacts the values of the environment
// variables the profile names from every line it prints.
type Event interface {
	// Kind names the event: query-started, batch-started,
	// watermark-advanced, batch-completed, query-idle, query-failed or
	// query-terminated.
	Kind() string
	// Origin is the pipeline and the query the event is about; query is
	// "" for a failure of the whole pipeline run.
	Origin() (pipeline, query string)
	event()
}

// Event kinds (Event.Kind).
const (
	KindQueryStarted      = "query-started"
	KindBatchStarted      = "batch-started"
	KindWatermarkAdvanced = "watermark-advanced"
	KindBatchCompleted    = "batch-completed"
	KindQueryIdle         = "query-idle"
	KindQueryFailed       = "query-failed"
	KindQueryTerminated   = "query-terminated"
)

// QueryStarted is a query that started: on a new checkpoint (Fresh), or
// recovered from its checkpoint, resuming after its last committed batch.
type QueryStarted struct {
	Pipeline, Query string
	// Host is, for a load another query hosts (multi-sink), that query:
	// this is its start, delivered again for the load; "" otherwise.
	Host string
	// Fresh is true on a new checkpoint: the sources start at their
	// starting positions. Otherwise the checkpoint wins over them.
	Fresh bool
	// LastCommitted is the id of the checkpoint's last committed batch;
	// -1 when it has none.
	LastCommitted int64
	// Replay is the batch the query re-runs first with the offsets the
	// checkpoint logged for it (the run that logged it did not commit it);
	// nil when its first batch is a new one.
	Replay *int64
	// Resume are the end offsets of the last committed batch, where the
	// query reads on from, one per source, as the engine writes them
	// (Spark's offset JSON; the local engine's {"n": ...}, a Delta
	// version as {"reservoirVersion": ...}). Source names the asset when
	// the engine knows it: always on the local engine; on Spark when the
	// query reads one streaming source (Spark's offset log lists its
	// sources by position). Empty on a fresh start.
	Resume []Resume
	// Watermark is the watermark the query's next batch runs with (evicts
	// state and emits windows by), restored from the checkpoint; zero when
	// it has none. That batch judges late rows against the last committed
	// batch's own (Batch.LateWatermark).
	Watermark time.Time
}

// BatchStarted is a micro-batch that started: its offsets are logged.
type BatchStarted struct {
	Pipeline, Query string
	BatchID         int64
	// Replay: the batch re-runs with offsets an earlier run logged.
	Replay bool
	// Time is when the batch started, as far as the engine saw it: the
	// local engine when it logged the offsets; the Spark program when it
	// saw the batch running (it polls the query's status every half
	// second: a shorter batch is seen when its progress arrives, and then
	// Time is the trigger's start, from the progress).
	Time time.Time
}

// WatermarkAdvanced is a micro-batch that runs with a later event-time
// watermark (Batch.Watermark) than the batch before it (or than the
// watermark restored from the checkpoint); the batch after it judges late
// rows against the new one. It comes between the batch's BatchStarted
// and its BatchCompleted, on both engines computed from the watermarks
// the batches report.
type WatermarkAdvanced struct {
	Pipeline, Query string
	// Host is, for a hosted load (multi-sink), the query whose watermark
	// it is; "" otherwise.
	Host    string
	BatchID int64
	// From is the previous watermark, zero when the query had none yet;
	// To the batch's.
	From, To time.Time
}

// BatchCompleted is a micro-batch that committed, with its metrics (the
// batch line of `etlgen run`).
type BatchCompleted struct {
	Batch
}

// QueryIdle is a query that caught up with its sources and waits for new
// data: a trigger found nothing to run. Only under a processing-time
// trigger (an available-now or once query that has caught up terminates
// instead); once per idle spell, that is, again only after a batch ran.
type QueryIdle struct {
	Pipeline, Query string
	// Host is, for a hosted load (multi-sink), the query that is idle; ""
	// otherwise.
	Host string
	// LastBatchID is the query's last batch (-1: none yet).
	LastBatchID int64
}

// QueryFailed is a query, or a whole pipeline run (Query ""), that failed.
type QueryFailed struct {
	Pipeline, Query string
	// Class is the failure class (Failure.Code: connectivity,
	// authentication, sink-permission, merge-conflict,
	// checkpoint-corruption, analysis-error, environment,
	// invalid-static-row, input-missing, failure, crashed).
	Class string
	// Retry says what to do about it and whether rerunning helps.
	Retry string
	// Err is the failure: a *SparkError on the Spark engine, the local
	// engine's error otherwise.
	Err error
}

// QueryTerminated is a query that ended: the last event of a query.
type QueryTerminated struct {
	Pipeline, Query string
	// Status is finished (it caught up: available-now, once), stopped (a
	// stop, by the profile's stop policy) or failed (this query, or the
	// run it was part of, failed).
	Status string
	// LastBatchID is the id of the last committed batch; -1 when none.
	LastBatchID int64
	// Watermark is the query's event-time watermark at the end (the local
	// engine: the one its next batch runs with; Spark: its last batch's);
	// zero when it has none.
	Watermark time.Time
	// StateRows are the rows in its state stores after its last batch.
	StateRows int64
	// Resume is where the next run reads on from, as in QueryStarted: the
	// local engine's versioned sources (a Delta Change Data Feed), Spark's
	// last batch's end offsets.
	Resume []Resume
}

// SparkError is the failure of a Spark program as it reported it.
type SparkError struct {
	// Exception is the Python exception's type; Message its text
	// (credentials redacted).
	Exception, Message string
}

// Error returns the message.
func (e *SparkError) Error() string { return e.Message }

// Kind returns query-started.
func (QueryStarted) Kind() string { return KindQueryStarted }

// Kind returns batch-started.
func (BatchStarted) Kind() string { return KindBatchStarted }

// Kind returns watermark-advanced.
func (WatermarkAdvanced) Kind() string { return KindWatermarkAdvanced }

// Kind returns batch-completed.
func (BatchCompleted) Kind() string { return KindBatchCompleted }

// Kind returns query-idle.
func (QueryIdle) Kind() string { return KindQueryIdle }

// Kind returns query-failed.
func (QueryFailed) Kind() string { return KindQueryFailed }

// Kind returns query-terminated.
func (QueryTerminated) Kind() string { return KindQueryTerminated }

// Origin returns the pipeline and the query.
func (e QueryStarted) Origin() (string, string) { return e.Pipeline, e.Query }

// Origin returns the pipeline and the query.
func (e BatchStarted) Origin() (string, string) { return e.Pipeline, e.Query }

// Origin returns the pipeline and the query.
func (e WatermarkAdvanced) Origin() (string, string) { return e.Pipeline, e.Query }

// Origin returns the pipeline and the query.
func (e BatchCompleted) Origin() (string, string) { return e.Pipeline, e.Query }

// Origin returns the pipeline and the query.
func (e QueryIdle) Origin() (string, string) { return e.Pipeline, e.Query }

// Origin returns the pipeline and the query ("" for the whole run).
func (e QueryFailed) Origin() (string, string) { return e.Pipeline, e.Query }

// Origin returns the pipeline and the query.
func (e QueryTerminated) Origin() (string, string) { return e.Pipeline, e.Query }

func (QueryStarted) event()      {}
func (BatchStarted) event()      {}
func (WatermarkAdvanced) event() {}
func (BatchCompleted) event()    {}
func (QueryIdle) event()         {}
func (QueryFailed) event()       {}
func (QueryTerminated) event()   {}
