package planner_test

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestGates: each bad gate gets its code, and a good gate is planned with
// the queries that evaluate it.
func TestGates(t *testing.T) {
	batch := func(g ir.Gate) ir.Gate {
		if g.Scope == "" {
			g.Scope = ir.GateScopeBatch
		}
		if g.Action == "" {
			g.Action = ir.GateWarn
		}
		g.Pos = diag.Position{File: "pipeline.go", Line: 7}
		return g
	}
	tests := []struct {
		name        string
		corpus      string // the corpus case, default ok_example
		modes       map[string]string
		assets      string // more assets of the profile, YAML lines
		gate        ir.Gate
		wantCode    string
		wantWarning string
		wantQueries []string
		wantText    string // a line of the plan's text
		expect      bool   // the pipeline declares expectations "positive" (order_events.valid) and "some_windows" (the step's output), both warn
	}{
		{name: "invalid ratio", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05},
			wantQueries: []string{"customer_order_windows", "rejected_order_events"}},
		{name: "rows", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Action: ir.GateFail},
			wantQueries: []string{"customer_order_windows"}},
		{name: "null ratio", gate: ir.Gate{Name: "g", Metric: ir.GateNullRatio, Load: "rejected_order_events", Column: "event_id", Threshold: 0.5},
			wantQueries: []string{"rejected_order_events"}},
		{name: "null ratio of a required column", gate: ir.Gate{Name: "g", Metric: ir.GateNullRatio, Load: "rejected_order_events", Column: "reason_code", Threshold: 0.5},
			wantWarning: planner.CodeGateNeverBreaches, wantQueries: []string{"rejected_order_events"}},
		{name: "unknown source", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "orders", Threshold: 0.05}, wantCode: planner.CodeGateSubject},
		{name: "unknown load", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "windows", Threshold: 1}, wantCode: planner.CodeGateSubject},
		{name: "late load", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "late_order_events", Threshold: 1}, wantCode: planner.CodeGateSubject},
		{name: "unknown column", gate: ir.Gate{Name: "g", Metric: ir.GateNullRatio, Load: "rejected_order_events", Column: "ghost", Threshold: 0.1}, wantCode: planner.CodeGateSubject},
		{name: "ratio of 1", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 1}, wantCode: planner.CodeGateThreshold},
		{name: "negative ratio", gate: ir.Gate{Name: "g", Metric: ir.GateNullRatio, Load: "rejected_order_events", Column: "event_id", Threshold: -0.1}, wantCode: planner.CodeGateThreshold},
		{name: "NaN ratio", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: math.NaN()}, wantCode: planner.CodeGateThreshold},
		{name: "zero rows", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 0}, wantCode: planner.CodeGateThreshold},
		{name: "fractional rows", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1.5}, wantCode: planner.CodeGateThreshold},
		{name: "dataset scope", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Scope: ir.GateScopeDataset}, wantCode: planner.CodeGateUnboundedScope},
		{name: "unknown metric", gate: ir.Gate{Name: "g", Metric: "p99", Load: "customer_order_windows", Threshold: 1}, wantCode: planner.CodeGateDefinition},
		{name: "unknown action", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Action: "drop"}, wantCode: planner.CodeGateDefinition},
		{name: "quarantine without output", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Action: ir.GateQuarantine}, wantCode: planner.CodeGateDefinition},
		{name: "quarantine by an invalid ratio", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.1, Action: ir.GateQuarantine, Output: "late_order_events"},
			wantCode: planner.CodeGateDefinition},
		{name: "quarantine into a load of the pipeline", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Action: ir.GateQuarantine, Output: "late_order_events"},
			wantCode: profile.CodeGateOutput},
		{name: "quarantine per window", modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			assets: "  thin_windows: {plugin: delta, table: curated.thin_windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}\n",
			gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 2, Scope: ir.GateScopeWindow,
				Action: ir.GateQuarantine, Output: "thin_windows"},
			wantQueries: []string{"customer_order_windows"}},
		{name: "quarantine into the load's table", modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			assets:   "  thin_windows: {plugin: delta, table: curated.customer_order_windows, write_mode: append}\n",
			gate:     ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 2, Action: ir.GateQuarantine, Output: "thin_windows"},
			wantCode: planner.CodeSharedSinkLocation},
		{name: "quarantine into an unbound asset", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Action: ir.GateQuarantine, Output: "thin_windows"},
			wantCode: profile.CodeAssetUnbound},
		{name: "spark: a failing gate on a join of two streams", corpus: "inner_join_watermarked_keys",
			gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Action: ir.GateFail}, wantCode: planner.CodeGateNotRereadable},
		{name: "spark: a warning gate on a join of two streams", corpus: "inner_join_watermarked_keys",
			gate:        ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05},
			wantQueries: []string{"order_payments", "rejected_order_events"}},
		{name: "rows per window, append", modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			gate:        ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 3, Scope: ir.GateScopeWindow, Action: ir.GateFail},
			wantQueries: []string{"customer_order_windows"}},
		{name: "null ratio per window, append", modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			gate:        ir.Gate{Name: "g", Metric: ir.GateNullRatio, Load: "customer_order_windows", Column: "paid_order_total", Threshold: 0.2, Scope: ir.GateScopeWindow},
			wantWarning: planner.CodeGateNeverBreaches, wantQueries: []string{"customer_order_windows"}},
		{name: "rows per window, update mode", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 3, Scope: ir.GateScopeWindow},
			wantCode: planner.CodeGateWindowScope},
		{name: "rows per window of a load without windows", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "rejected_order_events", Threshold: 3, Scope: ir.GateScopeWindow},
			wantCode: planner.CodeGateWindowScope},
		{name: "invalid ratio per window", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Scope: ir.GateScopeWindow},
			wantCode: planner.CodeGateWindowScope},
		{name: "rolling invalid ratio", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Scope: ir.GateScopeLastBatches, Batches: 10},
			wantQueries: []string{"customer_order_windows", "rejected_order_events"},
			wantText: "\n  gate g: invalid_ratio(order_events) > 0.05 over the last 10 micro-batches -> warn\n" +
				"    evaluated before the sink commits by queries: customer_order_windows, rejected_order_events\n"},
		{name: "rolling rows that fail", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastBatches, Batches: 100, Action: ir.GateFail},
			wantQueries: []string{"customer_order_windows"}},
		{name: "rolling over 1 batch", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastBatches, Batches: 1},
			wantCode: ir.CodeRollingGate},
		{name: "rolling over 101 batches", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastBatches, Batches: 101},
			wantCode: ir.CodeRollingGate},
		{name: "batches on a per-batch gate", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Batches: 5},
			wantCode: ir.CodeRollingGate},
		{name: "rolling quarantine", modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			assets: "  thin_windows: {plugin: delta, table: curated.thin_windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}\n",
			gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 2, Scope: ir.GateScopeLastBatches, Batches: 3,
				Action: ir.GateQuarantine, Output: "thin_windows"},
			wantCode: ir.CodeRollingGate},
		{name: "sliding invalid ratio", gate: ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Scope: ir.GateScopeLastInterval, Interval: "1h0m0s"},
			wantQueries: []string{"customer_order_windows", "rejected_order_events"},
			wantText: "\n  gate g: invalid_ratio(order_events) > 0.05 over the micro-batches of the last 1h0m0s -> warn\n" +
				"    evaluated before the sink commits by queries: customer_order_windows, rejected_order_events\n"},
		{name: "sliding over no time", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "0s"},
			wantCode: ir.CodeRollingGate},
		{name: "sliding over a part of a millisecond", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "1.5ms"},
			wantCode: ir.CodeRollingGate},
		{name: "sliding over no interval", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastInterval},
			wantCode: ir.CodeRollingGate},
		{name: "interval on a per-batch gate", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Interval: "1h0m0s"},
			wantCode: ir.CodeRollingGate},
		{name: "batches on a sliding gate", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: ir.GateScopeLastInterval, Interval: "1h0m0s", Batches: 3},
			wantCode: ir.CodeRollingGate},
		{name: "sliding quarantine", modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			assets: "  thin_windows: {plugin: delta, table: curated.thin_windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}\n",
			gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 2, Scope: ir.GateScopeLastInterval, Interval: "10m0s",
				Action: ir.GateQuarantine, Output: "thin_windows"},
			wantCode: ir.CodeRollingGate},
		{name: "spark: a sliding gate on a join of two streams", corpus: "inner_join_watermarked_keys",
			gate:     ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Scope: ir.GateScopeLastInterval, Interval: "1h0m0s"},
			wantCode: planner.CodeGateNotRereadable},
		{name: "spark: a rolling gate on a join of two streams", corpus: "inner_join_watermarked_keys",
			gate:     ir.Gate{Name: "g", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05, Scope: ir.GateScopeLastBatches, Batches: 5},
			wantCode: planner.CodeGateNotRereadable},
		{name: "expectation failed ratio", expect: true, gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailedRatio, Expectation: "positive", Threshold: 0.1},
			wantQueries: []string{"customer_order_windows"},
			wantText:    "\n  gate g: expectation_failed_ratio(positive) > 0.1 per micro-batch -> warn\n"},
		{name: "expectation failed rows that fail, rolling", expect: true,
			gate:        ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "positive", Threshold: 0, Action: ir.GateFail, Scope: ir.GateScopeLastBatches, Batches: 5},
			wantQueries: []string{"customer_order_windows"}},
		{name: "expectation of a step's output, warning", expect: true, gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "some_windows", Threshold: 3},
			wantQueries: []string{"customer_order_windows"}},
		{name: "spark: a failing gate on a step output's expectation", expect: true,
			gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "some_windows", Threshold: 3, Action: ir.GateFail}, wantCode: planner.CodeExpectGateOnSpark},
		{name: "spark: a rolling gate on a step output's expectation", expect: true,
			gate:     ir.Gate{Name: "g", Metric: ir.GateExpectFailedRatio, Expectation: "some_windows", Threshold: 0.5, Scope: ir.GateScopeLastBatches, Batches: 3},
			wantCode: planner.CodeExpectGateOnSpark},
		{name: "unknown expectation", expect: true, gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailedRatio, Expectation: "ghost", Threshold: 0.1},
			wantCode: planner.CodeGateSubject},
		{name: "negative failed rows", expect: true, gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "positive", Threshold: -1},
			wantCode: planner.CodeGateThreshold},
		{name: "fractional failed rows", expect: true, gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "positive", Threshold: 0.5},
			wantCode: planner.CodeGateThreshold},
		{name: "expectation failed ratio of 1", expect: true, gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailedRatio, Expectation: "positive", Threshold: 1},
			wantCode: planner.CodeGateThreshold},
		{name: "expectation gate per window", expect: true, modes: map[string]string{"customer_order_windows": planner.ModeAppend},
			gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "positive", Threshold: 1, Scope: ir.GateScopeWindow}, wantCode: planner.CodeGateWindowScope},
		{name: "expectation gate that quarantines", expect: true,
			gate: ir.Gate{Name: "g", Metric: ir.GateExpectFailed, Expectation: "positive", Threshold: 1, Action: ir.GateQuarantine, Output: "late_order_events"}, wantCode: planner.CodeGateDefinition},
		{name: "unknown scope", gate: ir.Gate{Name: "g", Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1, Scope: "hourly"}, wantCode: planner.CodeGateDefinition},
		{name: "no name", gate: ir.Gate{Metric: ir.GateRows, Load: "customer_order_windows", Threshold: 1}, wantCode: planner.CodeGateDefinition},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.corpus == "" {
				tc.corpus = "ok_example"
			}
			dir := filepath.Join("testdata", "corpus", tc.corpus)
			yaml := mustRead(t, filepath.Join(dir, "profile.yaml"))
			if tc.assets != "" {
				yaml = []byte(strings.Replace(string(yaml), "\nresources:", "\n"+tc.assets+"resources:", 1))
			}
			prof, pd := profile.Parse("profile.yaml", yaml)
			if pd.HasErrors() {
				t.Fatalf("profile: %v", pd)
			}
			doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
			if err != nil {
				t.Fatal(err)
			}
			doc.Pipelines[0].Gates = []ir.Gate{batch(tc.gate)}
			if tc.expect {
				doc.Pipelines[0].Expectations = gateExpectations()
			}
			m, diags := planner.Plan(doc, prof, planner.Options{OutputModes: tc.modes})
			var codes, warnings []string
			for _, d := range diags {
				switch d.Severity {
				case diag.Error:
					codes = append(codes, d.Code)
				case diag.Warning:
					warnings = append(warnings, d.Code)
				}
			}
			if got := slices.Contains(warnings, planner.CodeGateNeverBreaches); got != (tc.wantWarning != "") {
				t.Errorf("warning %s: %v, want %v: %v", planner.CodeGateNeverBreaches, got, tc.wantWarning != "", diags)
			}
			if tc.wantCode != "" {
				if !slices.Equal(codes, []string{tc.wantCode}) {
					t.Fatalf("error codes %v, want [%s]: %v", codes, tc.wantCode, diags)
				}
				return
			}
			if len(codes) > 0 {
				t.Fatalf("unexpected errors: %v", diags)
			}
			pp := m.Pipelines[0]
			if len(pp.Gates) != 1 {
				t.Fatalf("planned gates %v, want 1", pp.Gates)
			}
			if diff := cmp.Diff(tc.wantQueries, pp.Gates[0].Queries); diff != "" {
				t.Errorf("queries (-want +got):\n%s", diff)
			}
			if text := m.Text(); !strings.Contains(text, tc.wantText) {
				t.Errorf("the plan has no line %q:\n%s", tc.wantText, text)
			}
			if gq := pp.Gates[0].Quarantine; tc.gate.Output != "" {
				var cp string
				for _, q := range pp.Queries {
					if q.Name == tc.gate.Load {
						cp = q.Checkpoint
					}
				}
				if gq == nil || gq.Asset != tc.gate.Output || gq.Identity != "curated.thin_windows" || len(gq.Output) != 6 || gq.Checkpoint != cp ||
					gq.TxnID != "customer-order-streaming/v1/prod/thin_windows" || gq.Contract != "customer-order-window" {
					t.Errorf("quarantine %+v, want thin_windows with the windows' contract, columns and checkpoint %s", gq, cp)
				}
			}
			var with []string
			for _, q := range pp.Queries {
				if len(q.Gates) == 1 && q.Gates[0].Name == "g" {
					with = append(with, q.Name)
				}
			}
			slices.Sort(with)
			if diff := cmp.Diff(tc.wantQueries, with); diff != "" {
				t.Errorf("Query.Gates (-want +got):\n%s", diff)
			}
		})
	}
}

// gateExpectations are warning expectations of ok_example: "positive" on
// the valid orders, "some_windows" on the aggregation's output.
func gateExpectations() []ir.Expectation {
	gt := func(col string, v string, k contracts.Kind) *ir.Expr {
		return &ir.Expr{Kind: ir.ExprCall, Name: ">", Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: col}, {Kind: ir.ExprLiteral, Value: v, Type: &contracts.Type{Kind: k}}}}
	}
	return []ir.Expectation{
		{Name: "positive", On: ir.Ref{Node: "order_events", Port: ir.PortValid}, Kind: ir.ExpectPredicate, Predicate: gt("order_id", "0", contracts.KindInt64), Action: ir.ExpectWarn},
		{Name: "some_windows", On: ir.Ref{Node: "aggregate-customer-orders", Port: ir.PortOut}, Kind: ir.ExpectPredicate,
			Predicate: gt("paid_order_count", "1", contracts.KindInt64), Action: ir.ExpectWarn},
	}
}

// TestGateCondition: the breach condition reads as the comparison.
func TestGateCondition(t *testing.T) {
	tests := []struct {
		gate  ir.Gate
		want  string
		value float64
		hit   bool
	}{
		{ir.Gate{Metric: ir.GateInvalidRatio, Source: "o", Threshold: 0.05}, "invalid_ratio(o) > 0.05", 0.05, false},
		{ir.Gate{Metric: ir.GateInvalidRatio, Source: "o", Threshold: 0.05}, "invalid_ratio(o) > 0.05", 0.06, true},
		{ir.Gate{Metric: ir.GateRows, Load: "w", Threshold: 2}, "rows(w) < 2", 1, true},
		{ir.Gate{Metric: ir.GateRows, Load: "w", Threshold: 2}, "rows(w) < 2", 2, false},
		{ir.Gate{Metric: ir.GateNullRatio, Load: "w", Column: "c", Threshold: 0}, "null_ratio(w.c) > 0", 0, false},
	}
	for _, tc := range tests {
		if got := tc.gate.Condition(); got != tc.want {
			t.Errorf("Condition() = %q, want %q", got, tc.want)
		}
		if got := tc.gate.Breached(tc.value); got != tc.hit {
			t.Errorf("%s: Breached(%v) = %v, want %v", tc.want, tc.value, got, tc.hit)
		}
	}
}
