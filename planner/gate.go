package planner

import (
	"slices"

	"github.com/etlgen/etlgen/contracts"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// WindowStartColumn and WindowEndColumn are the columns of a window
// aggregation's window: a per-window gate (ir.GateScopeWindow) groups the
// rows its load writes by them.
const (
	WindowStartColumn = "window_start"
	WindowEndColumn   = "window_end"
)

// Gate is a quality gate as planned: the declared gate (package ir) and
// the queries that evaluate it at each of their micro-batches, before their
// sinks commit. An invalid-ratio gate is evaluated by every query that
// reads its source on the streaming side and runs (each query reads the
// source on its own, so each measures its own batches; a hosted load is
// measured by its host's); a load's gate by the load's query. Both engines
// read the gates of a query from Query.Gates.
type Gate struct {
	Name   string `json:"name"`
	Metric string `json:"metric"`
	Source string `json:"source,omitempty"`
	Load   string `json:"load,omitempty"`
	Column string `json:"column,omitempty"`
	// Expectation is the expectation an expectation_failed(_ratio) gate
	// measures.
	Expectation string `json:"expectation,omitempty"`
	// Threshold is the largest ratio or failed rows that pass, or the fewest rows.
	Threshold float64 `json:"threshold"`
	Scope     string  `json:"scope"`
	// Batches is how many micro-batches a rolling gate spans (scope
	// last_micro_batches).
	Batches int `json:"batches,omitempty"`
	// Interval is the sliding interval a rolling gate spans (scope
	// last_interval).
	Interval ir.Duration `json:"interval,omitempty"`
	Action   string      `json:"action"`
	// Condition is the breach condition, e.g. "invalid_ratio(order_events) > 0.05".
	Condition string `json:"condition"`
	// Queries are the queries that evaluate the gate, sorted.
	Queries []string `json:"queries"`
	// Quarantine is where a quarantine gate writes the breached rows; nil
	// for the other actions, or when its output is unbound.
	Quarantine *GateQuarantine `json:"quarantine,omitempty"`
	// IR is the declared gate.
	IR *ir.Gate `json:"-"`
}

// ActionText is the action as the plan and docs show it: warn, fail, or
// "quarantine to ASSET (IDENTITY)".
func (g Gate) ActionText() string {
	switch {
	case g.Action != ir.GateQuarantine:
		return g.Action
	case g.Quarantine == nil && g.IR != nil:
		return g.Action + " to " + g.IR.Output + " (unbound)"
	case g.Quarantine == nil:
		return g.Action
	}
	return g.Action + " to " + g.Quarantine.Asset + " (" + string(g.Quarantine.Plugin) + " " + g.Quarantine.Identity + ")"
}

// GateQuarantine is the output of a quarantine gate: written by the gated
// load's query, in the same micro-batch as the load and instead of it, with
// the rows of the breached scope (the batch's, or the breached windows'),
// in the load's contract and columns.
type GateQuarantine struct {
	Asset     string             `json:"asset"`
	Contract  string             `json:"contract"`
	Plugin    profile.PluginName `json:"plugin"`
	Identity  string             `json:"identity"`
	WriteMode string             `json:"writeMode,omitempty"`
	MergeKeys []string           `json:"mergeKeys,omitempty"`
	// TxnID is the id its idempotent writes carry (Delta txnAppId), its
	// own: the output commits each batch id once, beside the load.
	TxnID string `json:"txnId"`
	// Output are the columns written: the load's.
	Output []Column `json:"output"`
	// Binding is the output's asset binding.
	Binding *profile.AssetBinding `json:"-"`
	// Checkpoint and OutputMode are the gated query's.
	Checkpoint string `json:"-"`
	OutputMode string `json:"-"`
	// Load is the gated load.
	Load *ir.Load `json:"-"`
	// Def is the contract Contract names; nil when the document does not
	// declare it.
	Def *contracts.Contract `json:"-"`
}

// Write is the output's write as a query of its own: named after the
// asset, with the gated query's checkpoint and output mode, writing Output
// to the asset. It is what the engines open a sink with and what `etlgen
// show` reads.
func (gq *GateQuarantine) Write() *Query {
	return &Query{Name: gq.Asset, Checkpoint: gq.Checkpoint, OutputMode: gq.OutputMode, Output: gq.Output, Sources: []string{}, Steps: []string{},
		Identity: gq.TxnID,
		Sink: withLayout(Sink{Asset: gq.Asset, Contract: gq.Contract, Plugin: gq.Plugin, Identity: gq.Identity,
			WriteMode: gq.WriteMode, MergeKeys: gq.MergeKeys, Load: gq.Load, Def: gq.Def, Binding: gq.Binding})}
}

// gatesOf plans the pipeline's gates and gives each query the gates it
// evaluates, in declaration order.
func gatesOf(c *Checker, pp *pipe, queries []Query) []Gate {
	out := []Gate{}
	for i := range pp.p.Gates {
		g := &pp.p.Gates[i]
		pg := Gate{Name: g.Name, Metric: g.Metric, Source: g.Source, Load: g.Load, Column: g.Column, Expectation: g.Expectation, Threshold: g.Threshold,
			Scope: g.Scope, Batches: g.Batches, Interval: g.Interval, Action: g.Action, Condition: g.Condition(), Queries: []string{}, IR: g}
		if b := c.env.GateOutputs[g.Output]; b != nil && g.Action == ir.GateQuarantine {
			pg.Quarantine = gateQuarantineOf(c, pp, g, b, queries)
		}
		for j, q := range pp.queries {
			if evaluates(pp, &queries[j], q, g) {
				pg.Queries = append(pg.Queries, q.name)
			}
		}
		slices.Sort(pg.Queries)
		for j := range queries {
			if slices.Contains(pg.Queries, queries[j].Name) {
				queries[j].Gates = append(queries[j].Gates, pg)
			}
		}
		out = append(out, pg)
	}
	return out
}

// gateQuarantineOf plans a quarantine gate's output: the load's contract
// and columns, the load query's checkpoint and output mode.
func gateQuarantineOf(c *Checker, pp *pipe, g *ir.Gate, b *profile.AssetBinding, queries []Query) *GateQuarantine {
	gq := &GateQuarantine{Asset: g.Output, Contract: b.Contract, Plugin: pluginName(b), Identity: identity(b),
		WriteMode: b.WriteMode.Name, MergeKeys: b.MergeKeys, Binding: b,
		TxnID: Identity(pp.p.ID, pp.p.Version, c.env.Profile, g.Output), Def: c.ix.contracts[b.Contract]}
	for i := range queries {
		if queries[i].Name == g.Load {
			gq.Output, gq.Checkpoint, gq.OutputMode, gq.Load = queries[i].Output, queries[i].Checkpoint, queries[i].OutputMode, queries[i].Sink.Load
		}
	}
	return gq
}

// evaluates reports whether query q (planned as pq) evaluates gate g: a
// gate on an expectation's counts is evaluated by the queries that count
// the expectation, the others by gateEvaluatedBy.
func evaluates(pp *pipe, pq *Query, q *query, g *ir.Gate) bool {
	if pq.Host != "" {
		return false
	}
	if !g.OnExpectation() {
		return gateEvaluatedBy(g, q)
	}
	i := slices.IndexFunc(pp.p.Expectations, func(e ir.Expectation) bool { return e.Name == g.Expectation })
	return i >= 0 && countsExpectation(pp, pq, pp.p.Expectations[i].On)
}

// gateEvaluatedBy reports whether query q evaluates gate g: a Late()
// output never does (its rows are written by the host query's batches).
func gateEvaluatedBy(g *ir.Gate, q *query) bool {
	if q.branch == ir.PortLate || (q.root != nil && q.root.late) {
		return false
	}
	if g.Metric != ir.GateInvalidRatio {
		return q.name == g.Load
	}
	return slices.Contains(q.rootFacts().sources, g.Source)
}
