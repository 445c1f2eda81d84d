package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// Where Spark 4.1 defines the behaviours of etlgen's model checks.
const (
	analyzerRule   = "Analyzer: column resolution and the EventTimeWatermark / TimeWindow checks"
	checkpointRule = "StreamingQueryManager.startQuery: one active query per checkpoint (query id in its metadata)"
	storageRule    = "Delta's streaming sink: two queries' appends to one table both commit (optimistic concurrency)"
	lateRouting    = "the Spark engine must route each Late() output from one re-readable source batch: " +
		"Spark runs the main query, but etlgen cannot deliver the late rows of this shape, and refuses rather than drop them"
)

// sparkModelCases: the planner's checks of its own model (checkpoints,
// definitions, late and invalid rows) that have a Spark counterpart.
func sparkModelCases() []sparkCase {
	hour := tumbling("1h0m0s")
	paid := func() *ir.Document { return ordersTo(filterPaid(input("orders")), "order-event", "paid_orders") }
	return []sparkCase{
		{name: "unsafe_pipeline_id", about: "a pipeline id with a slash: the checkpoint path nests", rule: checkpointRule,
			doc: mutate(paid, func(d *ir.Document) { d.Pipelines[0].ID = "orders/v2" }),
			deliberate: "Spark takes any path; a slash in an id nests one pipeline's checkpoints inside another's (orders and orders/v2), " +
				"so an id must be one path segment"},
		{name: "version_without_major", about: "a pipeline version without a major number", rule: checkpointRule,
			doc:        mutate(paid, func(d *ir.Document) { d.Pipelines[0].Version = "latest" }),
			deliberate: "Spark knows no versions; the major version is part of the checkpoint path, the switch a state-breaking change flips"},
		{name: "static_only", about: "a pipeline with a static source only",
			rule: "UnsupportedOperationChecker.checkForStreaming: \"Queries without streaming sources cannot be executed with writeStream.start()\"",
			doc: func() *ir.Document {
				return newDoc(pid, "1.0.0", "order-event").static("static_orders", "order-event").
					step("s", "order-event", filterPaid(input("orders")),
						binding{name: "orders", contract: "order-event", node: "static_orders", port: ir.PortValid, static: true}).
					load("paid_orders", "s", ir.PortOut, "order-event").doc
			}},
		{name: "two_loads_one_table", about: "two loads of one step appending to one Delta table", rule: storageRule,
			doc: mutate(paid, func(d *ir.Document) {
				d.Pipelines[0].Loads = append(d.Pipelines[0].Loads, ir.Load{Asset: "paid_orders_copy", From: ir.Ref{Node: "s", Port: ir.PortOut}, Contract: "order-event"})
			}),
			assets: map[string]string{"paid_orders_copy": sparkSinks["paid_orders"]},
			deliberate: "Spark runs both queries (Delta commits concurrent appends): every row lands twice, and no reader can tell which query wrote it " +
				"or replay one query's batches without the other's; a table belongs to one load"},
		{name: "watermark_unknown_column", about: "a watermark on a column the stream does not have", rule: analyzerRule + ": UNRESOLVED_COLUMN",
			doc: func() *ir.Document {
				return ordersTo(into(windowAgg(watermark(filterPaid(input("orders")), "created_at", "15m0s"), hour), cow), cow, "windows")
			}},
		{name: "dedup_unknown_key", about: "dropDuplicates on a column the stream does not have", rule: analyzerRule + ": UNRESOLVED_COLUMN",
			doc: func() *ir.Document {
				return ordersTo(dedup(watermark(input("orders"), "event_time", "1h0m0s"), "order_ref", "event_time"), "order-event", "paid_orders")
			}},
		{name: "late_without_watermark", about: "a Late() output of an aggregation without a watermark, update mode", rule: checkerModes,
			deliberate: "without a watermark no row is ever late: Spark runs the aggregation, but the Late() output could never receive a row",
			doc: func() *ir.Document {
				d := ordersTo(withoutWatermark(), cow, "windows")
				d.Contracts = append(d.Contracts, contract("late-order-event"))
				d.Pipelines[0].Loads = append(d.Pipelines[0].Loads,
					ir.Load{Asset: "late_order_events", From: ir.Ref{Node: "s", Port: ir.PortLate}, Contract: "late-order-event"})
				return d
			}, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "watermark_on_string", about: "a watermark on a string column", rule: analyzerRule + ": EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE",
			doc: func() *ir.Document {
				return ordersTo(watermark(input("orders"), "status", "15m0s"), "order-event", "paid_orders")
			}},
		{name: "watermark_negative_delay", about: "a watermark delay of -5 minutes", rule: analyzerRule + ": the delay threshold must not be negative",
			doc: func() *ir.Document {
				return ordersTo(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "-5m0s"), hour), cow), cow, "windows")
			}},
		{name: "window_zero_duration", about: "a tumbling window of 0 seconds", rule: analyzerRule + ": the window duration must be positive",
			doc: func() *ir.Document { return windowsTo(tumbling("0s"), "windows") }},
		{name: "window_slide_exceeds_duration", about: "a sliding window of 10 minutes sliding every hour", rule: analyzerRule + ": the slide must not exceed the window",
			doc: func() *ir.Document {
				return windowsTo(&ir.Window{Kind: ir.Sliding, TimeColumn: "event_time", Duration: "10m0s", Slide: "1h0m0s"}, "windows")
			}},
		{name: "late_output", about: "the example: a window aggregation with a Late() output of one Kafka source", rule: checkerModes,
			doc: func() *ir.Document {
				return mutate(func() *ir.Document { return windowsTo(hour, "windows") }, func(d *ir.Document) {
					d.Contracts = append(d.Contracts, contract("late-order-event"))
					d.Pipelines[0].Loads = append(d.Pipelines[0].Loads,
						ir.Load{Asset: "late_order_events", From: ir.Ref{Node: "s", Port: ir.PortLate}, Contract: "late-order-event"})
				})()
			}},
		{name: "late_output_union", about: "a Late() output of a window aggregation over the union of two streams", rule: checkerModes,
			deliberate: lateRouting,
			doc: func() *ir.Document {
				d := unionOf("order_files", false, func(l, r *ir.Node) *ir.Node {
					return into(windowAgg(watermark(filterPaid(&ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{l, r}}), "event_time", "15m0s"), hour), cow)
				})
				d.Contracts = append(d.Contracts, contract("late-order-event"))
				d.Pipelines[0].Loads = append(d.Pipelines[0].Loads,
					ir.Load{Asset: "late_order_events", From: ir.Ref{Node: "s", Port: ir.PortLate}, Contract: "late-order-event"})
				return d
			}},
		{name: "invalid_of_typed_source", about: "an Invalid() output of the rate source, whose rows are typed", rule: "RateStreamProvider (RateStreamProviderSuite)",
			deliberate: "a typed source has no invalid rows: the load would stay empty forever, so etlgen refuses it; Spark runs the valid query",
			doc: func() *ir.Document {
				d := ticksTo()
				d.Contracts = append(d.Contracts, contract("rejected-order-event"))
				d.Pipelines[0].Loads = append(d.Pipelines[0].Loads,
					ir.Load{Asset: "rejected_order_events", From: ir.Ref{Node: "ticks", Port: ir.PortInvalid}, Contract: "rejected-order-event"})
				return d
			}, rowsVary: true},
		{name: "cdf_source_untyped", about: "a Delta Change Data Feed whose contract lacks the CDF columns", rule: deltaRule,
			doc: func() *ir.Document {
				return newDoc(pid, "1.0.0", "customer").extract("customer_changes", "customer").
					load("customer_copies", "customer_changes", ir.PortValid, "customer").doc
			}},
	}
}
