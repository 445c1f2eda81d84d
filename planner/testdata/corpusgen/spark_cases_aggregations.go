package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// Where Spark 4.1 defines the behaviours of this file.
const (
	checkerModes    = "UnsupportedOperationChecker.checkForStreaming: output mode vs streaming aggregations"
	checkerGlobalWM = "UnsupportedOperationChecker.checkStreamingQueryGlobalWatermarkLimit (MultiStatefulOperatorsSuite)"
	checkerAggExprs = "UnsupportedOperationChecker.checkForStreaming: Aggregate expressions"
)

// sparkAggregationCases: streaming aggregations and output modes.
func sparkAggregationCases() []sparkCase {
	hour := tumbling("1h0m0s")
	session := &ir.Window{Kind: ir.Session, TimeColumn: "event_time", Gap: "30m0s"}
	sliding := &ir.Window{Kind: ir.Sliding, TimeColumn: "event_time", Duration: "1h0m0s", Slide: "30m0s"}
	return []sparkCase{
		{name: "agg_window_append", about: "window aggregation with a watermark, append mode",
			rule: checkerModes + ": append needs a watermarked grouping attribute (here the window)",
			doc:  func() *ir.Document { return windowsTo(hour, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "agg_window_update", about: "window aggregation with a watermark, update mode", rule: checkerModes,
			doc: func() *ir.Document { return windowsTo(hour, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "agg_window_complete", about: "window aggregation, complete mode", rule: checkerModes,
			doc: func() *ir.Document { return windowsTo(hour, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: complete")}},
		{name: "agg_sliding_append", about: "sliding window aggregation with a watermark, append mode", rule: checkerModes,
			doc: func() *ir.Document { return windowsTo(sliding, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "agg_append_no_watermark", about: "window aggregation without a watermark in append mode",
			rule: checkerModes + ": \"Append output mode not supported ... without watermark\"",
			doc:  func() *ir.Document { return ordersTo(withoutWatermark(), cow, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "agg_update_no_watermark", about: "window aggregation without a watermark in update mode: state grows, Spark runs it",
			rule: checkerModes + ": update mode has no watermark requirement",
			doc:  func() *ir.Document { return ordersTo(withoutWatermark(), cow, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "agg_complete_no_watermark", about: "aggregation without a watermark in complete mode", rule: checkerModes,
			doc: func() *ir.Document { return ordersTo(withoutWatermark(), cow, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: complete")}},
		{name: "agg_append_key_not_watermarked", about: "a watermark on event_time, but the aggregation groups by customer only, append mode",
			rule: checkerModes + ": the watermarked column must be a grouping attribute",
			doc: func() *ir.Document {
				return ordersTo(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), nil), "customer-total", "customer_totals")
			}, assets: map[string]string{"customer_totals": sink("customer_totals", "output_mode: append")}},
		{name: "agg_append_group_by_event_time", about: "append mode, grouping by the watermarked column itself (no window)",
			rule:   checkerModes + ": a watermarked grouping attribute",
			doc:    func() *ir.Document { return ordersTo(instants(), "customer-instant", "customer_instants") },
			assets: map[string]string{"customer_instants": sink("customer_instants", "output_mode: append")}},
		{name: "dedup_after_agg_update", about: "dropDuplicates on (customer_id, event_time) after a per-instant aggregation, update mode",
			rule: checkerGlobalWM + ": a stateful operator after an aggregation outside append mode",
			doc: func() *ir.Document {
				return ordersTo(dedup(instants(), "customer_id", "event_time"), "customer-instant", "customer_instants")
			},
			assets: map[string]string{"customer_instants": sink("customer_instants", "output_mode: update")}},
		{name: "session_window_append", about: "session window with a watermark, append mode", rule: checkerModes,
			doc: func() *ir.Document { return windowsTo(session, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "session_window_update", about: "session window in update mode",
			rule: checkerModes + ": \"Update output mode not supported for session window\"",
			doc:  func() *ir.Document { return windowsTo(session, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "session_window_complete", about: "session window in complete mode", rule: checkerModes,
			doc: func() *ir.Document { return windowsTo(session, "windows") }, assets: map[string]string{"windows": sink("windows", "output_mode: complete")}},
		{name: "distinct_aggregate", about: "count(DISTINCT order_id) on a stream",
			rule: checkerAggExprs + ": \"Distinct aggregations are not supported on streaming DataFrames/Datasets\"",
			doc: func() *ir.Document {
				a := windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour)
				a.Aggs[0].Expr.Distinct = true
				return ordersTo(into(a, cow), cow, "windows")
			}},
		{name: "approx_count_distinct", about: "approx_count_distinct, the checker's suggested alternative to a distinct count",
			rule: checkerAggExprs,
			doc: func() *ir.Document {
				a := windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour)
				a.Aggs[0].Expr = aggE("approx_count_distinct", "order_id")
				return ordersTo(into(a, cow), cow, "windows")
			}},
		{name: "complete_without_aggregation", about: "complete mode on a query without aggregation",
			rule: checkerModes + ": \"Complete output mode not supported when there are no streaming aggregations\"",
			doc:  func() *ir.Document { return paymentsTo(nil, "payments_merge") }, assets: map[string]string{"payments_merge": sink("payments_merge", "output_mode: complete")}},
		{name: "update_without_aggregation", about: "update mode on a query without aggregation (Spark 2.x refused it; 3.x and 4.x run it)",
			rule: checkerModes + ": only complete needs an aggregation",
			doc:  func() *ir.Document { return paymentsTo(nil, "payments_merge") }, assets: map[string]string{"payments_merge": sink("payments_merge", "output_mode: update")}},
		{name: "chained_agg_window_end_append", about: "a window aggregation over window_end of an upstream window aggregation, append mode",
			rule: checkerModes + " (the window_end column carries no event-time metadata); the supported chaining is window(window_time(window), ...)",
			doc: func() *ir.Document {
				daily := &ir.Window{Kind: ir.Tumbling, TimeColumn: "window_end", Duration: "24h0m0s"}
				return ordersTo(rewindow(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour), daily), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "chained_agg_same_keys_append", about: "a second aggregation over window_start/window_end of the first, append mode",
			rule: checkerModes + ": window_start and window_end are not watermarked attributes after the first aggregation",
			doc: func() *ir.Document {
				return ordersTo(reaggregate(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour)), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "chained_agg_event_time_append", about: "two aggregations in append mode, the first grouping by the watermarked event_time, the second windowing it",
			rule: checkerGlobalWM + ": aggregations in append mode may be chained",
			doc: func() *ir.Document {
				return ordersTo(rewindow(instants(), &ir.Window{Kind: ir.Tumbling, TimeColumn: "event_time", Duration: "1h0m0s"}), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "chained_agg_update", about: "two chained aggregations in update mode",
			rule: checkerGlobalWM + ": an aggregation outside append mode cannot be followed by a stateful operator",
			doc: func() *ir.Document {
				return ordersTo(reaggregate(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour)), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "chained_agg_complete", about: "two chained aggregations in complete mode", rule: checkerGlobalWM,
			doc: func() *ir.Document {
				return ordersTo(reaggregate(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour)), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: complete")}},
		{name: "dedup_then_agg_update", about: "dropDuplicates on (event_id, event_time), then a window aggregation, update mode",
			rule: checkerGlobalWM + ": a deduplication may precede an aggregation in any mode (only an aggregation outside append may not be followed)",
			doc: func() *ir.Document {
				d := dedup(watermark(filterPaid(input("orders")), "event_time", "15m0s"), "event_id", "event_time")
				return ordersTo(into(windowAgg(d, hour), cow), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
	}
}

// instants aggregates paid orders per customer and event time (watermarked).
func instants() *ir.Node {
	return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{watermark(filterPaid(input("orders")), "event_time", "15m0s")},
		GroupBy: []*ir.Expr{col("customer_id"), col("event_time")}, Aggs: []ir.NamedExpr{
			named("paid_order_count", aggE("count", "order_id")), named("paid_order_total", aggE("sum", "order_total")),
			named("latest_event_time", aggE("max", "event_time"))}}
}

// rewindow sums an aggregation's counts again per customer in window w.
func rewindow(n *ir.Node, w *ir.Window) *ir.Node {
	return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{n}, GroupBy: []*ir.Expr{col("customer_id")}, Window: w,
		Aggs: []ir.NamedExpr{named("paid_order_count", aggE("sum", "paid_order_count")), named("paid_order_total", aggE("sum", "paid_order_total")),
			named("latest_event_time", aggE("max", "latest_event_time"))}}
}

// paymentsTo loads the payment stream, through plan when not nil, into sink.
func paymentsTo(plan *ir.Node, sink string) *ir.Document {
	if plan == nil {
		plan = &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{input("payments")},
			Predicate: &ir.Expr{Kind: ir.ExprCall, Name: "isnotnull", Args: []*ir.Expr{col("payment_id")}}}
	}
	return newDoc(pid, "1.0.0", "payment").
		extract("payments", "payment").
		step("s", "payment", plan, bind("payments", "payment", "payments", ir.PortValid)).
		load(sink, "s", ir.PortOut, "payment").doc
}
