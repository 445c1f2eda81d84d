package planner

import (
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
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
// reads its source on the streaming side (each query reads the source on
// its own, so each measures its own batches); a load's gate by the load's
// query. Both engines read the gates of a query from Query.Gates.
type Gate struct {
	Name   string `json:"name"`
	Metric string `json:"metric"`
	Source string `json:"source,omitempty"`
	Load   string `json:"load,omitempty"`
	Column string `json:"column,omitempty"`
	// Threshold is the largest ratio that passes, or the fewest rows.
	Threshold float64 `json:"threshold"`
	Scope     string  `json:"scope"`
	Action    string  `json:"action"`
	// Condition is the breach condition, e.g. "invalid_ratio(order_events) > 0.05".
	Condition string `json:"condition"`
	// Queries are the queries that evaluate the gate, sorted.
	Queries []string `json:"queries"`
	// IR is the declared gate.
	IR *ir.Gate `json:"-"`
}

// gatesOf plans the pipeline's gates and gives each query the gates it
// evaluates, in declaration order.
func gatesOf(pp *pipe, queries []Query) []Gate {
	out := []Gate{}
	for i := range pp.p.Gates {
		g := &pp.p.Gates[i]
		pg := Gate{Name: g.Name, Metric: g.Metric, Source: g.Source, Load: g.Load, Column: g.Column, Threshold: g.Threshold,
			Scope: g.Scope, Action: g.Action, Condition: g.Condition(), Queries: []string{}, IR: g}
		for _, q := range pp.queries {
			if gateEvaluatedBy(g, q) {
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
