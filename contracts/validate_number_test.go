package contracts

import (
	"math"
	"strconv"
	"testing"
)

func TestParseIntLiteral(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"-0", 0, true}, {"42", 42, true}, {"-42", -42, true},
		{"9223372036854775807", math.MaxInt64, true}, {"-9223372036854775808", math.MinInt64, true},
		{"9223372036854775808", 0, false}, {"-9223372036854775809", 0, false}, {"99999999999999999999", 0, false},
	}
	for _, tc := range tests {
		got, ok := parseIntLiteral([]byte(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseIntLiteral(%s) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestDecimalDigits(t *testing.T) {
	tests := []struct {
		in          string
		prec, scale int
		fits        bool
		want        string // the value's text at the scale, when it fits
	}{
		{"19.99", 18, 2, true, "19.99"},
		{"19.9", 18, 2, true, "19.9"},
		{"-0.000", 18, 2, true, "0"},
		{"0e999999999999999999999", 18, 2, true, "0"},
		{"123.4500e2", 18, 2, true, "12345"},
		{"1.23456e2", 18, 2, false, ""},
		{"1e-400", 18, 2, false, ""},
		{"1e400", 38, 0, false, ""},
		{"12345678901234567890123456.7890123456", 38, 10, true, "12345678901234567890123456.7890123456"},
		{"-99999999999999999999999999999999999999", 38, 0, true, "-99999999999999999999999999999999999999"},
		{"999999999999999999999999999999999999999", 38, 0, false, ""},
		{"0.0000000001", 38, 10, true, "0.0000000001"},
		{"999.995", 5, 2, false, ""},
	}
	for _, tc := range tests {
		d := splitDecimal([]byte(tc.in))
		fits := d.fits(tc.scale, tc.prec-tc.scale)
		if fits != tc.fits {
			t.Errorf("%s fits decimal(%d,%d) = %v, want %v", tc.in, tc.prec, tc.scale, fits, tc.fits)
			continue
		}
		if !fits {
			continue
		}
		var v Value
		d.value(&v, tc.scale)
		if got := v.Decimal(); got.String() != tc.want || got.Exponent() != int32(-tc.scale) {
			t.Errorf("%s as decimal(%d,%d) = %s (exp %d), want %s", tc.in, tc.prec, tc.scale, got, got.Exponent(), tc.want)
		}
		got := v.Decimal()
		coef, exp, small := v.SmallDecimal()
		if wantSmall := got.Coefficient().IsInt64(); small != wantSmall ||
			small && (coef != got.CoefficientInt64() || exp != got.Exponent()) {
			t.Errorf("%s SmallDecimal = %d, %d, %v; want the coefficient and exponent of %s when they fit (%v)", tc.in, coef, exp, small, got, wantSmall)
		}
	}
}

func TestParseFloatLiteral(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"1.5", 1.5, true}, {"-0", 0, true}, {"1e308", 1e308, true}, {"1e309", 0, false}, {"-1e400", 0, false},
		{"1e-400", 0, true}, {"4.9e-324", 5e-324, true},
	}
	for _, tc := range tests {
		got, ok := parseFloatLiteral([]byte(tc.in))
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("parseFloatLiteral(%s) = %s, %v; want %v, %v", tc.in, strconv.FormatFloat(got, 'g', -1, 64), ok, tc.want, tc.ok)
		}
	}
}

func TestDecimalBounds(t *testing.T) {
	tests := []struct {
		op, arg, value string
		scale          int
		pass           bool
	}{
		{"gte", "0", "0.00", 2, true},
		{"gte", "0", "-0.01", 2, false},
		{"gt", "0.001", "0.01", 2, true},
		{"gt", "0.001", "0", 2, false},
		{"lt", "1e37", "-99999999999999999999999999999999999999", 0, true},
		{"lt", "1e37", "99999999999999999999999999999999999999", 0, false},
		{"max", "9223372036854775807.5", "9223372036854775807", 1, true},
		{"min", "-5", "-5.00", 2, true},
	}
	for _, tc := range tests {
		ck, err := compileBound(ConstraintKind(tc.op), tc.arg, &typePlan{kind: KindDecimal, scale: tc.scale, maxIntDigits: 38 - tc.scale})
		if err != nil {
			t.Fatal(err)
		}
		d := splitDecimal([]byte(tc.value))
		var v Value
		d.value(&v, tc.scale)
		if got := ck(nil, &v) == nil; got != tc.pass {
			t.Errorf("%s %s=%s: pass = %v, want %v", tc.value, tc.op, tc.arg, got, tc.pass)
		}
	}
}

func TestIntAndFloatBounds(t *testing.T) {
	tests := []struct {
		kind    Kind
		op, arg string
		value   Value
		pass    bool
	}{
		{KindInt64, "gt", "0.5", Value{kind: KindInt64, n: 1}, true},
		{KindInt64, "gt", "0.5", Value{kind: KindInt64, n: 0}, false},
		{KindInt64, "lte", "1e3", Value{kind: KindInt64, n: 1000}, true},
		{KindInt32, "lt", "-2147483648", Value{kind: KindInt32, n: -2147483648}, false},
		{KindFloat64, "gt", "0", Value{kind: KindFloat64, n: int64(math.Float64bits(1e-300))}, true},
		{KindFloat64, "lte", "1000.5", Value{kind: KindFloat64, n: int64(math.Float64bits(1000.5))}, true},
	}
	for _, tc := range tests {
		ck, err := compileBound(ConstraintKind(tc.op), tc.arg, &typePlan{kind: tc.kind})
		if err != nil {
			t.Fatal(err)
		}
		if got := ck(nil, &tc.value) == nil; got != tc.pass {
			t.Errorf("%v %s=%s: pass = %v, want %v", tc.value, tc.op, tc.arg, got, tc.pass)
		}
	}
}
