package pyspark

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// TestLateCandidates: the lenient pre-filter of a late re-read only where
// the operator's event time is provably the payload member, unchanged.
func TestLateCandidates(t *testing.T) {
	contract := &contracts.Contract{Fields: []contracts.Field{
		{Name: "event_time", Type: contracts.Type{Kind: contracts.KindTimestamp}},
		{Name: "label", Type: contracts.Type{Kind: contracts.KindString}},
		{Name: "odd name", Type: contracts.Type{Kind: contracts.KindTimestamp}},
	}}
	src := &sourceView{Asset: "orders", contract: contract}
	input := &ir.Node{Op: ir.OpInput, Input: "orders"}
	chain := func(col string, ops ...*ir.Node) *ir.Node {
		below := input
		for _, n := range ops {
			n.Inputs = []*ir.Node{below}
			below = n
		}
		wm := &ir.Node{Op: ir.OpWatermark, Column: col, Inputs: []*ir.Node{below}}
		return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wm},
			Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: col, Duration: "1h0m0s"}}
	}
	direct := []ir.Binding{{Input: "orders", From: ir.Ref{Node: "orders", Port: ir.PortValid}}}
	for _, tc := range []struct {
		name   string
		late   *ir.Node
		inputs []ir.Binding
		ports  []string
		src    *sourceView
		want   string // a part of the call, "" for none
	}{
		{"filtered, repartitioned", chain("event_time", &ir.Node{Op: ir.OpFilter}, &ir.Node{Op: ir.OpRepartition}), direct, []string{"valid"}, src,
			`rt.late_max_end("try_cast(get_json_object(CAST(` + "`raw_payload`" + ` AS STRING), '$.event_time') AS TIMESTAMP)", "tumbling", 3600000000, 3600000000, 0)`},
		{"a column set before the operator", chain("event_time", &ir.Node{Op: ir.OpWithColumn}), direct, []string{"valid"}, src, ""},
		{"not a timestamp field", chain("label"), direct, []string{"valid"}, src, ""},
		{"not a simple name", chain("odd name"), direct, []string{"valid"}, src, ""},
		{"not a contract field", chain("at"), direct, []string{"valid"}, src, ""},
		{"through a step", chain("event_time"), []ir.Binding{{Input: "orders", From: ir.Ref{Node: "clean", Port: ir.PortOut}}}, []string{"valid"}, src, ""},
		{"invalid rows", chain("event_time"), direct, []string{"invalid"}, src, ""},
		{"typed rows", chain("event_time"), direct, []string{"valid"}, &sourceView{Asset: "orders", Typed: true, contract: contract}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &stepView{late: tc.late, inputs: tc.inputs}
			got := lateCandidates(st, tc.src, &batchInput{src: tc.src, ports: tc.ports})
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("lateCandidates = %q, want %q", got, tc.want)
			}
		})
	}
}
