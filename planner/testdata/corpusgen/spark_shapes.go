package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// The pipeline shapes of the differential corpus: one step between its
// sources and one sink, no quarantine (each query costs a Spark run).

// ordersTo reads order_events into plan (input "orders") and loads the
// step's output, of contract out, into sink.
func ordersTo(plan *ir.Node, out, sink string) *ir.Document {
	return newDoc(pid, "1.0.0", uniqueIDs("order-event", out)...).
		extract("order_events", "order-event").
		step("s", out, plan, bind("orders", "order-event", "order_events", ir.PortValid)).
		load(sink, "s", ir.PortOut, out).doc
}

// windowsTo is the example's window aggregation of orders (watermark 15m,
// 1h windows) with the given window, loaded into sink.
func windowsTo(w *ir.Window, sink string) *ir.Document {
	return ordersTo(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), w), cow), cow, sink)
}

// streamJoin joins orders (left) with payments (right), each watermarked
// when asked, applies then (nil: nothing) and loads the result into sink
// as contract out.
func streamJoin(j *ir.Join, leftWM, rightWM bool, then func(*ir.Node) *ir.Node, out, sink string) *ir.Document {
	l, r := input("orders"), input("payments")
	if leftWM {
		l = watermark(l, "event_time", "15m0s")
	}
	if rightWM {
		r = watermark(r, "paid_at", "10m0s")
	}
	var plan *ir.Node = &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{l, r}, Join: j}
	if then != nil {
		plan = then(plan)
	}
	return newDoc(pid, "1.0.0", uniqueIDs("order-event", "payment", out)...).
		extract("order_events", "order-event").
		extract("payments", "payment").
		step("s", out, plan,
			bind("orders", "order-event", "order_events", ir.PortValid),
			bind("payments", "payment", "payments", ir.PortValid)).
		load(sink, "s", ir.PortOut, out).doc
}

// rightStatic joins the order stream (left) with the static customers
// table (right) and loads the rows into order_customers.
func rightStatic(t ir.JoinType) *ir.Document {
	j := &ir.Join{Type: t, LeftKeys: []string{"customer_id"}, RightKeys: []string{"customer_id"}, Static: true}
	out, sink := leftOnly(t, "order-customer", "order_customers")
	plan := into(&ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{input("orders"), input("customers")}, Join: j}, out)
	return newDoc(pid, "1.0.0", uniqueIDs("order-event", "customer", out)...).
		extract("order_events", "order-event").static("customers", "customer").
		step("s", out, plan,
			bind("orders", "order-event", "order_events", ir.PortValid),
			binding{name: "customers", contract: "customer", node: "customers", port: ir.PortValid, static: true}).
		load(sink, "s", ir.PortOut, out).doc
}

// leftStatic joins the static orders table (left) with the payment stream
// (right) and loads the rows into order_payments_outer.
func leftStatic(t ir.JoinType) *ir.Document {
	j := &ir.Join{Type: t, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}}
	out, sink := leftOnly(t, "order-payment-outer", "order_payments_outer")
	plan := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{input("orders"), input("payments")}, Join: j}
	return newDoc(pid, "1.0.0", uniqueIDs("order-event", "payment", out)...).
		static("static_orders", "order-event").extract("payments", "payment").
		step("s", out, plan,
			binding{name: "orders", contract: "order-event", node: "static_orders", port: ir.PortValid, static: true},
			bind("payments", "payment", "payments", ir.PortValid)).
		load(sink, "s", ir.PortOut, out).doc
}

// leftOnly is the output contract and sink of a join: the left side's
// (orders into paid_orders) for semi and anti joins, else the given ones.
func leftOnly(t ir.JoinType, out, sink string) (string, string) {
	if t == ir.JoinSemi || t == ir.JoinAnti {
		return "order-event", "paid_orders"
	}
	return out, sink
}

// sortBy is a sort on the given columns, ascending.
func sortBy(n *ir.Node, cols ...string) *ir.Node {
	s := &ir.Node{Op: ir.OpSort, Inputs: []*ir.Node{n}}
	for _, c := range cols {
		s.Columns = append(s.Columns, named(c, &ir.Expr{Kind: ir.ExprCall, Name: "asc", Args: []*ir.Expr{col(c)}}))
	}
	return s
}

func limit(n *ir.Node, k int) *ir.Node {
	return &ir.Node{Op: ir.OpLimit, Inputs: []*ir.Node{n}, Limit: k}
}

func dedup(n *ir.Node, keys ...string) *ir.Node {
	return &ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{n}, Keys: keys}
}

func dedupWithin(n *ir.Node, keys ...string) *ir.Node {
	return &ir.Node{Op: ir.OpDropDuplicatesWithinWM, Inputs: []*ir.Node{n}, Keys: keys}
}

// reaggregate sums the example's windows again per customer and window
// bounds (no new window).
func reaggregate(n *ir.Node) *ir.Node {
	return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{n}, GroupBy: []*ir.Expr{col("customer_id"), col("window_start"), col("window_end")},
		Aggs: []ir.NamedExpr{named("paid_order_count", aggE("sum", "paid_order_count")), named("paid_order_total", aggE("sum", "paid_order_total")),
			named("latest_event_time", aggE("max", "latest_event_time"))}}
}

func uniqueIDs(ids ...string) []string {
	var out []string
	for _, id := range ids {
		if !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}
