package ir

import (
	"strconv"
	"time"

	"github.com/etlgen/etlgen/diag"
)

// Gate metrics: what a quality gate measures in its scope.
const (
	// GateInvalidRatio is the share of a source's rows that break its
	// contract: rejected / read rows of the source (0 when none were read).
	// The gate breaches when the ratio is above the threshold.
	GateInvalidRatio = "invalid_ratio"
	// GateRows is the number of rows a load writes. The gate breaches when
	// it is below the threshold.
	GateRows = "rows"
	// GateNullRatio is the share of a load's rows whose column is null (0
	// when the load writes none). The gate breaches when it is above the
	// threshold.
	GateNullRatio = "null_ratio"
	// GateExpectFailed is the number of rows that break an expectation
	// (Gate.Expectation) in the queries that count it. The gate breaches
	// when it is above the threshold.
	GateExpectFailed = "expectation_failed"
	// GateExpectFailedRatio is the share of the rows an expectation checks
	// that break it: failed / (passed + failed) rows (0 when it checked
	// none). The gate breaches when it is above the threshold.
	GateExpectFailedRatio = "expectation_failed_ratio"
)

// GateMetrics are the metrics a gate may measure.
var GateMetrics = []string{GateInvalidRatio, GateRows, GateNullRatio, GateExpectFailed, GateExpectFailedRatio}

// OnExpectation reports whether the gate measures an expectation's counts
// (GateExpectFailed, GateExpectFailedRatio).
func (g *Gate) OnExpectation() bool {
	return g.Metric == GateExpectFailed || g.Metric == GateExpectFailedRatio
}

// Count reports whether the gate's metric is a number of rows (rows,
// expectation_failed) rather than a ratio.
func (g *Gate) Count() bool { return g.Metric == GateRows || g.Metric == GateExpectFailed }

// Gate scopes: the rows a gate's metric is measured over.
const (
	// GateScopeBatch measures each micro-batch of each query that the gate
	// concerns, before the batch's sinks commit.
	GateScopeBatch = "micro_batch"
	// GateScopeWindow measures each event-time window a micro-batch of the
	// load's query writes, once per window: the load is a windowed
	// aggregation in append mode, so a window's rows are written in one
	// batch, when the watermark makes the window final. A breach names the
	// windows; action fail fails the batch before its sinks commit.
	GateScopeWindow = "event_time_window"
	// GateScopeDataset measures every row ever read or written: on an
	// unbounded stream it is never final, so the planner rejects it.
	GateScopeDataset = "dataset"
	// GateScopeLastBatches measures a rolling metric: the sums of the
	// metric's parts (rejected and read rows, null and written rows, rows
	// written) over the last Gate.Batches micro-batches of each query the
	// gate concerns, the current one included, before the current batch's
	// sinks commit. Each batch's parts are kept in the query's checkpoint,
	// by batch id, so the scope survives restarts and a re-run batch
	// replaces its own parts instead of adding them again.
	GateScopeLastBatches = "last_micro_batches"
	// GateScopeLastInterval measures a rolling metric over a sliding
	// interval: the sums of the metric's parts over the micro-batches of
	// each query the gate concerns whose trigger time (Spark's
	// batchTimestampMs, logged in offsets/N; the local engine's clock at
	// the batch's start) is less than Gate.Interval before the current
	// batch's, the current one included, and at most the last
	// MaxRollingBatches of them (the batches a checkpoint retains). Kept
	// in the checkpoint as GateScopeLastBatches' parts, with each batch's
	// trigger time.
	GateScopeLastInterval = "last_interval"
)

// GateScopes are the scopes a gate may have.
var GateScopes = []string{GateScopeBatch, GateScopeWindow, GateScopeDataset, GateScopeLastBatches, GateScopeLastInterval}

// MaxRollingBatches is the most micro-batches a rolling gate spans: the
// batches a checkpoint retains (spark.sql.streaming.minBatchesToRetain's
// default, localengine.MinBatchesToRetain).
const MaxRollingBatches = 100

// Gate actions: what a breached gate does.
const (
	// GateWarn reports the breach and lets the batch commit.
	GateWarn = "warn"
	// GateFail fails the batch before its sinks commit: the run fails and a
	// restart re-reads the batch from the checkpoint.
	GateFail = "fail"
	// GateQuarantine writes the breached scope's rows (the batch's, or the
	// breached windows') to the gate's Output instead of its load, in the
	// same micro-batch, and lets the batch commit.
	GateQuarantine = "quarantine"
)

// Gate is a declared quality gate of a pipeline: a metric measured over a
// scope, compared with a threshold, and the action taken on a breach.
type Gate struct {
	Name   string `json:"name"`
	Metric string `json:"metric"`
	// Source is the extract asset of an invalid_ratio gate.
	Source string `json:"source,omitempty"`
	// Load is the load asset of a rows or null_ratio gate.
	Load string `json:"load,omitempty"`
	// Column is the column of a null_ratio gate, a column of the load's contract.
	Column string `json:"column,omitempty"`
	// Expectation is the expectation whose counts an expectation_failed or
	// expectation_failed_ratio gate measures, one of the pipeline's.
	Expectation string `json:"expectation,omitempty"`
	// Threshold is the largest ratio that passes (invalid_ratio,
	// null_ratio) or the fewest rows that pass (rows).
	Threshold float64 `json:"threshold"`
	Scope     string  `json:"scope"`
	Action    string  `json:"action"`
	// Output is the asset a quarantine gate writes the breached rows to,
	// with the load's contract.
	Output string `json:"output,omitempty"`
	// Batches is how many micro-batches a rolling gate
	// (GateScopeLastBatches) spans, 2 to MaxRollingBatches; 0 for the
	// other scopes.
	Batches int `json:"batches,omitempty"`
	// Interval is the sliding interval a rolling gate over the last
	// interval (GateScopeLastInterval) spans, a positive whole number of
	// milliseconds; "" for the other scopes.
	Interval Duration      `json:"interval,omitempty"`
	Pos      diag.Position `json:"pos"`
}

// Rolling reports whether the gate measures a rolling metric: the last
// Batches micro-batches, or those of the last Interval.
func (g *Gate) Rolling() bool {
	return g.Scope == GateScopeLastBatches || g.Scope == GateScopeLastInterval
}

// Sliding reports whether the gate measures the micro-batches of the last
// Interval.
func (g *Gate) Sliding() bool { return g.Scope == GateScopeLastInterval }

// Span is the most micro-batches a rolling gate adds up: Batches, or
// MaxRollingBatches over a sliding interval; 1 for the other scopes.
func (g *Gate) Span() int {
	switch g.Scope {
	case GateScopeLastBatches:
		return g.Batches
	case GateScopeLastInterval:
		return MaxRollingBatches
	}
	return 1
}

// IntervalMs is a sliding gate's interval in milliseconds, 0 when it is
// not a positive whole number of milliseconds (the unit of a batch's
// trigger time; ETL-D290).
func (g *Gate) IntervalMs() int64 {
	d, err := time.ParseDuration(string(g.Interval))
	if err != nil || d <= 0 || d%time.Millisecond != 0 {
		return 0
	}
	return d.Milliseconds()
}

// SpanText names what a rolling gate's breach is of: "3 micro-batches"
// or "the micro-batches of the last 1h0m0s".
func (g *Gate) SpanText() string {
	if g.Sliding() {
		return "the micro-batches of the last " + string(g.Interval)
	}
	return strconv.Itoa(g.Batches) + " micro-batches"
}

// Windowed reports whether the gate is measured per event-time window.
func (g *Gate) Windowed() bool { return g.Scope == GateScopeWindow }

// Below reports whether the gate breaches when its value is below the
// threshold (rows), rather than above it (the ratios).
func (g *Gate) Below() bool { return g.Metric == GateRows }

// Breached reports whether value breaches the gate.
func (g *Gate) Breached(value float64) bool {
	if g.Below() {
		return value < g.Threshold
	}
	return value > g.Threshold
}

// Subject is what the gate measures, e.g. "invalid_ratio(order_events)",
// "null_ratio(rejected_order_events.event_id)" or
// "expectation_failed_ratio(positive_total)".
func (g *Gate) Subject() string {
	switch g.Metric {
	case GateInvalidRatio:
		return g.Metric + "(" + g.Source + ")"
	case GateNullRatio:
		return g.Metric + "(" + g.Load + "." + g.Column + ")"
	case GateExpectFailed, GateExpectFailedRatio:
		return g.Metric + "(" + g.Expectation + ")"
	}
	return g.Metric + "(" + g.Load + ")"
}

// Condition is the gate's breach condition in words of the metric, e.g.
// "invalid_ratio(order_events) > 0.05", "rows(customer_order_windows) < 1"
// or, per window, "rows(customer_order_windows) < 3 in an event-time window".
func (g *Gate) Condition() string {
	op := " > "
	if g.Below() {
		op = " < "
	}
	c := g.Subject() + op + FormatThreshold(g.Threshold)
	if g.Windowed() {
		c += " in an event-time window"
	}
	switch g.Scope {
	case GateScopeLastBatches:
		c += " over the last " + strconv.Itoa(g.Batches) + " micro-batches"
	case GateScopeLastInterval:
		c += " over the micro-batches of the last " + string(g.Interval)
	}
	return c
}

// FormatThreshold renders a threshold or a gate value the same way in every
// output: the shortest decimal that reads back to the same float.
func FormatThreshold(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
