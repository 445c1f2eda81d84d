package localengine

import (
	"errors"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// TestRowErrorFailsTheBatch: a row whose expression fails under Spark's
// ANSI mode (here 100 / v with v = 0, DIVIDE_BY_ZERO) fails the whole
// micro-batch, as Spark fails it: the run returns the *EvalError, nothing
// of the batch reaches the sink, and the batch runs (and fails) again.
func TestRowErrorFailsTheBatch(t *testing.T) {
	for _, tc := range []struct {
		name, class string
		plan        *ir.Node
	}{
		{"filter", classDivByZero, &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{input("in")},
			Predicate: call(">", call("/", lit("100", contracts.KindInt64), col("v")), lit("1", contracts.KindFloat64))}},
		{"select", classOverflow, &ir.Node{Op: ir.OpWithColumn, Inputs: []*ir.Node{input("in")},
			Columns: []ir.NamedExpr{{Name: "v", Expr: call("*", col("v"), lit("4611686018427387904", contracts.KindInt64))}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, pipelineDoc(tc.plan, evContract, []string{"in"}), "append")
			h.add("in", "a", "1", "2026-07-15T10:00:00Z", "b", "0", "2026-07-15T10:01:00Z", "c", "2", "2026-07-15T10:02:00Z")
			for range 2 {
				err := h.eng.RunAvailable(func(*Progress) {})
				var ee *EvalError
				if !errors.As(err, &ee) || ee.Class != tc.class {
					t.Fatalf("run = %v; want an *EvalError of class %s", err, tc.class)
				}
				if rows := h.rows("out"); len(rows) != 0 {
					t.Errorf("the failed batch wrote %v", rows)
				}
			}
		})
	}
}
