package planner

import (
	"maps"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
)

// aggregateOp describes the state of a streaming aggregation: one entry per
// grouping key (and window), holding one buffer per aggregate.
func aggregateOp(q *qnode, in *facts) StatefulOp {
	n := q.node
	op := StatefulOp{Kind: string(ir.OpAggregate), Step: q.step, Window: n.Window, Sources: nil}
	for _, g := range n.GroupBy {
		name := exprString(g)
		op.Keys = append(op.Keys, name)
		op.KeySchema = append(op.KeySchema, Column{Name: name, Type: exprType(g, in.cols)})
	}
	if n.Window != nil {
		op.Keys = append(op.Keys, "window")
		op.KeySchema = append(op.KeySchema, Column{Name: "window", Type: "struct<start:timestamp,end:timestamp>"})
		if in.wm.has(n.Window.TimeColumn) {
			op.Watermark = n.Window.TimeColumn
		}
	}
	for _, a := range n.Aggs {
		op.Aggregates = append(op.Aggregates, a.Name+"="+exprString(a.Expr))
		op.ValueSchema = append(op.ValueSchema, aggBuffer(a, in.cols)...)
	}
	if op.Watermark == "" {
		op.Watermark = firstWatermarked(op.Keys, in.wm)
	}
	op.Sources = sourceNames(in.sources)
	return op
}

// dedupOp describes the state of a deduplication: the seen keys.
func dedupOp(q *qnode, in *facts) StatefulOp {
	op := StatefulOp{Kind: string(q.node.Op), Step: q.step, Keys: q.node.Keys}
	keys := q.node.Keys
	if len(keys) == 0 {
		keys = slices.Sorted(maps.Keys(in.cols))
	}
	for _, k := range keys {
		op.KeySchema = append(op.KeySchema, Column{Name: k, Type: in.cols[k]})
	}
	op.Watermark = firstWatermarked(keys, in.wm)
	if q.node.Op == ir.OpDropDuplicatesWithinWM && op.Watermark == "" {
		op.Watermark = firstWatermarked(slices.Sorted(maps.Keys(in.wm)), in.wm)
	}
	op.Sources = sourceNames(in.sources)
	return op
}

// joinOp describes the state of a stream–stream join: the buffered rows of
// both sides by join key.
func joinOp(q *qnode) StatefulOp {
	j := q.node.Join
	l, r := q.kids[0].facts, q.kids[1].facts
	op := StatefulOp{Kind: "streamJoin", Step: q.step}
	if j == nil {
		return op
	}
	op.Keys = j.LeftKeys
	op.Join = &StateJoin{Type: j.Type, LeftKeys: j.LeftKeys, RightKeys: j.RightKeys, TimeRange: j.TimeRange}
	for _, k := range j.LeftKeys {
		op.KeySchema = append(op.KeySchema, Column{Name: k, Type: l.cols[k]})
	}
	for _, c := range slices.Sorted(maps.Keys(l.cols)) {
		op.ValueSchema = append(op.ValueSchema, Column{Name: "left." + c, Type: l.cols[c]})
	}
	for _, c := range slices.Sorted(maps.Keys(r.cols)) {
		op.ValueSchema = append(op.ValueSchema, Column{Name: "right." + c, Type: r.cols[c]})
	}
	if j.TimeRange != nil {
		op.Watermark = j.TimeRange.LeftTime
	}
	op.Sources = sourceNames(append(append([]string(nil), l.sources...), r.sources...))
	return op
}

func firstWatermarked(cols []string, wm eventTimes) string {
	for _, c := range cols {
		if wm.has(c) {
			return c
		}
	}
	return ""
}

// sourceNames lists the assets; identities are filled in once the profile
// bindings are known (see fillSources).
func sourceNames(assets []string) []SourceName {
	seen := map[string]bool{}
	var out []SourceName
	for _, a := range assets {
		if !seen[a] {
			seen[a] = true
			out = append(out, SourceName{Asset: a})
		}
	}
	return out
}

// aggBuffer is an aggregate's part of the state value: one column of the
// result type, and for min_by and max_by the ordering too (Spark's MaxMinBy
// buffers valueWithExtremumOrdering and extremumOrdering), so a change of
// the ordering's type is a state schema change.
func aggBuffer(a ir.NamedExpr, cols map[string]string) []Column {
	out := []Column{{Name: a.Name, Type: exprType(a.Expr, cols)}}
	if f := a.Expr.Func(); (f == ir.AggMinBy || f == ir.AggMaxBy) && len(a.Expr.Args) == 2 {
		out = append(out, Column{Name: a.Name + ".ordering", Type: exprType(a.Expr.Args[1], cols)})
	}
	return out
}
