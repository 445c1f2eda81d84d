package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// Where Spark 4.1 defines the stream–stream join behaviours.
const (
	checkerJoin      = "UnsupportedOperationChecker.checkForStreaming: Join of two streams (StreamingJoinSuite)"
	checkerJoinWM    = "UnsupportedOperationChecker.checkForStreamStreamJoinWatermark: a watermark in the join keys, or a watermark on the nullable side and a range condition (StreamingOuterJoinSuite)"
	nullableSideOnly = "a watermark on one side only never evicts the other side's state, and never emits its unmatched rows: " +
		"Spark 4.1 runs it, but the outer rows never appear and the state grows without bound; etlgen refuses it and says what to add"
)

// sparkStreamJoinCases: stream–stream joins of each type.
func sparkStreamJoinCases() []sparkCase {
	const op, opOuter = "order-payment", "order-payment-outer"
	winAfter := func(n *ir.Node) *ir.Node {
		return into(windowAgg(n, tumbling("1h0m0s")), cow)
	}
	return []sparkCase{
		{name: "join_inner_bounded", about: "inner join, watermarks on both sides and an event-time range", rule: checkerJoin,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinInner, true), true, true, nil, op, "order_payments")
			}},
		{name: "join_inner_unbounded", about: "inner join without watermarks or range: Spark runs it, state grows",
			rule: checkerJoin + ": inner joins need no watermark",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinInner, false), false, false, nil, op, "order_payments")
			}},
		{name: "join_inner_event_time_keys", about: "inner join whose keys include both watermarked event-time columns, no range",
			rule: checkerJoin,
			doc: func() *ir.Document {
				return streamJoin(timeKeyJoin(ir.JoinInner), true, true, nil, op, "order_payments")
			}},
		{name: "join_inner_update", about: "inner join in update mode",
			rule: checkerJoin + ": \"Join between two streaming DataFrames/Datasets is not supported in Update output mode, only in Append output mode\"",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinInner, true), true, true, nil, op, "order_payments_merge")
			},
			assets: map[string]string{"order_payments_merge": sink("order_payments_merge", "output_mode: update")}},
		{name: "join_left_update", about: "left outer join in update mode (Spark 4.2 lets only an inner join run in update mode, SPARK-56384)",
			rule: checkerJoin + ": outer stream–stream joins run in append mode only, on 4.1 and 4.2",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinLeft, true), true, true, nil, op, "order_payments_merge")
			},
			assets: map[string]string{"order_payments_merge": sink("order_payments_merge", "output_mode: update")}},
		{name: "join_left_bounded", about: "left outer join, watermarks on both sides and a range", rule: checkerJoinWM,
			doc: func() *ir.Document { return streamJoin(join(ir.JoinLeft, true), true, true, nil, op, "order_payments") }},
		{name: "join_left_unbounded", about: "left outer join without watermarks or range", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinLeft, false), false, false, nil, op, "order_payments")
			}},
		{name: "join_left_watermark_left_only", about: "left outer join with a range, a watermark on the left (preserved) side only",
			rule: checkerJoinWM + ": the nullable (right) side needs the watermark",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinLeft, true), true, false, nil, op, "order_payments")
			}},
		{name: "join_left_watermark_right_only", about: "left outer join with a range, a watermark on the nullable (right) side only",
			rule: checkerJoinWM, deliberate: nullableSideOnly,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinLeft, true), false, true, nil, op, "order_payments")
			}},
		{name: "join_left_event_time_keys", about: "left outer join whose equality keys include both watermarked event-time columns, no range",
			rule: checkerJoinWM + ": isWatermarkInJoinKeys",
			doc: func() *ir.Document {
				return streamJoin(timeKeyJoin(ir.JoinLeft), true, true, nil, op, "order_payments")
			}},
		{name: "join_right_bounded", about: "right outer join, watermarks on both sides and a range", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinRight, true), true, true, nil, opOuter, "order_payments_outer")
			}},
		{name: "join_right_unbounded", about: "right outer join without watermarks or range", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinRight, false), false, false, nil, opOuter, "order_payments_outer")
			}},
		{name: "join_full_bounded", about: "full outer join, watermarks on both sides and a range", rule: checkerJoinWM + ": either direction",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinFull, true), true, true, nil, opOuter, "order_payments_outer")
			}},
		{name: "join_full_watermark_left_only", about: "full outer join with a range, a watermark on the left side only",
			rule: checkerJoinWM + ": for a full outer join one direction suffices", deliberate: nullableSideOnly,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinFull, true), true, false, nil, opOuter, "order_payments_outer")
			}},
		{name: "join_full_unbounded", about: "full outer join without watermarks or range", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinFull, false), false, false, nil, opOuter, "order_payments_outer")
			}},
		{name: "join_semi_bounded", about: "left semi join, watermarks on both sides and a range", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinSemi, true), true, true, nil, "order-event", "paid_orders")
			}},
		{name: "join_semi_no_range", about: "left semi join with watermarks but no range (keys without event time)", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinSemi, false), true, true, nil, "order-event", "paid_orders")
			}},
		{name: "join_semi_watermark_right_only", about: "left semi join with a range and a watermark on the right side only",
			rule: checkerJoinWM + ": the right side's watermark and the range bound the left side's state",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinSemi, true), false, true, nil, "order-event", "paid_orders")
			}},
		{name: "join_semi_watermark_left_only", about: "left semi join with a range and a watermark on the left side only", rule: checkerJoinWM,
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinSemi, true), true, false, nil, "order-event", "paid_orders")
			}},
		{name: "join_anti_streams", about: "left anti join of two streams, bounded",
			rule: checkerJoin + ": \"LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported\"",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinAnti, true), true, true, nil, "order-event", "paid_orders")
			}},
		{name: "join_inner_then_window_append", about: "a window aggregation of an inner time-bounded join's rows, append mode",
			rule:   checkerGlobalWM + ": stream–stream joins are no longer in the cannot-be-followed list",
			doc:    func() *ir.Document { return streamJoin(join(ir.JoinInner, true), true, true, winAfter, cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "join_left_then_dedup", about: "dropDuplicates on (order_id, event_time) after a left outer time-bounded join, whose rows carry both watermarked event times",
			rule: checkerGlobalWM + "; the deduplication accepts one event-time column per stream (\"More than one event time columns are available\", at the first batch)",
			doc: func() *ir.Document {
				return streamJoin(join(ir.JoinLeft, true), true, true, dedupAfter, op, "order_payments")
			}},
		{name: "join_inner_then_window_update", about: "a window aggregation after an inner join, update mode",
			rule:   checkerJoin + ": a stream–stream join runs in append mode only",
			doc:    func() *ir.Document { return streamJoin(join(ir.JoinInner, true), true, true, winAfter, cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
	}
}

func dedupAfter(n *ir.Node) *ir.Node { return dedup(n, "order_id", "event_time") }
