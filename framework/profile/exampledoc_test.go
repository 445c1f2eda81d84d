package profile

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// examplePipeline is the id of the hand-built order-streaming pipeline.
const examplePipeline = "customer-order-streaming"

// exampleDoc builds, by hand, the IR of the order-streaming example: extract
// order_events, aggregate paid orders per customer and window behind a
// watermark, load windows, rejected and late events.
func exampleDoc() *ir.Document {
	ts := contracts.Type{Kind: contracts.KindTimestamp}
	i64 := contracts.Type{Kind: contracts.KindInt64}
	str := contracts.Type{Kind: contracts.KindString}
	src := diag.Position{File: "pipeline.go", Line: 10, Column: 2}
	orders := &ir.Node{Op: ir.OpInput, Input: "orders"}
	wm := &ir.Node{Op: ir.OpWatermark, Column: "event_time", Delay: "15m0s", Inputs: []*ir.Node{
		{Op: ir.OpFilter, Inputs: []*ir.Node{orders}}}, Pos: diag.Position{File: "transform.go", Line: 20}}
	agg := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wm},
		Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "event_time", Duration: "1h0m0s"}}
	plan := &ir.Node{Op: ir.OpIntoOutput, Output: "customer-order-window", Inputs: []*ir.Node{agg}}
	return &ir.Document{
		IRVersion: ir.Version,
		Contracts: []contracts.Contract{
			{ID: "order-event", Fields: []contracts.Field{
				{Name: "event_id", Type: str}, {Name: "order_id", Type: i64}, {Name: "customer_id", Type: i64},
				{Name: "status", Type: str}, {Name: "event_time", Type: ts, EventTime: true}}},
			{ID: "customer-order-window", Fields: []contracts.Field{
				{Name: "customer_id", Type: i64, PrimaryKey: 1}, {Name: "window_start", Type: ts, PrimaryKey: 2},
				{Name: "window_end", Type: ts, PrimaryKey: 3}, {Name: "paid_order_count", Type: i64}}},
			{ID: "rejected-order-event", Fields: []contracts.Field{{Name: "raw_payload", Type: str}, {Name: "reason_code", Type: str}}},
			{ID: "late-order-event", Fields: []contracts.Field{{Name: "reason_code", Type: str}}},
		},
		Transformations: []ir.Transformation{{ID: "aggregate-customer-orders", Plan: plan}},
		Pipelines: []ir.Pipeline{{
			ID: examplePipeline, Version: "1.0.0",
			Extracts: []ir.Extract{{Asset: "order_events", Contract: "order-event", Pos: src}},
			Steps: []ir.Step{{ID: "aggregate", Transformation: "aggregate-customer-orders",
				Inputs: []ir.Binding{{Input: "orders", From: ir.Ref{Node: "order_events", Port: ir.PortValid}}}, Plan: plan}},
			Loads: []ir.Load{
				{Asset: "customer_order_windows", From: ir.Ref{Node: "aggregate", Port: ir.PortOut}, Contract: "customer-order-window"},
				{Asset: "rejected_order_events", From: ir.Ref{Node: "order_events", Port: ir.PortInvalid}, Contract: "rejected-order-event"},
				{Asset: "late_order_events", From: ir.Ref{Node: "order_events", Port: ir.PortLate}, Contract: "late-order-event"},
			},
		}},
	}
}
