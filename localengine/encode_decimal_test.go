package localengine

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"
)

// TestAppendFixed checks appendFixed against StringFixed: signs, zeros,
// fewer and more decimals than the scale (rounded), coefficients at and
// past an int64's bounds.
func TestAppendFixed(t *testing.T) {
	big, _ := decimal.NewFromString("123456789012345678901234.5678")
	ds := []decimal.Decimal{
		decimal.Zero, decimal.New(0, -5), decimal.New(0, 3), decimal.New(5, 0), decimal.New(-5, 0),
		decimal.New(84327, -2), decimal.New(-84327, -2), decimal.New(1, -2), decimal.New(-1, -2),
		decimal.New(-9, -3), decimal.New(125, -3), decimal.New(-125, -3), decimal.New(7, 2),
		decimal.New(math.MaxInt64, 0), decimal.New(math.MinInt64, 0), decimal.New(math.MaxInt64, -18),
		decimal.New(math.MinInt64, -2), decimal.New(999999999999999999, -2), decimal.New(1, 17), big, big.Neg(),
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		ds = append(ds, decimal.New(r.Int64N(2_000_000_000)-1_000_000_000, -r.Int32N(12)+3))
	}
	for _, d := range ds {
		for _, scale := range []int32{0, 1, 2, 3, 10, 18, 20} {
			if got, want := string(appendFixed([]byte("x"), d, scale)), "x"+d.StringFixed(scale); got != want {
				t.Errorf("appendFixed(%s, %d) = %s, want %s", d, scale, got, want)
			}
		}
	}
	d := decimal.New(-84327, -2)
	var buf []byte
	if a := testing.AllocsPerRun(100, func() { buf = appendFixed(buf[:0], d, 2) }); a != 0 {
		t.Errorf("%v allocations, want none", a)
	}
}
