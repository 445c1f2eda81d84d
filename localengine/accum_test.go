package localengine

import (
	"math"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// TestDecimalSum: the int64 fast path, mixed scales and overflow into
// arbitrary precision all give the exact sum; avg rounds half up.
func TestDecimalSum(t *testing.T) {
	big := decimal.New(math.MaxInt64/2+1, -2)
	tests := []struct {
		name string
		in   []string
		sum  string
		avg  string
	}{
		{"one scale", []string{"1.10", "2.25", "-0.35"}, "3.00", "1.000000"},
		{"mixed scales", []string{"1.1", "2.25", "3"}, "6.35", "2.116667"},
		{"overflowing int64", []string{big.String(), big.String(), "0.01"}, big.Add(big).Add(decimal.RequireFromString("0.01")).StringFixed(2), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := func(r Row) any { return r[0] }
			sum := &aggFn{kind: "sum", arg: x, out: contracts.Type{Kind: contracts.KindDecimal, Precision: 38, Scale: 2}}
			avg := &aggFn{kind: "avg", arg: x, out: contracts.Type{Kind: contracts.KindDecimal, Precision: 38, Scale: 6}}
			var as, aa accState
			for _, v := range tc.in {
				d := decimal.RequireFromString(v)
				sum.add(&as, Row{d})
				avg.add(&aa, Row{d})
			}
			for _, bx := range []*boxes{nil, newBoxes(1)} { // boxed by Go, in a slab
				if got := sum.result(&as, bx).(decimal.Decimal); got.StringFixed(2) != tc.sum {
					t.Errorf("sum = %s, want %s", got.StringFixed(2), tc.sum)
				}
			}
			if tc.avg != "" {
				if got := avg.result(&aa, newBoxes(1)).(decimal.Decimal); got.StringFixed(6) != tc.avg {
					t.Errorf("avg = %s, want %s", got.StringFixed(6), tc.avg)
				}
			}
		})
	}
}
