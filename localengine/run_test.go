package localengine

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// passDoc is pipeline "p" loading the valid rows of source "in"
// (contract ev) into sink "out" as they are.
func passDoc() *ir.Document {
	p := ir.Pipeline{ID: "p", Version: "1.0.0", Extracts: []ir.Extract{{Asset: "in", Contract: "ev"}},
		Loads: []ir.Load{{Asset: "out", From: ir.Ref{Node: "in", Port: ir.PortValid}, Contract: "ev"}}}
	return &ir.Document{IRVersion: ir.Version, Contracts: []contracts.Contract{evContract}, Pipelines: []ir.Pipeline{p}}
}

// fileEngine opens pipeline "p" of fileModel.
func fileEngine(t *testing.T, files int) *Engine {
	t.Helper()
	eng, err := Open(fileModel(t, files), "p", nil)
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// fileModel plans pipeline "p" loading file-json source "in" (contract
// ev, one file per batch) into memory sink "out", with files files of one
// event each in the source directory.
func fileModel(t *testing.T, files int) *planner.Model {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "in")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range files {
		ev := `{"k":"a","v":` + strconv.Itoa(i) + `,"t":"2026-07-15T10:00:00Z"}` + "\n"
		if err := os.WriteFile(filepath.Join(src, "f"+strconv.Itoa(i)+".json"), []byte(ev), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	assets := map[string]string{"in": "{plugin: file-json, path: " + strconv.Quote(src) + ", max_files_per_trigger: 1}", "out": "{plugin: memory}"}
	m, _ := planProfile(t, passDoc(), dir, "", assets, planner.Options{}, false)
	return m
}

func TestRunOnceRunsOneBatchPerQuery(t *testing.T) {
	eng := fileEngine(t, 3)
	n := 0
	if err := eng.Run(context.Background(), profile.Trigger{Type: profile.TriggerOnce}, func(*Progress) { n++ }); err != nil {
		t.Fatal(err)
	}
	if n != 1 || eng.Queries[0].NextBatch() != 1 {
		t.Errorf("once ran %d batches (next %d); want 1", n, eng.Queries[0].NextBatch())
	}
}

// TestRunAvailableNowStopsAfterTheBatchInFlight: a cancelled run stops
// after the batch that was running, leaving the backlog to the next run.
func TestRunAvailableNowStopsAfterTheBatchInFlight(t *testing.T) {
	for _, typ := range []string{profile.TriggerAvailableNow, ""} {
		t.Run("trigger "+typ, func(t *testing.T) {
			eng := fileEngine(t, 3)
			ctx, cancel := context.WithCancel(context.Background())
			n := 0
			err := eng.Run(ctx, profile.Trigger{Type: typ}, func(*Progress) { n++; cancel() })
			if err != nil || n != 1 {
				t.Fatalf("cancelled run: %d batches, %v; want 1", n, err)
			}
			if err := eng.Run(context.Background(), profile.Trigger{Type: typ}, func(*Progress) { n++ }); err != nil {
				t.Fatal(err)
			}
			if n != 3 || eng.Queries[0].NextBatch() != 3 {
				t.Errorf("%d batches in all (next %d); want 3, one per file", n, eng.Queries[0].NextBatch())
			}
		})
	}
}

// TestRunPinsProcessingTime: a trigger reads a rate source up to the time
// it fired, so an available-now run ends even when the clock runs on.
func TestRunPinsProcessingTime(t *testing.T) {
	dir := t.TempDir()
	m, _ := planProfile(t, rateDoc(), dir, "", map[string]string{"ticks": "{plugin: rate}", "out": "{plugin: memory}"}, planner.Options{}, false)
	now, calls := at("2026-07-15T12:00:00Z"), 0
	env := &Env{Clock: func() time.Time { // a second a reading, for 50 readings
		if calls++; calls <= 50 {
			now = now.Add(time.Second)
		}
		return now
	}}
	eng, err := Open(m, "p", env)
	if err != nil {
		t.Fatal(err)
	}
	var runs []*Progress
	if err := eng.Run(context.Background(), profile.Trigger{Type: profile.TriggerAvailableNow}, func(p *Progress) { runs = append(runs, p) }); err != nil {
		t.Fatal(err)
	}
	if len(runs) != 1 || runs[0].InputRows != 1 {
		t.Fatalf("available-now ran %d batches; want 1 of one row (the second until it fired)", len(runs))
	}
}

// TestRunProcessingTime: every interval reads what arrived since, until
// ctx ends.
func TestRunProcessingTime(t *testing.T) {
	dir := t.TempDir()
	m, _ := planProfile(t, rateDoc(), dir, "", map[string]string{"ticks": "{plugin: rate, rows_per_second: 3}", "out": "{plugin: memory}"}, planner.Options{}, false)
	now := at("2026-07-15T12:00:00Z")
	env := &Env{Clock: func() time.Time { return now }}
	eng, err := Open(m, "p", env)
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var rows []int
	err = eng.Run(ctx, profile.Trigger{Type: profile.TriggerProcessingTime, Interval: time.Millisecond}, func(p *Progress) {
		rows = append(rows, p.InputRows)
		now = now.Add(2 * time.Second) // what the next trigger reads
		if len(rows) == 3 {
			cancel()
		}
	})
	if err != nil || len(rows) != 3 {
		t.Fatalf("processing-time run: batches %v, %v; want 3", rows, err)
	}
	if rows[0] != 3 || rows[1] != 6 || rows[2] != 6 {
		t.Errorf("rows per trigger %v; want [3 6 6]", rows)
	}
	if ctx.Err() != context.Canceled {
		t.Errorf("the run ended with %v, not the cancellation", ctx.Err())
	}
}
