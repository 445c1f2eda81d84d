package funcverdicts

import (
	"math"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
)

// TestCanonicalForms: equal text means equal value — -0 and NaN kept,
// invalid UTF-8 byte for byte, decimals at their type's scale — and
// Spark's raw forms read back to the same text as Go's values.
func TestCanonicalForms(t *testing.T) {
	str, dbl, ts, dt := kind(contracts.KindString), kind(contracts.KindFloat64), kind(contracts.KindTimestamp), kind(contracts.KindDate)
	tests := []struct {
		name   string
		v      any
		t      contracts.Type
		raw    string // Spark's raw form of the same value
		spark  string // its type name
		want   string
		sqlLit string
	}{
		{"negative zero", math.Copysign(0, -1), dbl, "8000000000000000", "double", "-0", "CAST('-0.0' AS DOUBLE)"},
		{"NaN", math.NaN(), dbl, "7ff8000000000000", "double", "NaN", "CAST('NaN' AS DOUBLE)"},
		{"subnormal", math.SmallestNonzeroFloat64, dbl, "0000000000000001", "double", "5e-324", "CAST('5e-324' AS DOUBLE)"},
		{"invalid UTF-8", "a\xffb", str, "61FF62", "string", `"a\xffb"`, "CAST(X'61FF62' AS STRING)"},
		{"decimal scale", dec("1.5"), decimalType(18, 2), "1.50", "decimal(18,2)", "1.50", "CAST('1.5' AS DECIMAL(18,2))"},
		{"before the epoch", time.UnixMicro(-1).UTC(), ts, "-1", "timestamp", "1969-12-31T23:59:59.999999Z", "timestamp_micros(-1)"},
		{"leap day", date("2024-02-29"), dt, "19782", "date", "2024-02-29", "date_from_unix_date(19782)"},
		{"NULL", nil, str, "", "string", "NULL", "CAST(NULL AS STRING)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := canonGo(tc.v, tc.t); got != tc.want {
				t.Errorf("canonGo = %s, want %s", got, tc.want)
			}
			var raw *string
			if tc.v != nil {
				raw = &tc.raw
			}
			if got, err := CanonSpark(raw, tc.spark); err != nil || got != tc.want {
				t.Errorf("CanonSpark = %s, %v; want %s", got, err, tc.want)
			}
			if got, err := literal(tc.v, tc.t); err != nil || got != tc.sqlLit {
				t.Errorf("literal = %s, %v; want %s", got, err, tc.sqlLit)
			}
		})
	}
	if canonGo(int64(1), str) == canonGo("1", str) {
		t.Error("a value of the wrong Go type reads as a value")
	}
}

// TestCompare: a type, a row or a refusal by Spark alone is a difference;
// etlgen's refusal is not.
func TestCompare(t *testing.T) {
	c := Case{Name: "x", Cols: []Var{N}, Rows: [][]any{{int64(1)}, {nil}}}
	ok := Answer{Type: "bigint", Rows: []string{"1", "NULL"}}
	tests := []struct {
		name         string
		local, spark Answer
		diffs        int
	}{
		{"equal", ok, ok, 0},
		{"a row", ok, Answer{Type: "bigint", Rows: []string{"1", "error: DIVIDE_BY_ZERO"}}, 1},
		{"the type", ok, Answer{Type: "int", Rows: ok.Rows}, 1},
		{"Spark refuses", ok, Answer{Refused: "DATATYPE_MISMATCH"}, 1},
		{"etlgen refuses", Answer{Refused: "ETL-D236"}, ok, 0},
	}
	for _, tc := range tests {
		if got := Compare(c, tc.local, tc.spark); len(got) != tc.diffs {
			t.Errorf("%s: %q, want %d differences", tc.name, got, tc.diffs)
		}
	}
}
