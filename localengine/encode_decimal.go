package localengine

import (
	"math"
	"strconv"

	"github.com/shopspring/decimal"
)

// appendFixed appends d.StringFixed(scale): without allocating when d's
// coefficient fits in an int64 and d has no more than scale decimals (a
// decimal of a contract's type has exactly scale), else through
// StringFixed, which also rounds.
func appendFixed(b []byte, d decimal.Decimal, scale int32) []byte {
	exp := d.Exponent()
	if scale < 0 || exp < -scale || exp+scale > 18 || d.NumDigits() > 18 {
		return append(b, d.StringFixed(scale)...)
	}
	c := d.CoefficientInt64()
	for range exp + scale { // c × 10^(exp+scale) has scale decimals
		if c > math.MaxInt64/10 || c < math.MinInt64/10 {
			return append(b, d.StringFixed(scale)...)
		}
		c *= 10
	}
	u := uint64(c)
	if c < 0 {
		b, u = append(b, '-'), -u
	}
	var buf [24]byte
	digits := strconv.AppendUint(buf[:0], u, 10)
	s := int(scale)
	if s == 0 {
		return append(b, digits...)
	}
	if len(digits) <= s { // 0.00ddd
		b = append(b, '0', '.')
		for range s - len(digits) {
			b = append(b, '0')
		}
		return append(b, digits...)
	}
	k := len(digits) - s
	return append(append(append(b, digits[:k]...), '.'), digits[k:]...)
}
