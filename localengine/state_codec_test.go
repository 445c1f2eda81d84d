package localengine

import (
	"bufio"
	"bytes"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// TestStateValueCodec: every engine value reads back from the state
// files' binary form as it was written, its Go type included (int32 stays
// int32, a decimal keeps its exponent, a time its nanoseconds); a value of
// another type is an error, and a cut value reads as errCorrupt.
func TestStateValueCodec(t *testing.T) {
	values := []any{
		nil, "", "naïve", true, false, int32(-7), int64(math.MinInt64), int64(42), 3.25, math.Inf(-1),
		decimal.RequireFromString("12.50"), decimal.RequireFromString("-0.001"), decimal.New(5, 3),
		time.Date(2026, 7, 15, 10, 0, 0, 123456789, time.UTC), time.Time{},
		contracts.Date{Year: 2026, Month: time.July, Day: 15},
		[]any{}, []any{int64(1), "a", nil, []any{int32(2)}},
		map[string]any{"b": int64(1), "a": map[string]any{"x": decimal.New(1, -2)}},
	}
	for _, v := range values {
		var e valueEncoder
		if err := e.value(v); err != nil {
			t.Fatalf("encode %#v: %v", v, err)
		}
		d := valueDecoder{b: e.b}
		got := d.value()
		if d.err != nil || len(d.b) != 0 {
			t.Fatalf("decode %#v: %v, %d bytes left", v, d.err, len(d.b))
		}
		if !cmp.Equal(v, got, cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) && a.Exponent() == b.Exponent() })) {
			t.Errorf("round trip: %#v (%T) became %#v (%T)", v, v, got, got)
		}
		for cut := range len(e.b) {
			d := valueDecoder{b: e.b[:cut]}
			d.value()
			if len(d.b) == 0 && d.err == nil && cut < len(e.b) {
				t.Errorf("%#v cut to %d of %d bytes decoded without an error", v, cut, len(e.b))
			}
		}
	}
	var e valueEncoder
	if err := e.value(struct{}{}); err == nil {
		t.Error("a struct{} value encoded without an error")
	}
}

// TestStateRecordsCorrupt: aggregation groups (every accumulator field
// set) read back from their records as written, and a state file cut
// anywhere reads as an error, never as a shorter state.
func TestStateRecordsCorrupt(t *testing.T) {
	st := newKeyedState(groupsCodec)
	every := accState{N: 2, Sum: decimal.New(125, -2), V: "x", Has: true, Ord: time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC),
		Seen: map[string]bool{"x": true, "y": false}, Scaled: true, IntSum: 1250, Exp: -2} // every field set
	st.set("a", []*aggGroup{{Keys: []any{"a", int64(1)}, Accs: []accState{every, {N: 1, Sum: int64(3)}}}})
	st.set("b", []*aggGroup{{Keys: []any{"b"}, Start: 1, End: 2, Accs: []accState{{}}}})
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	if err := st.write(&stateWriter{w: bw}, true); err != nil {
		t.Fatal(err)
	}
	bw.Flush()
	data := buf.Bytes()
	for cut := 0; cut < len(data); cut++ {
		got := newKeyedState(groupsCodec)
		err := got.read(&stateReader{r: bufio.NewReader(bytes.NewReader(data[:cut]))}, true)
		if !errors.Is(err, errCorrupt) {
			t.Fatalf("cut at %d of %d: %v; want errCorrupt", cut, len(data), err)
		}
	}
	got := newKeyedState(groupsCodec)
	if err := got.read(&stateReader{r: bufio.NewReader(bytes.NewReader(data))}, true); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(st.m, got.m, cmp.AllowUnexported(aggGroup{}), cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) && a.Exponent() == b.Exponent() })); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
}

// FuzzStateValue: decoding arbitrary bytes never panics, and what
// decodes encodes again and reads back the same.
func FuzzStateValue(f *testing.F) {
	for _, v := range []any{nil, "a", int64(1), []any{int32(1), 2.5}, map[string]any{"k": true}} {
		var e valueEncoder
		if err := e.value(v); err != nil {
			f.Fatal(err)
		}
		f.Add(e.b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := valueDecoder{b: data}
		v := d.value()
		if d.err != nil {
			return
		}
		var e valueEncoder
		if err := e.value(v); err != nil {
			t.Fatalf("decoded %#v does not encode: %v", v, err)
		}
		d2 := valueDecoder{b: e.b}
		if again := d2.value(); d2.err != nil || !cmp.Equal(v, again, cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) }), cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })) {
			t.Fatalf("%#v reads back as %#v (%v)", v, again, d2.err)
		}
	})
}
