package main

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

const appendWindows = "{plugin: delta, table: curated.customer_order_windows, write_mode: append}"

// cases is the corpus. Every case but ok_* is broken on purpose; want lists
// the exact codes, sorted by position as the planner reports them.
var cases = []kase{
	{name: "ok_example", doc: example},
	{name: "ok_static_left_join", doc: func() *ir.Document {
		j := &ir.Join{Type: ir.JoinLeft, LeftKeys: []string{"customer_id"}, RightKeys: []string{"customer_id"}, Static: true}
		return newDoc(pid, "1.0.0", "order-event", "rejected-order-event", "customer").
			extract("order_events", "order-event").static("customers", "customer").
			step("enrich", "order-event", &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{input("orders"), input("customers")}, Join: j},
				bind("orders", "order-event", "order_events", ir.PortValid),
				binding{name: "customers", contract: "customer", node: "customers", port: ir.PortValid, static: true}).
			load("paid_orders", "enrich", ir.PortOut, "order-event").quarantine().doc
	}},
	// A repartition by the grouping key before the example's aggregation is
	// stateless: the example's plan (output mode, watermark, late routing),
	// no code.
	{name: "ok_repartition_before_window", doc: func() *ir.Document { return ordersPipeline(repartitionedAgg(8, "customer_id"), true).doc }},

	// Definition.
	{name: "repartition_unknown_key", doc: func() *ir.Document { return ordersPipeline(repartitionedAgg(8, "customer"), true).doc },
		want: []string{"ETL-D220"}},
	{name: "repartition_zero_partitions", doc: func() *ir.Document { return ordersPipeline(repartitionedAgg(0, "customer_id"), true).doc },
		want: []string{"ETL-D213"}},
	{name: "late_without_watermark", doc: func() *ir.Document { return ordersPipeline(withoutWatermark(), true).doc },
		want: []string{"ETL-S421", "ETL-D266"}},
	{name: "late_into_wrong_shape", doc: mutate(example, func(d *ir.Document) { d.Pipelines[0].Loads[2].Contract = "order-event" }),
		want: []string{"ETL-D267"}},
	{name: "invalid_into_wrong_shape", doc: mutate(example, func(d *ir.Document) { d.Pipelines[0].Loads[1].Contract = "late-order-event" }),
		want: []string{"ETL-D265"}},
	{name: "headers_without_include_headers", doc: mutate(example, withSourceHeaders), want: []string{"ETL-D265"}},
	{name: "ok_headers_with_include_headers", doc: mutate(example, withSourceHeaders), overrides: map[string]string{
		"order_events": "{plugin: kafka-json, resource: orders_kafka, topic: order-events, starting_offsets: earliest, include_headers: true}"}},
	{name: "valid_into_wrong_contract", doc: func() *ir.Document {
		return newDoc(pid, "1.0.0", "order-event", "rejected-order-event", cow).extract("order_events", "order-event").
			load("paid_orders", "order_events", ir.PortValid, cow).quarantine().doc
	}, want: []string{"ETL-D265"}},
	{name: "unknown_transformation", doc: mutate(example, func(d *ir.Document) { d.Transformations = nil }),
		want: []string{"ETL-D261"}},
	{name: "unbound_input", doc: func() *ir.Document {
		d := ordersPipeline(exampleAgg(), false).doc
		d.Pipelines[0].Steps[0].Inputs = nil
		return d
	}, want: []string{"ETL-D262"}},
	{name: "dangling_ref", doc: mutate(func() *ir.Document { return stateless(filterPaid(input("orders"))) },
		func(d *ir.Document) { d.Pipelines[0].Loads[0].From.Node = "ghost" }), want: []string{"ETL-D263"}},
	{name: "cycle", doc: func() *ir.Document {
		return newDoc(pid, "1.0.0", "order-event", "rejected-order-event").extract("order_events", "order-event").
			step("a", "order-event", filterPaid(input("orders")), bind("orders", "order-event", "b", ir.PortOut)).
			step("b", "order-event", filterPaid(input("orders")), bind("orders", "order-event", "a", ir.PortOut)).
			load("paid_orders", "b", ir.PortOut, "order-event").quarantine().doc
	}, want: []string{"ETL-D264"}},
	{name: "bad_duration", doc: func() *ir.Document {
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15 minutes"), tumbling("1h0m0s")), cow), true).doc
	}, want: []string{"ETL-D268"}},
	{name: "slide_exceeds_window", doc: func() *ir.Document {
		w := &ir.Window{Kind: ir.Sliding, TimeColumn: "event_time", Duration: "10m0s", Slide: "1h0m0s"}
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), w), cow), true).doc
	}, want: []string{"ETL-D269"}},
	{name: "negative_delay", doc: func() *ir.Document {
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "-5m0s"), tumbling("1h0m0s")), cow), true).doc
	}, want: []string{"ETL-D270"}},
	{name: "unknown_watermark_column", doc: func() *ir.Document {
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "created_at", "15m0s"), tumbling("1h0m0s")), cow), true).doc
	}, want: []string{"ETL-D220", "ETL-S421"}},
	{name: "watermark_on_string_column", doc: func() *ir.Document {
		return stateless(watermark(input("orders"), "status", "15m0s"))
	}, want: []string{"ETL-D221", "ETL-P345"}},
	{name: "zero_window", doc: func() *ir.Document {
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("0s")), cow), true).doc
	}, want: []string{"ETL-D270"}},

	// Streaming rules.
	{name: "append_agg_no_watermark", doc: func() *ir.Document { return ordersPipeline(withoutWatermark(), false).doc },
		overrides: map[string]string{"customer_order_windows": appendWindows}, want: []string{"ETL-S401"}},
	{name: "agg_no_watermark_update_warns", doc: func() *ir.Document { return ordersPipeline(withoutWatermark(), false).doc },
		want: []string{"ETL-S421"}},
	{name: "session_window_update", doc: func() *ir.Document {
		w := &ir.Window{Kind: ir.Session, TimeColumn: "event_time", Gap: "30m0s"}
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), w), cow), true).doc
	}, modes: map[string]string{"customer_order_windows": "update"}, want: []string{"ETL-S403"}},
	{name: "complete_without_aggregation", doc: func() *ir.Document { return stateless(filterPaid(input("orders"))) },
		modes: map[string]string{"paid_orders": "complete"}, want: []string{"ETL-S402", "ETL-S430"}},
	{name: "stream_join_update", doc: func() *ir.Document {
		return joined(join(ir.JoinInner, true), true, true, nil, "order_payments_merge")
	}, modes: map[string]string{"order_payments_merge": "update"}, want: []string{"ETL-S404", "ETL-S423"}},
	{name: "outer_join_unbounded", doc: func() *ir.Document { return joined(join(ir.JoinLeft, false), false, false, nil, "order_payments") },
		want: []string{"ETL-S405"}},
	{name: "outer_join_one_watermark", doc: func() *ir.Document { return joined(join(ir.JoinFull, true), true, false, nil, "order_payments") },
		want: []string{"ETL-S405"}},
	// Spark 4.1 accepts a left outer join with a range and a watermark on
	// the nullable side only, but never evicts the left side: it never
	// emits the unmatched rows and its state grows (measured). Deliberate.
	{name: "outer_join_nullable_watermark_only", doc: func() *ir.Document { return joined(join(ir.JoinLeft, true), false, true, nil, "order_payments") },
		want: []string{"ETL-S405"}},
	// A watermarked join key bounds both sides' state (isWatermarkInJoinKeys):
	// Spark accepts the join without a range, and emits the unmatched rows
	// once the watermark passes their key.
	{name: "outer_join_watermarked_keys", doc: func() *ir.Document { return joined(timeKeyJoin(ir.JoinLeft), true, true, nil, "order_payments") },
		want: []string{"ETL-S423"}},
	{name: "inner_join_watermarked_keys", doc: func() *ir.Document { return joined(timeKeyJoin(ir.JoinInner), true, true, nil, "order_payments") },
		want: []string{"ETL-S423"}},
	{name: "semi_join_no_range", doc: func() *ir.Document { return joined(join(ir.JoinSemi, false), true, true, nil, "order_payments") },
		want: []string{"ETL-S405", "ETL-S423"}},
	// Stream–stream left semi (Spark 3.1+) with watermarks and a time range
	// is supported; left anti between two streams is not, bounded or not.
	{name: "semi_join_bounded", doc: func() *ir.Document { return joined(join(ir.JoinSemi, true), true, true, nil, "order_payments") },
		want: []string{"ETL-S423"}},
	// Spark accepts a semi join with a watermark on the right input and a
	// range alone, but then evicts neither side's state: a warning.
	{name: "semi_join_right_watermark_warns", doc: func() *ir.Document { return joined(join(ir.JoinSemi, true), false, true, nil, "order_payments") },
		want: []string{"ETL-S422"}},
	{name: "semi_join_left_watermark_only", doc: func() *ir.Document { return joined(join(ir.JoinSemi, true), true, false, nil, "order_payments") },
		want: []string{"ETL-S405"}},
	{name: "anti_join_streams", doc: func() *ir.Document { return joined(join(ir.JoinAnti, true), true, true, nil, "order_payments") },
		want: []string{"ETL-S414", "ETL-S423"}},
	{name: "anti_join_streams_unbounded", doc: func() *ir.Document { return joined(join(ir.JoinAnti, false), false, false, nil, "order_payments") },
		want: []string{"ETL-S414"}},
	{name: "inner_join_unbounded_warns", doc: func() *ir.Document { return joined(join(ir.JoinInner, false), false, false, nil, "order_payments") },
		want: []string{"ETL-S422"}},
	{name: "static_join_right_outer", doc: func() *ir.Document {
		j := &ir.Join{Type: ir.JoinRight, LeftKeys: []string{"customer_id"}, RightKeys: []string{"customer_id"}, Static: true}
		return newDoc(pid, "1.0.0", "order-event", "rejected-order-event", "customer").
			extract("order_events", "order-event").static("customers", "customer").
			step("enrich", "order-event", &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{input("orders"), input("customers")}, Join: j},
				bind("orders", "order-event", "order_events", ir.PortValid),
				binding{name: "customers", contract: "customer", node: "customers", port: ir.PortValid, static: true}).
			load("paid_orders", "enrich", ir.PortOut, "order-event").quarantine().doc
	}, want: []string{"ETL-S406"}},
	{name: "sort_on_stream", doc: func() *ir.Document {
		return stateless(&ir.Node{Op: ir.OpSort, Inputs: []*ir.Node{filterPaid(input("orders"))},
			Columns: []ir.NamedExpr{named("event_time", &ir.Expr{Kind: ir.ExprCall, Name: "asc", Args: []*ir.Expr{col("event_time")}})}})
	}, want: []string{"ETL-S407"}},
	// Spark 4.1 runs a limit on a stream in append mode (the first rows
	// overall) and rejects it in update mode only.
	{name: "limit_on_stream", doc: func() *ir.Document {
		return stateless(&ir.Node{Op: ir.OpLimit, Inputs: []*ir.Node{filterPaid(input("orders"))}, Limit: 100})
	}},
	// the windows go to a MERGE sink: update mode
	{name: "limit_on_stream_update", doc: func() *ir.Document {
		return ordersPipeline(&ir.Node{Op: ir.OpLimit, Inputs: []*ir.Node{exampleAgg()}, Limit: 100}, false).doc
	}, want: []string{"ETL-S408"}},
	{name: "distinct_aggregate", doc: func() *ir.Document {
		a := windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s"))
		a.Aggs[0].Expr.Distinct = true
		return ordersPipeline(into(a, cow), true).doc
	}, want: []string{"ETL-S409"}},
	{name: "window_function", doc: func() *ir.Document {
		rank := &ir.Expr{Kind: ir.ExprCall, Name: "row_number"}
		return stateless(&ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{filterPaid(input("orders"))},
			Predicate: &ir.Expr{Kind: ir.ExprCall, Name: "=", Args: []*ir.Expr{rank, {Kind: ir.ExprLiteral, Value: "1"}}}})
	}, want: []string{"ETL-D221", "ETL-S410"}},
	// Spark 3.5+ propagates watermarks per operator: a stateful operator
	// after an outer or time-interval join passes the checker (Spark 4.1),
	// but a deduplication reading both sides' event times fails the first
	// batch (ETL-S419).
	{name: "stateful_after_outer_join", doc: func() *ir.Document {
		return joined(join(ir.JoinLeft, true), true, true, func(n *ir.Node) *ir.Node {
			return &ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{n}, Keys: []string{"order_id", "event_time"}}
		}, "order_payments")
	}, want: []string{"ETL-S419", "ETL-S423"}},
	// An aggregation outside append mode followed by an event-time
	// deduplication: Spark's global-watermark correctness check.
	{name: "dedup_after_aggregation_update", doc: func() *ir.Document {
		agg := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{watermark(filterPaid(input("orders")), "event_time", "15m0s")},
			GroupBy: []*ir.Expr{col("customer_id"), col("event_time")}, Aggs: []ir.NamedExpr{named("paid_order_count", aggE("count", "order_id"))}}
		return ordersPipeline(&ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{agg}, Keys: []string{"customer_id", "event_time"}}, false).doc
	}, modes: map[string]string{"customer_order_windows": "update"}, want: []string{"ETL-S411"}},
	// Chained windows: on window_end Spark 4.1 rejects the query at start
	// (no watermark) and the day of [23:00, 24:00) would be the next one;
	// on WindowTime(window_end) it runs.
	{name: "window_on_window_end", doc: func() *ir.Document { return ordersPipeline(dailyWindows(col("window_end")), false).doc },
		want: []string{"ETL-S415"}},
	{name: "window_on_window_time", doc: func() *ir.Document {
		return ordersPipeline(dailyWindows(&ir.Expr{Kind: ir.ExprCall, Name: "window_time", Args: []*ir.Expr{col("window_end")}}), false).doc
	}},
	{name: "window_time_of_event_time", doc: func() *ir.Document {
		wt := &ir.Node{Op: ir.OpWithColumn, Inputs: []*ir.Node{watermark(filterPaid(input("orders")), "event_time", "15m0s")},
			Columns: []ir.NamedExpr{named("window_time", &ir.Expr{Kind: ir.ExprCall, Name: "window_time", Args: []*ir.Expr{col("event_time")}})}}
		return stateless(wt)
	}, want: []string{"ETL-S416"}},
	// The second aggregation groups by window_start / window_end, which
	// carry no watermark (Spark drops it when they leave the window
	// struct): unbounded state as well.
	{name: "chained_aggregations_update", doc: func() *ir.Document {
		first := windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s"))
		second := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{first}, GroupBy: []*ir.Expr{col("customer_id"), col("window_start"), col("window_end")},
			Aggs: []ir.NamedExpr{named("paid_order_count", aggE("sum", "paid_order_count")), named("paid_order_total", aggE("sum", "paid_order_total")),
				named("latest_event_time", aggE("max", "latest_event_time"))}}
		return ordersPipeline(second, false).doc
	}, modes: map[string]string{"customer_order_windows": "update"}, want: []string{"ETL-S412", "ETL-S421"}},
	{name: "dedup_within_watermark_without_watermark", doc: func() *ir.Document {
		return stateless(&ir.Node{Op: ir.OpDropDuplicatesWithinWM, Inputs: []*ir.Node{input("orders")}, Keys: []string{"event_id"}})
	}, want: []string{"ETL-S413"}},
	{name: "dedup_without_event_time_warns", doc: func() *ir.Document {
		return stateless(&ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{watermark(input("orders"), "event_time", "1h0m0s")}, Keys: []string{"event_id"}})
	}, want: []string{"ETL-S420"}},
	{name: "several_watermarks_note", doc: func() *ir.Document { return joined(join(ir.JoinInner, true), true, true, nil, "order_payments") },
		want: []string{"ETL-S423"}},
	{name: "sink_rejects_update", doc: example, overrides: map[string]string{"customer_order_windows": appendWindows},
		modes: map[string]string{"customer_order_windows": "update"}, want: []string{"ETL-S430"}},

	// Checkpoint identity.
	{name: "shared_checkpoint", doc: mutate(example, func(d *ir.Document) { d.Pipelines = append(d.Pipelines, d.Pipelines[0]) }),
		want: []string{"ETL-K501", "ETL-K501", "ETL-K501"}},
	{name: "unsafe_pipeline_id", doc: mutate(example, func(d *ir.Document) { d.Pipelines[0].ID = "orders/v2" }),
		want: []string{"ETL-K503"}},
	{name: "version_without_major", doc: mutate(example, func(d *ir.Document) { d.Pipelines[0].Version = "latest" }),
		want: []string{"ETL-K504"}},
	{name: "two_loads_one_table", doc: example, overrides: map[string]string{
		"rejected_order_events": "{plugin: delta, table: quarantine.events, write_mode: append}",
		"late_order_events":     "{plugin: delta, table: \"`Quarantine`.`Events`\", write_mode: append}"},
		want: []string{"ETL-K505"}},
	{name: "sink_in_checkpoint", doc: example, overrides: map[string]string{
		"rejected_order_events": "{plugin: file-json, path: \"s3://warehouse/checkpoints/\"}"},
		want: []string{"ETL-K505"}},
	{name: "sink_under_source_path", doc: example, overrides: map[string]string{
		"order_events":          "{plugin: file-json, path: \"s3a://warehouse/in/events\"}",
		"rejected_order_events": "{plugin: file-json, path: \"s3n://warehouse/in//events/rejected/\"}"},
		want: []string{"ETL-K506"}},

	// Profile capability (profile.Bind).
	{name: "asset_unbound", doc: example, overrides: map[string]string{"late_order_events": ""}, want: []string{"ETL-P330"}},
	// merge keys on part of the key: Delta's MERGE updates every row of a
	// customer with one source row, and fails a batch with two
	// (DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE, measured).
	{name: "merge_keys_partial", doc: example,
		overrides: map[string]string{"customer_order_windows": "{plugin: delta, table: curated.w, write_mode: foreach-batch-merge, merge_keys: [customer_id]}"},
		want:      []string{"ETL-P344"}},
	{name: "merge_keys_partial_allowed", doc: example,
		overrides: map[string]string{"customer_order_windows": "{plugin: delta, table: curated.w, write_mode: foreach-batch-merge, merge_keys: [customer_id], allow_partial_merge_keys: true}"}},
	// Spark asserts that specific starting offsets name exactly the
	// subscribed partitions (measured: "you must specify all TopicPartitions").
	{name: "starting_offsets_other_topic", doc: example,
		overrides: map[string]string{"order_events": `{plugin: kafka-json, resource: orders_kafka, topic: order-events, starting_offsets: '{"payments": {"0": -2}}'}`},
		want:      []string{"ETL-P348"}},
	{name: "merge_key_not_a_key", doc: example,
		overrides: map[string]string{"customer_order_windows": "{plugin: delta, table: curated.w, write_mode: foreach-batch-merge, merge_keys: [paid_order_count]}"},
		want:      []string{"ETL-P337"}},
	{name: "source_as_sink", doc: example, overrides: map[string]string{"customer_order_windows": "{plugin: rate, rows_per_second: 1}"},
		want: []string{"ETL-P331"}},

	// State compatibility (--against the manifest of the running version).
	{name: "state_compatible_filter_change", before: example, doc: func() *ir.Document {
		f := &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{input("orders")}, Predicate: &ir.Expr{Kind: ir.ExprCall, Name: "!=", Args: []*ir.Expr{col("status"), strLit("cancelled")}}}
		return ordersPipeline(into(windowAgg(watermark(f, "event_time", "15m0s"), tumbling("1h0m0s")), cow), true).doc
	}, want: []string{"ETL-X690"}},
	{name: "state_grouping_keys_changed", before: example, doc: func() *ir.Document {
		return ordersPipeline(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s"), "customer_id", "status"), true).doc
	}, want: []string{"ETL-X601"}},
	{name: "state_major_bump", before: example, doc: func() *ir.Document {
		// the grouping keys change, and so does the major version: the
		// queries get new checkpoints, the old ones are orphaned
		d := ordersPipeline(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s"), "customer_id", "status"), true).doc
		d.Pipelines[0].Version = "2.0.0"
		return d
	}, want: []string{"ETL-X610", "ETL-X610", "ETL-X610"}},
	{name: "state_window_changed", before: example, doc: func() *ir.Document {
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("30m0s")), cow), true).doc
	}, want: []string{"ETL-X602"}},
	{name: "state_aggregate_added", before: example, doc: func() *ir.Document {
		a := windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), tumbling("1h0m0s"))
		a.Aggs = append(a.Aggs, named("avg_order_total", aggE("avg", "order_total")))
		return ordersPipeline(a, true).doc
	}, want: []string{"ETL-X606"}},
	{name: "state_topic_changed", before: example, doc: example,
		overrides: map[string]string{"order_events": "{plugin: kafka-json, resource: orders_kafka, topic: order-events-v2}"},
		want:      []string{"ETL-X605", "ETL-X605", "ETL-X605"}},
	{name: "state_watermark_delay_changed", before: example, doc: func() *ir.Document {
		return ordersPipeline(into(windowAgg(watermark(filterPaid(input("orders")), "event_time", "30m0s"), tumbling("1h0m0s")), cow), true).doc
	}, want: []string{"ETL-X609", "ETL-X609"}},
	{name: "state_dedup_keys_changed", before: func() *ir.Document {
		return stateless(&ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{watermark(input("orders"), "event_time", "1h0m0s")}, Keys: []string{"order_id", "event_time"}})
	}, doc: func() *ir.Document {
		return stateless(&ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{watermark(input("orders"), "event_time", "1h0m0s")}, Keys: []string{"event_id", "event_time"}})
	}, want: []string{"ETL-X603"}},
	{name: "state_join_type_changed", before: func() *ir.Document { return joined(join(ir.JoinInner, true), true, true, nil, "order_payments") },
		doc:  func() *ir.Document { return joined(join(ir.JoinLeft, true), true, true, nil, "order_payments") },
		want: []string{"ETL-S423", "ETL-X604"}},
	{name: "state_operator_added", before: example, doc: func() *ir.Document {
		d := &ir.Node{Op: ir.OpDropDuplicatesWithinWM, Inputs: []*ir.Node{watermark(filterPaid(input("orders")), "event_time", "15m0s")}, Keys: []string{"event_id"}}
		return ordersPipeline(into(windowAgg(d, tumbling("1h0m0s")), cow), true).doc
	}, want: []string{"ETL-X607"}},
}

// withSourceHeaders adds source_headers (the records' Kafka headers) to the
// rejected-event contract.
func withSourceHeaders(d *ir.Document) {
	str := contracts.Type{Kind: contracts.KindString}
	header := contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
		{Name: "key", GoName: "Key", Type: str, Required: true},
		{Name: "value", GoName: "Value", Type: str},
		{Name: "value_base64", GoName: "ValueBase64", Type: str}}}
	for i := range d.Contracts {
		if c := &d.Contracts[i]; c.ID == "rejected-order-event" {
			c.Fields = append(c.Fields, contracts.Field{Name: "source_headers", GoName: "SourceHeaders",
				Type: contracts.Type{Kind: contracts.KindArray, Elem: &header}})
		}
	}
}
