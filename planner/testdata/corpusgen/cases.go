package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// kase is one corpus case: a document, its profile, forced output modes, an
// optional older document whose manifest the case is compared against, and
// the exact diagnostic codes the planner must report.
type kase struct {
	name      string
	doc       func() *ir.Document
	overrides map[string]string // profile asset overrides ("" drops the asset)
	modes     map[string]string // forced output modes per query
	before    func() *ir.Document
	beforeOv  map[string]string
	want      []string
}

const (
	pid  = "customer-order-streaming"
	step = "aggregate-customer-orders"
	cow  = "customer-order-window"
)

var exampleContracts = []string{"order-event", "rejected-order-event", cow, "late-order-event"}

// exampleAgg is the example's plan: paid orders, watermark 15m, 1h windows.
func exampleAgg() *ir.Node {
	return into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s")), cow)
}

// repartitionedAgg is the example's plan with a repartition into parts
// partitions by keys between the watermark and the aggregation.
func repartitionedAgg(parts int, keys ...string) *ir.Node {
	return into(windowAgg(repartition(watermark(filterPaid(input("orders")), "event_time", "15m0s"), parts, keys...), tumbling("1h0m0s")), cow)
}

// ordersPipeline is the example pipeline with the given aggregation plan,
// loading windows, rejected events and (when late) late events.
func ordersPipeline(plan *ir.Node, late bool) *builder {
	b := newDoc(pid, "1.0.0", exampleContracts...).
		extract("order_events", "order-event").
		step(step, cow, plan, bind("orders", "order-event", "order_events", ir.PortValid)).
		load("customer_order_windows", step, ir.PortOut, cow).
		quarantine()
	if late {
		b.load("late_order_events", "order_events", ir.PortLate, "late-order-event")
	}
	return b
}

func example() *ir.Document { return ordersPipeline(exampleAgg(), true).doc }

// stateless builds a pipeline whose single step transforms orders into
// orders (no into), loaded into paid_orders.
func stateless(plan *ir.Node) *ir.Document {
	return newDoc(pid, "1.0.0", "order-event", "rejected-order-event").
		extract("order_events", "order-event").
		step("paid-orders", "order-event", plan, bind("orders", "order-event", "order_events", ir.PortValid)).
		load("paid_orders", "paid-orders", ir.PortOut, "order-event").
		quarantine().doc
}

// joined builds orders ⨝ payments loaded into the given sink.
func joined(j *ir.Join, leftWM, rightWM bool, then func(*ir.Node) *ir.Node, sink string) *ir.Document {
	l, r := input("orders"), input("payments")
	if leftWM {
		l = watermark(l, "event_time", "15m0s")
	}
	if rightWM {
		r = watermark(r, "paid_at", "10m0s")
	}
	plan := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{l, r}, Join: j}
	if then != nil {
		plan = then(plan)
	}
	return newDoc(pid, "1.0.0", "order-event", "rejected-order-event", "payment", "order-payment", cow).
		extract("order_events", "order-event").
		extract("payments", "payment").
		step("join-payments", "order-payment", plan,
			bind("orders", "order-event", "order_events", ir.PortValid),
			bind("payments", "payment", "payments", ir.PortValid)).
		load(sink, "join-payments", ir.PortOut, "order-payment").
		quarantine().doc
}

func join(t ir.JoinType, bounded bool) *ir.Join {
	j := &ir.Join{Type: t, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}}
	if bounded {
		j.TimeRange = &ir.TimeRange{LeftTime: "event_time", RightTime: "paid_at", Lower: "0s", Upper: "1h0m0s"}
	}
	return j
}

func withoutWatermark() *ir.Node {
	return into(windowAgg(filterPaid(input("orders")), tumbling("1h0m0s")), cow)
}

func mutate(f func() *ir.Document, m func(*ir.Document)) func() *ir.Document {
	return func() *ir.Document {
		d := f()
		m(d)
		return d
	}
}

func only(doc *ir.Document) func() *ir.Document { return func() *ir.Document { return doc } }

// timeKeyJoin joins orders and payments on the order id and their event
// times (event_time = paid_at): a watermarked join key, no range.
func timeKeyJoin(t ir.JoinType) *ir.Join {
	return &ir.Join{Type: t, LeftKeys: []string{"order_id", "event_time"}, RightKeys: []string{"order_id", "paid_at"}}
}

// dailyWindows is the example's hourly windows chained into daily windows
// on the column t computes from them (window_end, or its WindowTime).
func dailyWindows(t *ir.Expr) *ir.Node {
	hourly := windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s"))
	wt := &ir.Node{Op: ir.OpWithColumn, Inputs: []*ir.Node{hourly}, Columns: []ir.NamedExpr{named("hour_time", t)}}
	return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wt}, GroupBy: []*ir.Expr{col("customer_id")},
		Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "hour_time", Duration: "24h0m0s"},
		Aggs: []ir.NamedExpr{named("paid_order_count", aggE("sum", "paid_order_count")), named("paid_order_total", aggE("sum", "paid_order_total")),
			named("latest_event_time", aggE("max", "latest_event_time"))}}
}
