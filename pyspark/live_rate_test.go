package pyspark_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestLiveRateSource runs the rate pipeline (testdata/rate_source: Spark's
// rate source, typed rows, a stateless step, a Delta append) on the stack,
// on one checkpoint:
//
//  1. available-now on a new checkpoint reads nothing: the rate source's
//     offset is the seconds since its first batch, so the one batch Spark
//     plans at the start holds no rows (Spark 4.1, measured here);
//  2. processing-time (1s), stopped with SIGTERM after three batches with
//     rows: the program finishes the batch and exits 0;
//  3. available-now again reads the rows generated since, up to its start.
//
// The table holds the values 0..n-1, each once, growing run after run:
// no row is lost or written twice across the stop and the restarts.
func TestLiveRateSource(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	irFile := filepath.Join("testdata", "rate_source", "ir.json")
	profileWith := func(trigger string) func(*liveStack) string {
		return func(s *liveStack) string {
			return s.profile(trigger, `
  ticks: {plugin: rate, rows_per_second: 5, ramp_up_time: 2s, num_partitions: 2}
  tagged_ticks: {plugin: delta, table: `+s.db+`.ticks, write_mode: append}`)
		}
	}
	s := startLiveWith(t, irFile, profileWith("{type: available-now}"))

	res, _ := s.run()
	if _, _, input, _ := sums(res, "tagged_ticks"); input != 0 {
		t.Errorf("available-now on a new checkpoint read %d rows, want 0", input)
	}

	s.generate(irFile, profileWith("{type: processing-time, interval: 1s}")(s))
	s.runUntil(3)
	n := s.checkTicks(0)

	s.generate(irFile, profileWith("{type: available-now}")(s))
	res, starts := s.run()
	if starts["tagged_ticks"] != "checkpoint-recovery" {
		t.Errorf("third run start = %q, want checkpoint-recovery", starts["tagged_ticks"])
	}
	_, _, input, _ := sums(res, "tagged_ticks")
	for _, b := range res.Batches {
		t.Logf("run 3: batch %d: %d rows, offsets %s → %s, replay %v", b.BatchID, b.InputRows, string(b.StartOffsets), string(b.EndOffsets), b.Replay)
	}
	if got := s.checkTicks(n); int64(got-n) != input {
		t.Errorf("available-now after the stop read %d rows, the table grew by %d", input, got-n)
	}
	if bad := s.rowsOf("SELECT count(*) AS k FROM " + s.db + ".ticks WHERE minute <> minute(timestamp)"); bad[0] != "0" {
		t.Errorf("%s rows with a minute other than their timestamp's", bad[0])
	}
}

// runUntil runs the program until `batches` micro-batches with rows have
// run, then stops it with SIGTERM: it must finish the batch and exit 0.
func (s *liveStack) runUntil(batches int) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	seen := make(chan struct{}, 1000)
	h, err := sparkrun.Run(ctx, s.program, sparkrun.RunOptions{Python: s.py, OnEvent: func(ev events.Event) {
		if ev.Batch != nil && ev.Batch.InputRows > 0 {
			seen <- struct{}{}
		}
	}})
	if err != nil {
		s.t.Fatal(err)
	}
	for range batches {
		select {
		case <-seen:
		case <-ctx.Done():
			s.t.Fatalf("fewer than %d batches with rows before the timeout", batches)
		}
	}
	if err := h.Stop(ctx); err != nil {
		s.t.Fatal(err)
	}
	res, err := h.Await(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	if res.Status != "stopped" || res.ExitCode != 0 {
		s.t.Fatalf("end = %+v, want stopped with exit 0", res.End)
	}
}

// checkTicks checks that the ticks table holds the values 0..n-1, each
// once, with more than `before` rows, and returns n.
func (s *liveStack) checkTicks(before int) int {
	s.t.Helper()
	row := s.query("SELECT count(*) AS n, count(DISTINCT value) AS d, coalesce(min(value), 0) AS lo, coalesce(max(value), -1) AS hi FROM " + s.db + ".ticks")[0][0]
	n, _ := strconv.Atoi(fmt.Sprint(row["n"]))
	if fmt.Sprint(row["d"]) != fmt.Sprint(n) || fmt.Sprint(row["lo"]) != "0" || fmt.Sprint(row["hi"]) != fmt.Sprint(n-1) {
		s.t.Errorf("ticks: %v, want the values 0..%d each once", row, n-1)
	}
	if n <= before {
		s.t.Errorf("ticks: %d rows, want more than %d", n, before)
	}
	return n
}
