package funcverdicts

import (
	"math"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// The input columns cases use: two of each type, so that a binary
// function can take two columns of one type.
var (
	S, S2   = Var{"s", kind(contracts.KindString)}, Var{"s2", kind(contracts.KindString)}
	B, B2   = Var{"b", kind(contracts.KindBool)}, Var{"b2", kind(contracts.KindBool)}
	I, I2   = Var{"i", kind(contracts.KindInt32)}, Var{"i2", kind(contracts.KindInt32)}
	N, N2   = Var{"n", kind(contracts.KindInt64)}, Var{"n2", kind(contracts.KindInt64)}
	F, F2   = Var{"f", kind(contracts.KindFloat64)}, Var{"f2", kind(contracts.KindFloat64)}
	D, D2   = Var{"d", decimalType(18, 2)}, Var{"d2", decimalType(18, 2)}
	W       = Var{"w", decimalType(38, 0)} // the widest decimal: every result overflows soonest
	T, T2   = Var{"ts", kind(contracts.KindTimestamp)}, Var{"ts2", kind(contracts.KindTimestamp)}
	DT, DT2 = Var{"dt", kind(contracts.KindDate)}, Var{"dt2", kind(contracts.KindDate)}
)

func kind(k contracts.Kind) contracts.Type { return contracts.Type{Kind: k} }

func decimalType(p, s int) contracts.Type {
	return contracts.Type{Kind: contracts.KindDecimal, Precision: p, Scale: s}
}

// Hostile values per type, shared by all cases; nil is NULL. Each pool
// holds what breaks functions of that type: boundaries, the values where
// Go and Java differ, and NULL.
var (
	// Strings: whitespace Spark's trim keeps, Latin-1, beyond the BMP,
	// combining characters, invalid UTF-8 (stray bytes, a truncated
	// sequence, an encoded surrogate, a code point past U+10FFFF, an
	// overlong form), the case-mapping traps (Turkish
	// dotted and dotless i, German ß, final sigma, a titlecase digraph, a
	// ligature that upper-cases to two letters) and a long one.
	Strings = []any{nil, "", " ", "  a b  ", "\t\n x \r\n", "\u00a0y\u00a0", "\u3000z", "\x00",
		"abc", "Hello, World", "café", "ÀÉÎÕÜ ÿ", "😀", "a😀b", "e\u0301", "\xff\xfe", "a\x80b",
		"\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf",
		"İstanbul", "ıi", "straße", "ΣΟΦΟΣ", "ǅ", "ﬁ", strings.Repeat("ab😀", 700)}
	// OrderedStrings are few strings whose order differs between byte,
	// UTF-16 and collation order, for binary functions (every pair is a row).
	OrderedStrings = []any{nil, "", "a", "ab", "B", "é", "e\u0301", "\uffff", "😀", "\xff"}
	Bools          = []any{nil, true, false}
	// Int32s and Int64s: zero, ±1, the extremes and a small odd pair.
	Int32s = []any{nil, int32(0), int32(1), int32(-1), int32(7), int32(-7), int32(math.MaxInt32), int32(math.MinInt32)}
	Int64s = []any{nil, int64(0), int64(1), int64(-1), int64(3), int64(-3), int64(math.MaxInt64), int64(math.MinInt64),
		int64(1) << 53, int64(1)<<53 + 1}
	// Float64s: NaN, the infinities, negative zero, the extremes, a value
	// binary cannot hold (0.1) and halves.
	Float64s = []any{nil, 0.0, math.Copysign(0, -1), 1.0, -1.0, 0.1, 2.5, -2.5, 1e16, math.NaN(),
		math.Inf(1), math.Inf(-1), math.MaxFloat64, math.SmallestNonzeroFloat64, -math.MaxFloat64}
	// Decimals fit decimal(18,2) (D): its extremes and its smallest step.
	Decimals = []any{nil, dec("0"), dec("0.01"), dec("-0.01"), dec("1.50"), dec("-2.50"), dec("100"),
		dec("9999999999999999.99"), dec("-9999999999999999.99")}
	// WideDecimals fit decimal(38,0) (W): its extremes.
	WideDecimals = []any{nil, dec("0"), dec("1"), dec("-1"), dec(strings.Repeat("9", 38)), dec("-" + strings.Repeat("9", 38))}
	// Timestamps: the epoch and one microsecond before it, leap days, the
	// far past (year 1, the Julian-Gregorian switch of 1582) and far
	// future (the last microsecond of 9999), and the instants where
	// daylight saving time starts or ends in New York, London and Sydney.
	// The session time zone is UTC, so the DST instants are ordinary UTC
	// instants to Spark: they prove that no engine reads a local zone.
	Timestamps = []any{nil, ts("1970-01-01T00:00:00Z"), ts("1969-12-31T23:59:59.999999Z"),
		ts("2024-02-29T12:34:56.789012Z"), ts("1900-02-28T23:59:59.5Z"), ts("0001-01-01T00:00:00Z"),
		ts("1582-10-10T12:00:00Z"), ts("9999-12-31T23:59:59.999999Z"), ts("2026-03-08T07:00:00Z"),
		ts("2026-03-29T00:59:59.999999Z"), ts("2026-10-25T01:00:00Z"), ts("2026-04-04T16:00:00Z"),
		ts("2026-12-31T23:59:59.999999Z")}
	// Dates: the same days.
	Dates = []any{nil, date("1970-01-01"), date("1969-12-31"), date("2024-02-29"), date("1900-02-28"),
		date("0001-01-01"), date("1582-10-10"), date("9999-12-31")}
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func ts(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err) // a typo in the pool above: a programmer error
	}
	return t.UTC()
}

func date(s string) contracts.Date {
	d, err := contracts.ParseDate(s)
	if err != nil {
		panic(err) // a typo in the pool above: a programmer error
	}
	return d
}
