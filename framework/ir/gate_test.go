package ir_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestGateSpan: a gate's span, interval and condition by scope, and a
// rolling gate's span text; an interval that is not a positive whole number of
// milliseconds has none (ETL-D290).
func TestGateSpan(t *testing.T) {
	tests := []struct {
		gate       ir.Gate
		rolling    bool
		span       int
		intervalMs int64
		condition  string
		spanText   string
	}{
		{gate: ir.Gate{Metric: ir.GateRows, Load: "out", Threshold: 2, Scope: ir.GateScopeBatch},
			span: 1, condition: "rows(out) < 2"},
		{gate: ir.Gate{Metric: ir.GateRows, Load: "out", Threshold: 2, Scope: ir.GateScopeLastBatches, Batches: 7},
			rolling: true, span: 7, condition: "rows(out) < 2 over the last 7 micro-batches", spanText: "7 micro-batches"},
		{gate: ir.Gate{Metric: ir.GateInvalidRatio, Source: "in", Threshold: 0.1, Scope: ir.GateScopeLastInterval, Interval: "1h30m0s"},
			rolling: true, span: ir.MaxRollingBatches, intervalMs: 5400000,
			condition: "invalid_ratio(in) > 0.1 over the micro-batches of the last 1h30m0s", spanText: "the micro-batches of the last 1h30m0s"},
		{gate: ir.Gate{Metric: ir.GateRows, Load: "out", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "1ms"},
			rolling: true, span: ir.MaxRollingBatches, intervalMs: 1, condition: "rows(out) < 1 over the micro-batches of the last 1ms", spanText: "the micro-batches of the last 1ms"},
		{gate: ir.Gate{Metric: ir.GateRows, Load: "out", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "1.5ms"},
			rolling: true, span: ir.MaxRollingBatches, condition: "rows(out) < 1 over the micro-batches of the last 1.5ms", spanText: "the micro-batches of the last 1.5ms"},
		{gate: ir.Gate{Metric: ir.GateRows, Load: "out", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "-1m0s"},
			rolling: true, span: ir.MaxRollingBatches, condition: "rows(out) < 1 over the micro-batches of the last -1m0s", spanText: "the micro-batches of the last -1m0s"},
		{gate: ir.Gate{Metric: ir.GateRows, Load: "out", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "an hour"},
			rolling: true, span: ir.MaxRollingBatches, condition: "rows(out) < 1 over the micro-batches of the last an hour", spanText: "the micro-batches of the last an hour"},
	}
	for _, tt := range tests {
		g := tt.gate
		if g.Rolling() != tt.rolling || g.Sliding() != (g.Scope == ir.GateScopeLastInterval) || g.Span() != tt.span ||
			g.IntervalMs() != tt.intervalMs || g.Condition() != tt.condition || (tt.rolling && g.SpanText() != tt.spanText) {
			t.Errorf("%+v: rolling %v, span %d, interval %d ms, condition %q, span text %q; want %v, %d, %d, %q, %q", g,
				g.Rolling(), g.Span(), g.IntervalMs(), g.Condition(), g.SpanText(), tt.rolling, tt.span, tt.intervalMs, tt.condition, tt.spanText)
		}
	}
}
