package localengine

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

// TestRateValueAt checks the table of RateStreamProvider.valueAtSecond's
// comment (rampUpTime 4s, rowsPerSecond 10) and a source without ramp-up.
func TestRateValueAt(t *testing.T) {
	var got []int64
	for s := int64(0); s <= 6; s++ {
		got = append(got, rateValueAt(s, 10, 4))
	}
	if want := []int64{0, 2, 6, 12, 20, 30, 40}; !cmp.Equal(got, want) {
		t.Errorf("ramp-up values = %v; want %v", got, want)
	}
	if got := rateValueAt(3, 5, 0); got != 15 {
		t.Errorf("valueAt(3s, 5/s) = %d; want 15", got)
	}
}

// rateRows renders rows (timestamp, value) as "time-after-t0:value".
func rateRows(t0 time.Time, rows []Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r[0].(time.Time).Sub(t0).String()+":"+strconv.FormatInt(r[1].(int64), 10))
	}
	return out
}

func TestRateSourceOffsetsAndRows(t *testing.T) {
	t0 := at("2026-07-15T12:00:00Z")
	now := t0.Add(2500 * time.Millisecond)
	r := &RateSource{Name: "ticks", RowsPerSecond: 4, Start: t0, Now: func() time.Time { return now }}
	end, ok, err := r.Next(Offset{})
	if err != nil || !ok || end.N != 2 {
		t.Fatalf("Next = %+v %v %v; want 2 whole seconds", end, ok, err)
	}
	rows, err := r.ReadRows(Offset{}, end)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0s:0", "250ms:1", "500ms:2", "750ms:3", "1s:4", "1.25s:5", "1.5s:6", "1.75s:7"}
	if diff := cmp.Diff(want, rateRows(t0, rows)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if _, ok, _ := r.Next(end); ok {
		t.Error("Next proposed data within the same second")
	}
	// a recovered end offset beyond the clock is never gone back on
	if o, ok, _ := r.Next(Offset{N: 5}); ok || o.N != 5 {
		t.Errorf("Next after a later offset = %+v %v; want 5, no data", o, ok)
	}
}

// TestRateSourceRampUp: the values of a batch spread evenly over its
// seconds (RateStreamMicroBatchPartitionReader's relativeMsPerValue).
func TestRateSourceRampUp(t *testing.T) {
	t0 := at("2026-07-15T12:00:00Z")
	r := &RateSource{Name: "ticks", RowsPerSecond: 10, RampUp: 4 * time.Second, Start: t0}
	rows, err := r.ReadRows(Offset{N: 0}, Offset{N: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0s:0", "333ms:1", "667ms:2", "1s:3", "1.333s:4", "1.667s:5"}
	if diff := cmp.Diff(want, rateRows(t0, rows)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if _, err := r.ReadRows(Offset{N: 2}, Offset{N: 1}); err == nil {
		t.Error("offsets going backwards read rows")
	}
}

// rateDoc is pipeline "p" loading rate source "ticks" (contract tick:
// timestamp as event time, value) into "out".
func rateDoc() *ir.Document {
	tick := contract("tick", field("timestamp", tTime), field("value", tInt64))
	tick.Fields[0].EventTime = true
	p := ir.Pipeline{ID: "p", Version: "1.0.0", Extracts: []ir.Extract{{Asset: "ticks", Contract: "tick"}},
		Loads: []ir.Load{{Asset: "out", From: ir.Ref{Node: "ticks", Port: ir.PortValid}, Contract: "tick"}}}
	return &ir.Document{IRVersion: ir.Version, Contracts: []contracts.Contract{tick}, Pipelines: []ir.Pipeline{p}}
}

// TestRateSourceInEngine: a rate source reads up to the processing-time
// clock, typed rows without validation; a restart keeps the creation time
// from the checkpoint and continues after the committed offset; a replayed
// batch regenerates the same rows.
func TestRateSourceInEngine(t *testing.T) {
	dir := t.TempDir()
	m, _ := planProfile(t, rateDoc(), dir, "", map[string]string{"ticks": "{plugin: rate, rows_per_second: 2}", "out": "{plugin: memory}"}, planner.Options{}, false)
	t0 := at("2026-07-15T12:00:00Z")
	now := t0
	env := &Env{Clock: func() time.Time { return now }}
	var eng *Engine
	open := func() *Engine {
		t.Helper()
		if eng != nil {
			eng.Close()
		}
		var err error
		if eng, err = Open(m, "p", env); err != nil {
			t.Fatalf("open: %v", err)
		}
		t.Cleanup(func() { eng.Close() })
		return eng
	}
	var runs []*Progress
	run := func(eng *Engine) {
		t.Helper()
		if err := eng.RunAvailable(func(p *Progress) { runs = append(runs, p) }); err != nil {
			t.Fatal(err)
		}
	}
	eng = open()
	run(eng) // no second has passed: no batch
	now = now.Add(1500 * time.Millisecond)
	run(eng)
	eng = open() // restart, half a second later than the last offset
	now = now.Add(1600 * time.Millisecond)
	run(eng)
	want := []string{"0s:0", "500ms:1", "1s:2", "1.5s:3", "2s:4", "2.5s:5"}
	_, rows := env.Tables["out"].Rows()
	if diff := cmp.Diff(want, rateRows(t0, rows)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if len(runs) != 2 || runs[0].EndOffsets["ticks"].N != 1 || runs[1].StartOffsets["ticks"].N != 1 || runs[1].EndOffsets["ticks"].N != 3 {
		t.Fatalf("batches %+v; want seconds 0..1, then 1..3", runs)
	}
	if p := runs[1]; p.InputRows != 4 || p.InvalidRows != 0 || !eng.Queries[0].Recovered {
		t.Errorf("second batch: %d input rows, %d invalid, recovered %v; want 4, 0, true", p.InputRows, p.InvalidRows, eng.Queries[0].Recovered)
	}
	if _, err := os.Stat(filepath.Join(eng.Queries[0].Checkpoint, "sources", "ticks", "0")); err != nil {
		t.Errorf("the checkpoint records no rate start time: %v", err)
	}
	r, err := eng.Queries[0].Replay(1)
	if err != nil || !r.Skipped || !cmp.Equal(rateRows(t0, r.Rows), want[2:]) {
		t.Fatalf("replay of batch 1 = %+v %v; want %v, skipped", r, err, want[2:])
	}
}
