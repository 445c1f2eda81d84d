package localengine

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// TestGroupTableCodec: groups folded and merged in a groupTable, every
// aggregate function in its column layout, give the results and state
// records of the same groups folded into accStates (aggGroup, the state
// files' form), byte for byte; the records read back into a table encode
// again to the same bytes.
func TestGroupTableCodec(t *testing.T) {
	var aggs []*aggFn
	for _, k := range []ir.Func{ir.AggCount, ir.AggSum, ir.AggAvg, ir.AggMin, ir.AggMax, ir.AggFirst,
		ir.AggLast, ir.AggApproxCountDistinct, ir.AggMinBy, ir.AggMaxBy} {
		aggs = append(aggs, &aggFn{kind: k, arg: func(r Row) any { return r[0] }, ord: func(r Row) any { return r[1] }})
	}
	t0 := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	rows := []Row{
		{decimal.RequireFromString("1.25"), t0},
		{decimal.RequireFromString("-3.5"), t0.Add(time.Minute)},
		{nil, t0.Add(-time.Minute)},
		{decimal.RequireFromString("92233720368547758.07"), nil},
		{decimal.RequireFromString("0.01"), t0},
	}
	tbl := newGroupTable(2, aggs)
	keys := []any{"c1", int64(7)}
	a, b := tbl.add(keys, 10, 20), tbl.add(keys, 15, 30)
	want := []*aggGroup{{Keys: keys, Start: 10, End: 30, Accs: make([]accState, len(aggs))}}
	later := make([]accState, len(aggs))
	for i, r := range rows {
		g, accs := a, want[0].Accs
		if i%2 == 1 {
			g, accs = b, later
		}
		tbl.fold(g, aggs, r)
		for j, f := range aggs {
			f.add(&accs[j], r)
		}
	}
	tbl.merge(a, b, aggs)
	tbl.remove(b)
	tbl.setBounds(a, tbl.start(a), 30)
	for j, f := range aggs {
		f.merge(&want[0].Accs[j], later[j])
		if diff := cmp.Diff(f.result(&want[0].Accs[j], nil), tbl.result(a, j, f, newBoxes(1)), cmp.Comparer(decimal.Decimal.Equal)); diff != "" {
			t.Errorf("%s (-accState +table):\n%s", f.kind, diff)
		}
	}
	var we, ge valueEncoder
	if err := groupsCodec.enc(&we, want); err != nil {
		t.Fatal(err)
	}
	codec := tableCodec(&tbl)
	if err := codec.enc(&ge, a); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(we.b, ge.b) {
		t.Fatalf("table record %x; want %x", ge.b, we.b)
	}
	read := newGroupTable(2, aggs)
	rc := tableCodec(&read)
	d := valueDecoder{b: ge.b}
	g := rc.dec(&d)
	var again valueEncoder
	if err := rc.enc(&again, g); d.err != nil || err != nil || !bytes.Equal(again.b, we.b) {
		t.Fatalf("read back: %v, %v; record %x, want %x", d.err, err, again.b, we.b)
	}
}

// TestGroupTableMismatch: a record whose groups have other numbers of
// keys or accumulators than the table's reads as a corrupt state.
func TestGroupTableMismatch(t *testing.T) {
	aggs := []*aggFn{{kind: ir.AggCount}}
	var e valueEncoder
	if err := groupsCodec.enc(&e, []*aggGroup{{Keys: []any{"a"}, Accs: []accState{{N: 1}, {N: 2}}}}); err != nil {
		t.Fatal(err)
	}
	tbl := newGroupTable(1, aggs)
	d := valueDecoder{b: e.b}
	if tableCodec(&tbl).dec(&d); d.err == nil {
		t.Error("two accumulators read into a table of one aggregate")
	}
	if len(tbl.free) != 0 && tbl.size() != len(tbl.free) {
		t.Errorf("a rejected record left %d groups in the table", tbl.size()-len(tbl.free))
	}
}

// TestGroupTableShrink: once most groups are removed, shrink renumbers
// those held densely, each key's groups in their order with their
// accumulators; a table mostly held is left as it is.
func TestGroupTableShrink(t *testing.T) {
	aggs := []*aggFn{{kind: ir.AggCount}, {kind: ir.AggMax, arg: func(r Row) any { return r[0] }}}
	tbl := newGroupTable(1, aggs)
	heads := map[string]int32{}
	for i := range 2 * shrinkMin {
		k := fmt.Sprint(i / 2) // two groups a key
		g := tbl.add([]any{k}, int64(i), int64(i+1))
		for range i % 5 {
			tbl.fold(g, aggs, Row{int64(i)})
		}
		if i%2 == 0 {
			heads[k] = g
		} else {
			tbl.setNext(heads[k], g)
		}
	}
	want := map[string][]*aggGroup{}
	for k, head := range heads {
		if n, _ := strconv.Atoi(k); n%8 != 0 { // 7 keys of 8 evicted
			for _, g := range tbl.collect(head, nil) {
				tbl.remove(g)
			}
			delete(heads, k)
			continue
		}
		want[k] = tbl.groupsOf(head)
	}
	tbl.shrink(heads)
	if got := tbl.size(); got != 2*len(want) || len(tbl.free) != 0 {
		t.Fatalf("shrunk to %d group numbers, %d free; want %d, none free", got, len(tbl.free), 2*len(want))
	}
	got := map[string][]*aggGroup{}
	for k, head := range heads {
		got[k] = tbl.groupsOf(head)
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(aggGroup{})); diff != "" {
		t.Errorf("groups after shrink (-want +got):\n%s", diff)
	}
	before := tbl.size()
	tbl.remove(heads["0"])
	tbl.shrink(heads)
	if tbl.size() != before {
		t.Errorf("a table with one group of %d free shrank to %d", before, tbl.size())
	}
}
