package localengine

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// TestBoxes checks that values boxed into slabs are the interfaces Go's
// own boxing gives: equal under ==, DeepEqual and a type switch, printed
// alike, over more values than one array holds, and still whole after
// collections that free everything else.
func TestBoxes(t *testing.T) {
	bx := newBoxes(3) // small arrays: most values start a new one
	t0 := time.Date(2026, 7, 15, 10, 0, 0, 500, time.UTC)
	var got, want []any
	for i := range 50 {
		n := int64(i)*1_000_003 - 7_000_000
		s := fmt.Sprintf("evt-%d", i)
		tm := t0.Add(time.Duration(i) * time.Hour)
		d := decimal.New(n, -2)
		got = append(got, bx.boxInt(n), bx.boxString(s), bx.boxTime(tm), bx.boxDecimal(d), bx.boxInt(int64(i)))
		want = append(want, n, s, tm, d, int64(i))
	}
	runtime.GC()
	runtime.GC()
	for i := range got {
		g, w := got[i], want[i]
		if reflect.TypeOf(g) != reflect.TypeOf(w) || !reflect.DeepEqual(g, w) || fmt.Sprint(g) != fmt.Sprint(w) {
			t.Fatalf("value %d: %T %v, want %T %v", i, g, g, w, w)
		}
		switch x := g.(type) {
		case decimal.Decimal:
			if !x.Equal(w.(decimal.Decimal)) {
				t.Fatalf("value %d: %v, want %v", i, x, w)
			}
		default:
			if g != w {
				t.Fatalf("value %d: %v != %v", i, g, w)
			}
		}
	}
	if m := map[any]int{got[0]: 1}; m[want[0]] != 1 {
		t.Errorf("a boxed int64 does not hash as Go's: %v", m)
	}
}

// TestBoxesAllocate checks that a slab allocates an array per maxSlab
// values, not a value each.
func TestBoxesAllocate(t *testing.T) {
	bx := newBoxes(1 << 12)
	bx.boxString("warm")
	bx.boxTime(time.Time{})
	bx.boxInt(1 << 40)
	if a := testing.AllocsPerRun(1000, func() {
		boxSink = bx.boxString("s")
		boxSink = bx.boxTime(time.Unix(1, 0).UTC())
		boxSink = bx.boxInt(1 << 40)
	}); a > 3.5/maxSlab {
		t.Errorf("%v allocations per three values, want about 3/%d", a, maxSlab)
	}
}

// TestNewDecimal checks that the decimals newDecimal makes in a chunk's
// arrays are decimal.New's, under the package's own operations, which
// leave them as they were.
func TestNewDecimal(t *testing.T) {
	if !decimalFits {
		t.Fatal("decimal.Decimal's layout changed: newDecimal falls back to decimal.New (box_slab.go)")
	}
	bx := newBoxes(2)
	one := decimal.New(1, -2)
	for _, n := range []int64{0, 1, -1, 84327, -99999, 1<<63 - 1, -1 << 63} {
		for _, exp := range []int32{-18, -2, 0, 5} {
			got, want := bx.newDecimal(n, exp), decimal.New(n, exp)
			s := got.String()
			for _, op := range []func(decimal.Decimal) decimal.Decimal{
				func(d decimal.Decimal) decimal.Decimal { return d.Add(one) },
				func(d decimal.Decimal) decimal.Decimal { return d.Sub(d) },
				func(d decimal.Decimal) decimal.Decimal { return d.Mul(d) },
				func(d decimal.Decimal) decimal.Decimal { return d.Neg() },
				func(d decimal.Decimal) decimal.Decimal { return d.Round(1) },
				func(d decimal.Decimal) decimal.Decimal { return d.Abs() },
			} {
				if g, w := op(got), op(want); !g.Equal(w) || g.String() != w.String() {
					t.Errorf("decimal %d e%d: %s, want %s", n, exp, g, w)
				}
			}
			if got.String() != s || s != want.String() || got.Cmp(want) != 0 || got.StringFixed(3) != want.StringFixed(3) {
				t.Errorf("decimal %d e%d: %s (%s before the operations), want %s", n, exp, got, s, want)
			}
		}
	}
	if a := testing.AllocsPerRun(100, func() { boxSink = newBoxes(1<<12).newDecimal(-12345, -2) }); a > 4 {
		t.Errorf("%v allocations for a decimal in new arrays, want the arrays' only", a)
	}
	bx = newBoxes(1 << 12)
	if a := testing.AllocsPerRun(1000, func() { boxSink = bx.boxDecimal(bx.newDecimal(-12345, -2)) }); a > 3.5/maxSlab {
		t.Errorf("%v allocations per decimal, want about 3/%d", a, maxSlab)
	}
}
