package main

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// Where Spark 4.1 defines the operator behaviours.
const (
	checkerOps   = "UnsupportedOperationChecker.checkForStreaming: operators on streams"
	checkerDedup = "UnsupportedOperationChecker.checkForStreaming: DeduplicateWithinWatermark (StreamingDeduplicationWithinWatermarkSuite)"
)

// sparkOperatorCases: sort, limit, window functions, deduplication, unions.
func sparkOperatorCases() []sparkCase {
	hour := tumbling("1h0m0s")
	agg := func() *ir.Node { return windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour) }
	return []sparkCase{
		{name: "sort_on_stream", about: "sort of a stream without aggregation",
			rule: checkerOps + ": \"Sorting is not supported on streaming DataFrames/Datasets, unless it is on aggregated DataFrame/Dataset in Complete output mode\"",
			doc: func() *ir.Document {
				return ordersTo(sortBy(filterPaid(input("orders")), "event_time"), "order-event", "paid_orders")
			}},
		{name: "sort_after_complete_agg", about: "sort of an aggregation in complete mode", rule: checkerOps + ": containsCompleteData",
			doc:    func() *ir.Document { return ordersTo(into(sortBy(agg(), "customer_id"), cow), cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: complete")}},
		{name: "sort_after_update_agg", about: "sort of an aggregation in update mode", rule: checkerOps,
			doc:    func() *ir.Document { return ordersTo(into(sortBy(agg(), "customer_id"), cow), cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "limit_append", about: "limit on a stream without aggregation, append mode",
			rule: checkerOps + ": GlobalLimit/LocalLimit refused in update mode only",
			doc: func() *ir.Document {
				return ordersTo(limit(filterPaid(input("orders")), 3), "order-event", "paid_orders")
			}},
		{name: "limit_complete_agg", about: "limit of an aggregation in complete mode", rule: checkerOps + ": GlobalLimit/LocalLimit refused in update mode only",
			doc:    func() *ir.Document { return ordersTo(into(limit(agg(), 2), cow), cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: complete")}},
		{name: "limit_update_agg", about: "limit of an aggregation in update mode",
			rule:   checkerOps + ": \"Limits are not supported on streaming DataFrames/Datasets in Update output mode\"",
			doc:    func() *ir.Document { return ordersTo(into(limit(agg(), 2), cow), cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "limit_static_side", about: "limit on the static side of a stream–static join", rule: checkerOps + ": only a limit over streaming children",
			doc: func() *ir.Document {
				d := rightStatic(ir.JoinInner)
				j := d.Transformations[0].Plan.Inputs[0]
				j.Inputs[1] = limit(j.Inputs[1], 2)
				return d
			}},
		{name: "window_function", about: "row_number() on a stream (the IR has no OVER clause: Spark refuses the expression itself)",
			rule: checkerOps + ": Window (NON_TIME_WINDOW_NOT_SUPPORTED_IN_STREAMING)",
			doc: func() *ir.Document {
				rank := &ir.Expr{Kind: ir.ExprCall, Name: "row_number"}
				return ordersTo(&ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{input("orders")},
					Predicate: &ir.Expr{Kind: ir.ExprCall, Name: "=", Args: []*ir.Expr{rank, {Kind: ir.ExprLiteral, Value: "1"}}}}, "order-event", "paid_orders")
			}},
		{name: "dedup_event_time_key", about: "dropDuplicates on (event_id, event_time) with a watermark", rule: checkerOps + " (StreamingDeduplicationSuite)",
			doc: func() *ir.Document {
				return ordersTo(dedup(watermark(input("orders"), "event_time", "1h0m0s"), "event_id", "event_time"), "order-event", "paid_orders")
			}},
		{name: "dedup_without_event_time", about: "dropDuplicates on event_id only, a watermark upstream: state is never evicted",
			rule: checkerOps + " (StreamingDeduplicationSuite)",
			doc: func() *ir.Document {
				return ordersTo(dedup(watermark(input("orders"), "event_time", "1h0m0s"), "event_id"), "order-event", "paid_orders")
			}},
		{name: "dedup_without_watermark", about: "dropDuplicates on event_id, no watermark: state is never evicted",
			rule: checkerOps + " (StreamingDeduplicationSuite)",
			doc:  func() *ir.Document { return ordersTo(dedup(input("orders"), "event_id"), "order-event", "paid_orders") }},
		{name: "dedup_within_watermark", about: "dropDuplicatesWithinWatermark on event_id with a watermark", rule: checkerDedup,
			doc: func() *ir.Document {
				return ordersTo(dedupWithin(watermark(input("orders"), "event_time", "1h0m0s"), "event_id"), "order-event", "paid_orders")
			}},
		{name: "dedup_within_watermark_no_watermark", about: "dropDuplicatesWithinWatermark without a watermark",
			rule: checkerDedup + ": \"dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark\"",
			doc: func() *ir.Document {
				return ordersTo(dedupWithin(input("orders"), "event_id"), "order-event", "paid_orders")
			}},
		{name: "dedup_within_then_agg_append", about: "dropDuplicatesWithinWatermark, then a window aggregation, append mode", rule: checkerGlobalWM,
			doc: func() *ir.Document {
				d := dedupWithin(watermark(filterPaid(input("orders")), "event_time", "15m0s"), "event_id")
				return ordersTo(into(windowAgg(d, hour), cow), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "union_streams", about: "union of two streams (Kafka and files)", rule: checkerOps + ": Union",
			doc: func() *ir.Document { return unionOf("order_files", false, nil) }},
		{name: "union_watermarked_streams_agg", about: "union of two watermarked streams, then a window aggregation: the watermarks combine with min",
			rule: checkerModes + " (EventTimeWatermarkSuite: multiple watermarks, spark.sql.streaming.multipleWatermarkPolicy=min)",
			doc: func() *ir.Document {
				return unionOf("order_files", false, func(l, r *ir.Node) *ir.Node {
					u := &ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{watermark(l, "event_time", "15m0s"), watermark(r, "event_time", "30m0s")}}
					return into(windowAgg(filterPaid(u), hour), cow)
				})
			}},
		{name: "self_union_diamond", about: "seven steps, each the union of the previous step with itself: one query reads the source along 128 paths",
			rule: "Spark Connect sends a plan as a tree (relations.proto): a sub-plan read twice is sent, and run, twice",
			deliberate: "Spark runs it, one Kafka reader and one validation per path (128 here, doubling per step, until the plan passes the " +
				"server's gRPC message limit): etlgen stops at 64 paths (ETL-S424) rather than let the work double per step",
			doc: func() *ir.Document { return selfUnions(7) }},
		{name: "union_stream_static", about: "union of a stream and a static table",
			rule: checkerOps + ": \"Union between streaming and batch DataFrames/Datasets is not supported\"",
			doc:  func() *ir.Document { return unionOf("static_orders", true, nil) }},
	}
}

// selfUnions is n steps before the sink, each the union of the previous
// step (the source's valid rows for the first) with itself.
func selfUnions(n int) *ir.Document {
	b := newDoc(pid, "1.0.0", "order-event").extract("order_events", "order-event")
	prev, port := "order_events", ir.PortValid
	for i := range n {
		id := fmt.Sprintf("u%d", i)
		b.step(id, "order-event", &ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{input("a"), input("b")}},
			bind("a", "order-event", prev, port), bind("b", "order-event", prev, port))
		prev, port = id, ir.PortOut
	}
	return b.load("paid_orders", prev, ir.PortOut, "order-event").doc
}

// unionOf unions the order stream with another order-event source (static
// or not); combine builds the plan from the two inputs (nil: a union),
// whose output goes to paid_orders, or to windows when it ends in an into.
func unionOf(other string, static bool, combine func(l, r *ir.Node) *ir.Node) *ir.Document {
	plan := &ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{input("orders"), input("more")}}
	out, sink := "order-event", "paid_orders"
	if combine != nil {
		plan, out, sink = combine(input("orders"), input("more")), cow, "windows"
	}
	b := newDoc(pid, "1.0.0", uniqueIDs("order-event", out)...).extract("order_events", "order-event")
	if static {
		b.static(other, "order-event")
	} else {
		b.extract(other, "order-event")
	}
	return b.step("s", out, plan,
		bind("orders", "order-event", "order_events", ir.PortValid),
		binding{name: "more", contract: "order-event", node: other, port: ir.PortValid, static: static}).
		load(sink, "s", ir.PortOut, out).doc
}
