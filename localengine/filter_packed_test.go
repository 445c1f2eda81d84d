package localengine

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// packedFilterRows are rows of every packed kind, with values repeated
// from the row before (packSame) in the columns a filter reads and in the
// others.
func packedFilterRows() []Row {
	huge, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	at := time.Unix(1784113800, 123456789).UTC()
	day := contracts.Date{Year: 2026, Month: time.July, Day: 15}
	return []Row{
		{"evt-1", "paid", int64(1) << 40, int32(-5), true, 1.5, decimal.New(1999, -2), at, day, nil},
		{"evt-2", "cancelled", int64(7), int32(5), false, -2.5, decimal.NewFromBigInt(huge, -2), at, day, "x"},
		{"evt-3", "paid", int64(7), int32(5), false, -2.5, decimal.New(0, -2), at.Add(time.Second), day, "x"},
		{"evt-4", "paid", int64(-3), nil, true, 0.0, decimal.New(-42, 0), at, contracts.Date{Year: 1, Month: 1, Day: 1}, nil},
		{"evt-5", "refunded", int64(-3), nil, true, 0.0, decimal.New(-42, 0), at, day, nil},
		{"evt-6", "paid", int64(0), int32(0), false, 3.25, decimal.New(5, -2), at, day, "y"},
	}
}

// skipValue ends each packed value where unpackValue does.
func TestSkipValue(t *testing.T) {
	var pr packedRows
	rows := packedFilterRows()
	if !pr.add(rows) {
		t.Fatal("the rows did not pack")
	}
	b := pr.chunks[0]
	for at := 0; at < len(b); {
		next := skipValue(b, at)
		_, rest := unpackValue(b[at:], newBoxes(1))
		if b[at] == packSame {
			rest = b[at+1:]
		}
		if want := len(b) - len(rest); next != want {
			t.Fatalf("skipValue at %d (tag %d) = %d; want %d", at, b[at], next, want)
		}
		at = next
	}
}

// A filter over a packed batch keeps the rows, and sees the values, that
// it keeps and sees over the unpacked rows.
func TestUnpackRowsWhere(t *testing.T) {
	rows := packedFilterRows()
	var pr packedRows
	if !pr.add(rows) {
		t.Fatal("the rows did not pack")
	}
	cases := []struct {
		name string
		need []int
		keep func(Row) bool
	}{
		{"status paid", []int{1}, func(r Row) bool { return r[1] == "paid" }},
		{"none", []int{1}, func(r Row) bool { return false }},
		{"all", nil, func(r Row) bool { return true }},
		{"repeated values", []int{2, 3}, func(r Row) bool { return r[2] == int64(7) || r[3] == nil }},
		{"decimal and time", []int{6, 7}, func(r Row) bool {
			d, _ := r[6].(decimal.Decimal)
			tm, _ := r[7].(time.Time)
			return d.Sign() <= 0 || tm.Nanosecond() == 0
		}},
		{"last column", []int{9}, func(r Row) bool { return r[9] != nil }},
	}
	eq := cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) && a.Exponent() == b.Exponent() })
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			need := make([]bool, pr.width)
			for _, j := range tc.need {
				need[j] = true
			}
			var want []Row
			var seen, wantSeen []Row
			for _, r := range pr.unpack(0) {
				wantSeen = append(wantSeen, project(r, need))
				if tc.keep(r) {
					want = append(want, r)
				}
			}
			got := unpackRowsWhere(pr.chunks[0], pr.rows[0], pr.width, need, func(r Row) bool {
				seen = append(seen, append(Row(nil), r...))
				return tc.keep(r)
			}, nil)
			if diff := cmp.Diff(want, got, eq); diff != "" {
				t.Errorf("rows kept (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantSeen, seen, eq); diff != "" {
				t.Errorf("values the filter saw (-want +got):\n%s", diff)
			}
		})
	}
}

// project is r with the columns need does not mark NULL.
func project(r Row, need []bool) Row {
	out := make(Row, len(r))
	for j, n := range need {
		if n {
			out[j] = r[j]
		}
	}
	return out
}

// A filter marks the columns its predicate reads, and none when it reads
// one the schema lacks.
func TestExprColumns(t *testing.T) {
	s := NewSchema([]Column{{Name: "a"}, {Name: "b"}, {Name: "c"}})
	col := func(n string) *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: n} }
	cases := []struct {
		name string
		e    *ir.Expr
		want []bool
		ok   bool
	}{
		{"one column", &ir.Expr{Kind: ir.ExprCall, Name: "=", Args: []*ir.Expr{col("b"), {Kind: ir.ExprLiteral, Value: "paid"}}}, []bool{false, true, false}, true},
		{"nested", &ir.Expr{Kind: ir.ExprCase, Args: []*ir.Expr{col("a"), {Kind: ir.ExprCast, Args: []*ir.Expr{col("c")}}}}, []bool{true, false, true}, true},
		{"unknown column", &ir.Expr{Kind: ir.ExprCall, Name: "and", Args: []*ir.Expr{col("a"), col("z")}}, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			need := make([]bool, 3)
			ok := exprColumns(tc.e, s, need)
			if ok != tc.ok || (ok && !cmp.Equal(need, tc.want)) {
				t.Errorf("exprColumns = %v, %v; want %v, %v", need, ok, tc.want, tc.ok)
			}
		})
	}
}

// A filtered column with more distinct strings than the cursor keeps
// gives the same rows as one with few.
func TestUnpackRowsWhereManyStrings(t *testing.T) {
	var rows []Row
	for i := range 3 * maxStrs {
		rows = append(rows, Row{fmt.Sprintf("s-%d", i%(2*maxStrs)), int64(i)})
	}
	var pr packedRows
	if !pr.add(rows) {
		t.Fatal("the rows did not pack")
	}
	keep := func(r Row) bool { return len(r[0].(string))%2 == 0 }
	var want []Row
	for _, r := range rows {
		if keep(r) {
			want = append(want, r)
		}
	}
	got := unpackRowsWhere(pr.chunks[0], pr.rows[0], pr.width, []bool{true, false}, keep, nil)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows kept (-want +got):\n%s", diff)
	}
}
