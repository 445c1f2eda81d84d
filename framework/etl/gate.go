package etl

import (
	"fmt"
	"slices"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// Check is what a quality gate measures and the threshold it compares the
// measure with: InvalidRatioAbove, RowsBelow, NullRatioAbove,
// ExpectationFailedAbove or ExpectationFailedRatioAbove.
type Check struct {
	metric, source, load, column, expectation string
	threshold                                 float64
}

// InvalidRatioAbove breaches when more than max (a ratio in [0, 1)) of the
// rows a micro-batch reads from the source asset break its contract.
func InvalidRatioAbove(source string, max float64) Check {
	return Check{metric: ir.GateInvalidRatio, source: source, threshold: max}
}

// RowsBelow breaches when a micro-batch writes fewer than min rows (a whole
// number, at least 1) to the load asset.
func RowsBelow(load string, min int64) Check {
	return Check{metric: ir.GateRows, load: load, threshold: float64(min)}
}

// NullRatioAbove breaches when more than max (a ratio in [0, 1)) of the
// rows a micro-batch writes to the load asset have column null.
func NullRatioAbove(load, column string, max float64) Check {
	return Check{metric: ir.GateNullRatio, load: load, column: column, threshold: max}
}

// ExpectationFailedAbove breaches when more than max rows (a whole
// number, at least 0) break the expectation named expectation in a
// micro-batch of a query that counts it (each query reading the stream
// it is declared on).
func ExpectationFailedAbove(expectation string, max int64) Check {
	return Check{metric: ir.GateExpectFailed, expectation: expectation, threshold: float64(max)}
}

// ExpectationFailedRatioAbove breaches when more than max (a ratio in
// [0, 1)) of the rows the expectation named expectation checks in a
// micro-batch break it: failed / (passed + failed), 0 when it checked
// none. With OverLastBatches the rows of the last n batches count.
func ExpectationFailedRatioAbove(expectation string, max float64) Check {
	return Check{metric: ir.GateExpectFailedRatio, expectation: expectation, threshold: max}
}

// Action is what a breached gate does: Warn, Fail or Quarantine.
type Action string

// The actions of a quality gate.
const (
	// Warn reports the breach in the batch's line, its events and the run
	// report, and lets the batch commit.
	Warn Action = ir.GateWarn
	// Fail fails the micro-batch before its sinks commit: the run fails
	// with ETL-E750 naming the gate; the batch's offsets stay uncommitted,
	// so a restart reads the batch again.
	Fail Action = ir.GateFail
	// Quarantine writes the rows of the breached scope (the micro-batch's,
	// or with PerWindow the breached windows') to the asset QuarantineTo
	// names, with the load's contract, instead of the load, in the same
	// micro-batch; the batch commits. Only a load's gate (RowsBelow,
	// NullRatioAbove) quarantines: an invalid ratio's rows are already
	// split by the contract.
	Quarantine Action = ir.GateQuarantine
)

// GateOption configures a quality gate.
type GateOption func(*ir.Gate)

// PerWindow scopes a load's gate (RowsBelow, NullRatioAbove) to each
// event-time window the load's micro-batches write instead of each whole
// batch: e.g. fewer than 3 customers in an hour's window. The load must be
// a windowed aggregation in append mode (each window written once, final
// when the watermark passes its end) whose contract keeps window_start and
// window_end; the planner checks it (ETL-S426). A breach names the
// windows; with Fail the batch fails before its sinks commit.
func PerWindow() GateOption { return func(g *ir.Gate) { g.Scope = ir.GateScopeWindow } }

// QuarantineTo names the asset a Quarantine gate writes the breached rows
// to: bound in the profile like a sink of the load's contract (its own
// table, directory or topic).
func QuarantineTo(asset string) GateOption { return func(g *ir.Gate) { g.Output = asset } }

// OverDataset scopes the gate to every row ever read or written instead of
// each micro-batch. On a stream that is never final: the planner rejects it
// (ETL-S425); it exists so that the intent is stated and refused.
func OverDataset() GateOption { return func(g *ir.Gate) { g.Scope = ir.GateScopeDataset } }

// OverLastBatches scopes a gate to a rolling metric: its measure over
// the last n micro-batches (2 to ir.MaxRollingBatches) of each query it
// concerns, the current one included — the rejected rows of the n
// batches over the rows they read, the rows they wrote, their null
// over their written rows — checked in every micro-batch before its
// sinks commit. Fewer batches count until n ran. Each batch's measure is
// kept in the query's checkpoint, so a restart goes on from it and a
// re-run batch counts once. A rolling gate warns or fails: it quarantines
// no rows (the breach is of n batches, not of this batch's rows).
func OverLastBatches(n int) GateOption {
	return func(g *ir.Gate) { g.Scope, g.Batches = ir.GateScopeLastBatches, n }
}

// OverLast scopes a gate to a rolling metric over a sliding interval:
// its measure over the micro-batches of each query it concerns whose
// trigger time (a micro-batch's processing time: Spark's
// batchTimestampMs, the local engine's clock when the batch starts, the
// testkit's clock in tests) is less than d before the current batch's,
// the current one included, and at most the last ir.MaxRollingBatches
// of them (the batches a checkpoint retains) — summed as OverLastBatches
// sums them, checked in every micro-batch before its sinks commit. d is
// a positive whole number of milliseconds. Each batch's measure and
// trigger time are kept in the query's checkpoint, so a restart goes on
// from them and a re-run batch keeps its trigger time and counts once. A
// sliding gate warns or fails: it quarantines no rows.
func OverLast(d time.Duration) GateOption {
	return func(g *ir.Gate) { g.Scope, g.Interval = ir.GateScopeLastInterval, ir.Duration(d.String()) }
}

// Gate declares a quality gate of the pipeline: name (unique in the
// pipeline) is reported with every verdict; check says what is measured
// in each micro-batch and the threshold; action what a breach does. Both
// engines evaluate the gate in every micro-batch of the queries it concerns
// before their sinks commit: an invalid-ratio gate in each query reading the
// source, a load's gate in the load's query.
func Gate(p *Builder, name string, check Check, action Action, opts ...GateOption) {
	pos := callerPos()
	g := ir.Gate{Name: name, Metric: check.metric, Source: check.source, Load: check.load, Column: check.column, Expectation: check.expectation,
		Threshold: check.threshold, Scope: ir.GateScopeBatch, Action: string(action), Pos: pos}
	for _, o := range opts {
		o(&g)
	}
	switch {
	case name == "":
		p.errorf(ir.CodeBadGate, pos, "name the gate: its name is reported with every verdict", "quality gate without a name")
		return
	case slices.ContainsFunc(p.pl.Gates, func(o ir.Gate) bool { return o.Name == name }):
		p.errorf(ir.CodeBadGate, pos, "give each gate of the pipeline its own name", "quality gate %s is declared twice", name)
		return
	case check.metric == "":
		p.errorf(ir.CodeBadGate, pos, "use etl.InvalidRatioAbove, etl.RowsBelow, etl.NullRatioAbove or etl.ExpectationFailed(Ratio)Above", "quality gate %s: no check", name)
		return
	case action != Warn && action != Fail && action != Quarantine:
		p.errorf(ir.CodeBadGate, pos, "use etl.Warn, etl.Fail or etl.Quarantine", "quality gate %s: unknown action %q", name, action)
		return
	case action == Quarantine && g.Output == "":
		p.errorf(ir.CodeBadGate, pos, "name the asset the rows go to: etl.QuarantineTo(\"asset\")", "quality gate %s quarantines and names no output", name)
		return
	case g.Sliding() && g.IntervalMs() == 0:
		p.errorf(ir.CodeRollingGate, pos, "slide over a positive whole number of milliseconds, e.g. etl.OverLast(time.Hour)",
			"quality gate %s: etl.OverLast(%s)", name, g.Interval)
		return
	case g.Scope == ir.GateScopeLastBatches && (g.Batches < 2 || g.Batches > ir.MaxRollingBatches):
		p.errorf(ir.CodeRollingGate, pos, fmt.Sprintf("span 2 to %d micro-batches (the batches a checkpoint retains)", ir.MaxRollingBatches),
			"quality gate %s: etl.OverLastBatches(%d)", name, g.Batches)
		return
	case g.Rolling() && action == Quarantine:
		p.errorf(ir.CodeRollingGate, pos, "make the rolling gate warn or fail, or quarantine per micro-batch or per window",
			"quality gate %s: a rolling gate has no rows of its own to quarantine: its breach is of %s", name, g.SpanText())
		return
	case action != Quarantine && g.Output != "":
		p.errorf(ir.CodeBadGate, pos, "use etl.Quarantine with etl.QuarantineTo, or drop QuarantineTo", "quality gate %s names output %s but its action is %s", name, g.Output, action)
		return
	}
	p.pl.Gates = append(p.pl.Gates, g)
}
