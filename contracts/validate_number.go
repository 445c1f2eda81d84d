package contracts

import (
	"math"
	"math/big"
	"strconv"
	"unsafe"
)

// parseIntLiteral reads a JSON integer literal (-?(0|[1-9][0-9]*), already
// checked by the scanner) and reports whether it fits an int64.
func parseIntLiteral(b []byte) (int64, bool) {
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	var u uint64
	for _, c := range b {
		d := uint64(c - '0')
		if u > (limit-d)/10 {
			return 0, false
		}
		u = u*10 + d
	}
	if neg {
		return -int64(u), true // -int64(1<<63) wraps to MinInt64, as wanted
	}
	return int64(u), true
}

// parseFloatLiteral reads a JSON number; ok is false when it overflows
// float64 (underflow rounds to zero, as in every JSON parser).
func parseFloatLiteral(b []byte) (float64, bool) {
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(b), len(b)), 64)
	if err != nil && (math.IsInf(f, 0) || f != 0) {
		return 0, false
	}
	return f, true
}

// decimalDigits is a JSON number split into its significant digits: the
// value is ±digits × 10^exp, digits without leading or trailing zeros.
type decimalDigits struct {
	neg      bool
	intPart  []byte
	fracPart []byte
	lead, n  int   // index of the first significant digit in int+frac, count
	exp      int64 // exponent of the last significant digit
	zero     bool
}

// decimalExpLimit saturates exponents: beyond it every non-zero value overflows
// any decimal(p,s) and every fraction is too long.
const decimalExpLimit = 1 << 40

// splitDecimal splits a JSON number literal (checked by the scanner).
func splitDecimal(b []byte) decimalDigits {
	var d decimalDigits
	if b[0] == '-' {
		d.neg, b = true, b[1:]
	}
	d.intPart, b = leadingDigits(b)
	if len(b) > 0 && b[0] == '.' {
		d.fracPart, b = leadingDigits(b[1:])
	}
	exp := parseExponent(b)
	total := len(d.intPart) + len(d.fracPart)
	for d.lead < total && d.digit(d.lead) == 0 {
		d.lead++
	}
	if d.lead == total {
		d.zero = true
		return d
	}
	last := total - 1
	for d.digit(last) == 0 {
		last--
	}
	d.n = last - d.lead + 1
	d.exp = exp - int64(len(d.fracPart)) + int64(total-1-last)
	return d
}

// leadingDigits splits b after its leading ASCII digits.
func leadingDigits(b []byte) (digits, rest []byte) {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return b[:i], b[i:]
}

// parseExponent reads an "e±ddd" suffix (or nothing), saturated at
// ±decimalExpLimit.
func parseExponent(b []byte) int64 {
	if len(b) == 0 {
		return 0
	}
	neg := b[1] == '-'
	var exp int64
	for _, c := range b[1:] {
		if c >= '0' && c <= '9' && exp < decimalExpLimit {
			exp = exp*10 + int64(c-'0')
		}
	}
	if neg {
		return -exp
	}
	return exp
}

// digit returns significant-position digit k of int+frac.
func (d *decimalDigits) digit(k int) byte {
	if k < len(d.intPart) {
		return d.intPart[k] - '0'
	}
	return d.fracPart[k-len(d.intPart)] - '0'
}

// fits reports whether the value has at most scale fractional digits and
// at most maxInt integer digits.
func (d *decimalDigits) fits(scale, maxInt int) bool {
	if d.zero {
		return true
	}
	frac := max(0, -d.exp)
	intDigits := max(0, int64(d.n)+d.exp)
	return frac <= int64(scale) && intDigits <= int64(maxInt)
}

// value sets v to the decimal at the given scale; d must fit.
func (d *decimalDigits) value(v *Value, scale int) {
	v.kind, v.m, v.x = KindDecimal, int32(-scale), nil
	if d.zero {
		v.n = 0
		return
	}
	zeros := int(d.exp) + scale // trailing zeros of the mantissa at this scale
	if d.n+zeros <= 18 {
		var m int64
		for k := 0; k < d.n; k++ {
			m = m*10 + int64(d.digit(d.lead+k))
		}
		for range zeros {
			m *= 10
		}
		if d.neg {
			m = -m
		}
		v.n = m
		return
	}
	buf := make([]byte, 0, d.n+zeros+1)
	if d.neg {
		buf = append(buf, '-')
	}
	for k := 0; k < d.n; k++ {
		buf = append(buf, '0'+d.digit(d.lead+k))
	}
	for range zeros {
		buf = append(buf, '0')
	}
	m, _ := new(big.Int).SetString(string(buf), 10)
	v.x = m
}
