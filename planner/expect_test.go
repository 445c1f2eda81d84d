package planner_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestExpectations: each bad expectation gets its code at its position,
// and a good one is planned with the queries that evaluate it and its
// condition in words.
func TestExpectations(t *testing.T) {
	col := func(n string) *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: n} }
	lit := func(v string, k contracts.Kind) *ir.Expr {
		return &ir.Expr{Kind: ir.ExprLiteral, Value: v, Type: &contracts.Type{Kind: k}}
	}
	call := func(f ir.Func, args ...*ir.Expr) *ir.Expr {
		return &ir.Expr{Kind: ir.ExprCall, Name: string(f), Args: args}
	}
	positive := call(ir.FuncGt, col("order_id"), lit("0", contracts.KindInt64))
	valid := ir.Ref{Node: "order_events", Port: ir.PortValid}
	out := ir.Ref{Node: "aggregate-customer-orders", Port: ir.PortOut}
	pred := func(name string, on ir.Ref, e *ir.Expr, action string) ir.Expectation {
		return ir.Expectation{Name: name, On: on, Kind: ir.ExpectPredicate, Predicate: e, Action: action}
	}
	tests := []struct {
		name          string
		spark         bool // check the Spark engine's rule too (ETL-S468)
		expect        []ir.Expectation
		wantCode      string
		wantQueries   []string
		wantCondition string
	}{
		{name: "on an extract's valid rows", expect: []ir.Expectation{pred("e", valid, positive, ir.ExpectDrop)},
			wantQueries: []string{"customer_order_windows"}, wantCondition: "order_id > 0"},
		{name: "on a step's output", expect: []ir.Expectation{pred("e", out, call(ir.FuncGe, col("paid_order_count"), lit("1", contracts.KindInt64)), ir.ExpectFail)},
			wantQueries: []string{"customer_order_windows"}, wantCondition: "paid_order_count >= 1"},
		{name: "unique keys", expect: []ir.Expectation{{Name: "e", On: valid, Kind: ir.ExpectUnique, Keys: []string{"event_id"}, Action: ir.ExpectWarn}},
			wantQueries: []string{"customer_order_windows"}, wantCondition: "unique(event_id) within a micro-batch"},
		{name: "unknown column", expect: []ir.Expectation{pred("e", valid, call(ir.FuncGt, col("amount"), lit("0", contracts.KindInt64)), ir.ExpectWarn)},
			wantCode: ir.CodeUnknownColumn},
		{name: "unknown key", expect: []ir.Expectation{{Name: "e", On: out, Kind: ir.ExpectUnique, Keys: []string{"event_id"}, Action: ir.ExpectWarn}},
			wantCode: ir.CodeUnknownColumn},
		{name: "not boolean", expect: []ir.Expectation{pred("e", valid, col("order_id"), ir.ExpectWarn)}, wantCode: ir.CodeTypeMismatch},
		{name: "twice", expect: []ir.Expectation{pred("e", valid, positive, ir.ExpectWarn), pred("e", valid, positive, ir.ExpectDrop)},
			wantCode: planner.CodeExpectationDefinition},
		{name: "no name", expect: []ir.Expectation{pred("", valid, positive, ir.ExpectWarn)}, wantCode: planner.CodeExpectationDefinition},
		{name: "unknown action", expect: []ir.Expectation{pred("e", valid, positive, "hold")}, wantCode: planner.CodeExpectationDefinition},
		{name: "quarantine with no load of its rows", expect: []ir.Expectation{pred("e", valid, positive, ir.ExpectQuarantine)}, wantCode: planner.CodeQuarantineRoute},
		{name: "unknown kind", expect: []ir.Expectation{{Name: "e", On: valid, Kind: "freshness", Action: ir.ExpectWarn}}, wantCode: planner.CodeExpectationDefinition},
		{name: "on invalid rows", expect: []ir.Expectation{pred("e", ir.Ref{Node: "order_events", Port: ir.PortInvalid}, positive, ir.ExpectWarn)},
			wantCode: planner.CodeExpectationDefinition},
		{name: "spark: drop on a stream a late output reads", spark: true, expect: []ir.Expectation{pred("e", valid, positive, ir.ExpectDrop)},
			wantCode: planner.CodeExpectationOnSpark},
		{name: "spark: warn on a stream a late output reads", spark: true, expect: []ir.Expectation{pred("e", valid, positive, ir.ExpectWarn)},
			wantQueries: []string{"customer_order_windows"}, wantCondition: "order_id > 0"},
		{name: "spark: fail on a step's output", spark: true, expect: []ir.Expectation{pred("e", out, call(ir.FuncGe, col("paid_order_count"), lit("1", contracts.KindInt64)), ir.ExpectFail)},
			wantQueries: []string{"customer_order_windows"}, wantCondition: "paid_order_count >= 1"},
		{name: "spark: unique", spark: true, expect: []ir.Expectation{{Name: "e", On: valid, Kind: ir.ExpectUnique, Keys: []string{"event_id"}, Action: ir.ExpectWarn}},
			wantCode: planner.CodeExpectationOnSpark},
		{name: "on an unknown step", expect: []ir.Expectation{pred("e", ir.Ref{Node: "ghost", Port: ir.PortOut}, positive, ir.ExpectWarn)},
			wantCode: planner.CodeExpectationDefinition},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", "corpus", "ok_example")
			prof, pd := profile.Parse("profile.yaml", mustRead(t, filepath.Join(dir, "profile.yaml")))
			if pd.HasErrors() {
				t.Fatalf("profile: %v", pd)
			}
			doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
			if err != nil {
				t.Fatal(err)
			}
			at := diag.Position{File: "pipeline.go", Line: 9}
			for i := range tc.expect {
				tc.expect[i].Pos = at
			}
			doc.Pipelines[0].Expectations = tc.expect
			m, diags := planner.Plan(doc, prof, planner.Options{})
			var errs diag.List
			for _, d := range diags {
				if d.Severity == diag.Error && (tc.spark || d.Code != planner.CodeExpectationOnSpark) {
					errs = append(errs, d)
				}
			}
			if tc.wantCode != "" {
				if len(errs) != 1 || errs[0].Code != tc.wantCode || errs[0].Pos != at {
					t.Fatalf("errors %v, want one %s at %v", errs, tc.wantCode, at)
				}
				return
			}
			if len(errs) > 0 {
				t.Fatalf("unexpected errors: %v", errs)
			}
			pp := m.Pipelines[0]
			if len(pp.Expectations) != 1 {
				t.Fatalf("planned expectations %v, want 1", pp.Expectations)
			}
			e := pp.Expectations[0]
			if diff := cmp.Diff(tc.wantQueries, e.Queries); diff != "" {
				t.Errorf("queries (-want +got):\n%s", diff)
			}
			if e.Condition != tc.wantCondition {
				t.Errorf("condition %q, want %q", e.Condition, tc.wantCondition)
			}
			var with []string
			for _, q := range pp.Queries {
				if slices.ContainsFunc(q.Expectations, func(x planner.Expectation) bool { return x.Name == "e" }) {
					with = append(with, q.Name)
				}
			}
			if diff := cmp.Diff(tc.wantQueries, with); diff != "" {
				t.Errorf("Query.Expectations (-want +got):\n%s", diff)
			}
		})
	}
}
