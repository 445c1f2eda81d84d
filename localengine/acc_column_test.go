package localengine

import (
	"slices"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// TestAccColumnFold checks that folding a count, min, max, sum or average
// in place where accColumn.fold can (else through load, add and store)
// leaves the accumulators load, add and store alone would, over values
// with NULLs, of every comparable kind, and over sums that leave the
// scaled int64 (another exponent, an overflow, a large coefficient).
func TestAccColumnFold(t *testing.T) {
	t0 := time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC)
	cols := [][]any{
		{nil, int64(3), int64(-1), nil, int64(7), int64(7), int64(2)},
		{t0.Add(time.Hour), nil, t0, t0.Add(2 * time.Hour), t0.Add(time.Minute)},
		{"b", "a", nil, "c", "b"},
		{decimal.New(5, -2), decimal.New(50, -3), nil, decimal.New(-1, 0), decimal.New(499, -2)},
		{nil, nil},
		{decimal.New(5, -2), decimal.New(7, -2), nil, decimal.New(1, -3), decimal.New(2, -2)},
		slices.Repeat([]any{decimal.New(999999999999999999, -2)}, 11), // past an int64 at the 10th
		slices.Repeat([]any{decimal.New(-999999999999999999, -2)}, 11),
		{nil, decimal.New(3, 0), decimal.RequireFromString("123456789012345678901234.5")},
	}
	x := func(r Row) any { return r[0] }
	fns := []*aggFn{{kind: ir.AggCount, arg: x}, {kind: ir.AggCount}, {kind: ir.AggMin, arg: x}, {kind: ir.AggMax, arg: x},
		{kind: ir.AggSum, arg: x}, {kind: ir.AggAvg, arg: x}}
	for _, vals := range cols {
		for _, f := range fns {
			var direct, generic accColumn
			direct.layout, generic.layout = layoutOf(f.kind), layoutOf(f.kind)
			direct.grow()
			generic.grow()
			for _, v := range vals {
				for _, c := range []*accColumn{&direct, &generic} {
					if c == &direct && c.fold(0, f, Row{v}) {
						continue // else as the generic path
					}
					var a accState
					c.load(0, &a)
					f.add(&a, Row{v})
					c.store(0, &a)
				}
			}
			var got, want accState
			direct.load(0, &got)
			generic.load(0, &want)
			if diff := cmp.Diff(want, got, cmp.Comparer(decimal.Decimal.Equal)); diff != "" {
				t.Errorf("%s over %v (-load, add, store +fold):\n%s", f.kind, vals, diff)
			}
		}
	}
	sum := &aggFn{kind: ir.AggSum, arg: x}
	c := accColumn{layout: layoutOf(ir.AggSum)}
	c.grow()
	if c.fold(0, sum, Row{int64(1)}) {
		t.Error("a sum of integers folded in place")
	}
	if !c.fold(0, sum, Row{decimal.New(1, -2)}) {
		t.Error("a scaled sum not folded in place")
	}
}
