package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// checkerRepartition is where Spark 4.1 accepts a repartition on a stream:
// RepartitionByExpression and Repartition are not among the operators
// UnsupportedOperationChecker refuses; the count must be positive.
const checkerRepartition = checkerOps + ": RepartitionByExpression / Repartition (a shuffle, no state); " +
	"VALUE_NOT_POSITIVE (\"Value for `numPartitions` must be positive\") otherwise"

// sparkRepartitionCases: Stream.Repartition on streams and static tables,
// before and after stateful operators, and a count Spark refuses.
func sparkRepartitionCases() []sparkCase {
	hour := tumbling("1h0m0s")
	byCustomer := func() *ir.Node {
		return into(windowAgg(repartition(watermark(filterPaid(input("orders")), "event_time", "15m0s"), 4, "customer_id"), hour), cow)
	}
	return []sparkCase{
		{name: "repartition_before_window_append", about: "repartition(4, customer_id) before a window aggregation, append mode",
			rule: checkerRepartition, doc: func() *ir.Document { return ordersTo(byCustomer(), cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: append")}},
		{name: "repartition_before_window_update", about: "repartition(4, customer_id) before a window aggregation, update mode",
			rule: checkerRepartition, doc: func() *ir.Document { return ordersTo(byCustomer(), cow, "windows") },
			assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "repartition_round_robin", about: "repartition(3) without keys (round-robin) on a stream, append mode",
			rule: checkerRepartition, doc: func() *ir.Document {
				return ordersTo(repartition(filterPaid(input("orders")), 3), "order-event", "paid_orders")
			}},
		{name: "repartition_after_window", about: "repartition(2, customer_id) of a window aggregation's output, update mode",
			rule: checkerRepartition, doc: func() *ir.Document {
				return ordersTo(into(repartition(windowAgg(watermark(filterPaid(input("orders")), "event_time", "15m0s"), hour), 2, "customer_id"), cow), cow, "windows")
			}, assets: map[string]string{"windows": sink("windows", "output_mode: update")}},
		{name: "repartition_static_side", about: "repartition(2, customer_id) of the static side of a stream–static join",
			rule: checkerRepartition, doc: func() *ir.Document {
				d := rightStatic(ir.JoinInner)
				j := d.Transformations[0].Plan.Inputs[0]
				j.Inputs[1] = repartition(j.Inputs[1], 2, "customer_id")
				return d
			}},
		{name: "repartition_zero_partitions", about: "repartition(0, customer_id) on a stream", rule: checkerRepartition,
			doc: func() *ir.Document {
				return ordersTo(repartition(filterPaid(input("orders")), 0, "customer_id"), "order-event", "paid_orders")
			}},
	}
}
