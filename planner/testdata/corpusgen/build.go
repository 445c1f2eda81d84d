package main

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Hand-built IR: small helpers that write plan nodes the way the DSL does,
// with positions pointing at this file's case table.

func col(name string) *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: name} }

func strLit(v string) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprLiteral, Value: v, Type: &contracts.Type{Kind: contracts.KindString}}
}

func aggE(name string, arg string) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprAgg, Name: name, Args: []*ir.Expr{col(arg)}}
}

func named(name string, e *ir.Expr) ir.NamedExpr { return ir.NamedExpr{Name: name, Expr: e} }

func input(name string) *ir.Node { return &ir.Node{Op: ir.OpInput, Input: name} }

func filterPaid(n *ir.Node) *ir.Node {
	return &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{n}, Predicate: &ir.Expr{Kind: ir.ExprCall, Name: "=", Args: []*ir.Expr{col("status"), strLit("paid")}}}
}

func watermark(n *ir.Node, column, delay string) *ir.Node {
	return &ir.Node{Op: ir.OpWatermark, Inputs: []*ir.Node{n}, Column: column, Delay: ir.Duration(delay)}
}

// repartition hash-partitions n into parts partitions by keys
// (round-robin with none).
func repartition(n *ir.Node, parts int, keys ...string) *ir.Node {
	return &ir.Node{Op: ir.OpRepartition, Inputs: []*ir.Node{n}, Partitions: parts, Keys: keys}
}

func tumbling(d string) *ir.Window {
	return &ir.Window{Kind: ir.Tumbling, TimeColumn: "event_time", Duration: ir.Duration(d)}
}

// windowAgg is the example's aggregation: per customer and window, count,
// total and latest event time of paid orders.
func windowAgg(n *ir.Node, w *ir.Window, keys ...string) *ir.Node {
	if len(keys) == 0 {
		keys = []string{"customer_id"}
	}
	var gb []*ir.Expr
	for _, k := range keys {
		gb = append(gb, col(k))
	}
	return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{n}, GroupBy: gb, Window: w, Aggs: []ir.NamedExpr{
		named("paid_order_count", aggE("count", "order_id")),
		named("paid_order_total", aggE("sum", "order_total")),
		named("latest_event_time", aggE("max", "event_time")),
	}}
}

func into(n *ir.Node, contract string) *ir.Node {
	return &ir.Node{Op: ir.OpIntoOutput, Inputs: []*ir.Node{n}, Output: contract}
}

// builder assembles one pipeline document.
type builder struct {
	doc  *ir.Document
	line int
}

func newDoc(id, version string, cs ...string) *builder {
	b := &builder{doc: &ir.Document{IRVersion: ir.Version, Package: "corpus"}, line: 10}
	for _, c := range cs {
		b.doc.Contracts = append(b.doc.Contracts, contract(c))
	}
	b.doc.Pipelines = []ir.Pipeline{{ID: id, Version: version, Pos: b.pos()}}
	return b
}

// pos hands out distinct, increasing positions in a virtual pipeline.go.
func (b *builder) pos() diag.Position {
	b.line++
	return diag.Position{File: "pipeline.go", Line: b.line}
}

func (b *builder) p() *ir.Pipeline { return &b.doc.Pipelines[len(b.doc.Pipelines)-1] }

func (b *builder) extract(asset, contract string) *builder {
	b.p().Extracts = append(b.p().Extracts, ir.Extract{Asset: asset, Contract: contract, Pos: b.pos()})
	return b
}

func (b *builder) static(asset, contract string) *builder {
	b.p().Extracts = append(b.p().Extracts, ir.Extract{Asset: asset, Contract: contract, Static: true, Pos: b.pos()})
	return b
}

// step adds a transformation and a step applying it; inputs are
// name=node.port pairs in port order; out is the output contract.
func (b *builder) step(id, out string, plan *ir.Node, inputs ...binding) *builder {
	t := ir.Transformation{ID: id, Version: "1.0.0", Outputs: []ir.Port{{Name: "out", Contract: out}}, Pos: b.pos()}
	st := ir.Step{ID: id, Transformation: id, Pos: t.Pos}
	for _, in := range inputs {
		t.Inputs = append(t.Inputs, ir.Port{Name: in.name, Contract: in.contract, Static: in.static})
		st.Inputs = append(st.Inputs, ir.Binding{Input: in.name, From: ir.Ref{Node: in.node, Port: in.port}})
	}
	b.place(plan)
	t.Plan, st.Plan = plan, plan
	b.doc.Transformations = append(b.doc.Transformations, t)
	b.p().Steps = append(b.p().Steps, st)
	return b
}

// place gives every plan node a position, inputs first.
func (b *builder) place(n *ir.Node) {
	if n == nil {
		return
	}
	for _, in := range n.Inputs {
		b.place(in)
	}
	n.Pos = b.pos()
}

type binding struct {
	name, contract, node, port string
	static                     bool
}

func bind(name, contract, node, port string) binding {
	return binding{name: name, contract: contract, node: node, port: port}
}

func (b *builder) load(asset, node, port, contract string) *builder {
	b.p().Loads = append(b.p().Loads, ir.Load{Asset: asset, From: ir.Ref{Node: node, Port: port}, Contract: contract, Pos: b.pos()})
	return b
}

// quarantine adds the rejected-events load every real pipeline has.
func (b *builder) quarantine() *builder {
	return b.load("rejected_order_events", "order_events", ir.PortInvalid, "rejected-order-event")
}
