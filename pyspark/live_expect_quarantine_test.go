package pyspark_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	expectquarantine "github.com/etlgen/etlgen/pyspark/testdata/expect_quarantine"
	"github.com/etlgen/etlgen/testkit"
)

// reading is a payload of testdata/expect_quarantine's readings.
func reading(id, device string, celsius, battery int) string {
	return fmt.Sprintf(`{"reading_id":%q,"device_id":%q,"celsius":%d,"battery":%d,"read_at":"2026-07-15T10:00:00Z"}`, id, device, celsius, battery)
}

// quarantineBatch0 breaks each expectation of testdata/expect_quarantine
// but the one that fails: r2 has no device (dropped), r3 and r5 are too
// hot (warned), r4 and r5 have a low battery (quarantined).
var quarantineBatch0 = []string{reading("r1", "a", 20, 50), reading("r2", "", 20, 50), reading("r3", "b", 70, 50),
	reading("r4", "c", 20, 5), reading("r5", "d", 75, 3)}

// The counts of batch 0 of query readings, the readings it writes and the
// held readings (id and reason).
var (
	quarantineCounts = []string{"known_device=4/1(drop)", "plausible=2/2(warn)", "battery_ok=2/2(quarantine)", "not_frozen=2/0(fail)"}
	quarantineKept   = []string{"r1", "r3"}
	quarantineHeld   = []string{"r4 battery_ok sensor-readings", "r5 battery_ok sensor-readings"}
)

// TestQuarantineLocal runs testdata/expect_quarantine's batch 0 on the
// local engine: the counts, kept and held readings TestLiveExpectQuarantine
// wants of Spark.
func TestQuarantineLocal(t *testing.T) {
	rt := testkit.Start(t, expectquarantine.Pipeline)
	for _, p := range quarantineBatch0 {
		rt.AddRawPayloads("readings_in", []byte(p))
	}
	rt.ProcessAllAvailable()
	var counts []string
	for _, p := range rt.Progress {
		if p.Query == "readings" && p.BatchID == 0 {
			for _, e := range p.Expectations {
				counts = append(counts, fmt.Sprintf("%s=%d/%d(%s)", e.Name, e.Passed, e.Failed, e.Action))
			}
		}
		if p.Query == "held_readings" && len(p.Expectations) > 0 {
			t.Errorf("held_readings counts %+v: the quarantine query counts nothing", p.Expectations)
		}
	}
	if diff := cmp.Diff(quarantineCounts, counts); diff != "" {
		t.Errorf("batch 0 counts (-want +got):\n%s", diff)
	}
	var kept, held []string
	for _, r := range testkit.Table[expectquarantine.Reading](rt, "readings").Rows() {
		kept = append(kept, r.ReadingID)
	}
	for _, r := range testkit.Table[expectquarantine.HeldReading](rt, "held_readings").Rows() {
		held = append(held, r.ReadingID+" "+r.Expectation+" "+r.PipelineID)
		if !r.ObservedAt.Equal(rt.Now()) {
			t.Errorf("held reading %s observed at %v, want the batch's timestamp %v", r.ReadingID, r.ObservedAt, rt.Now())
		}
	}
	slices.Sort(kept)
	slices.Sort(held)
	if diff := cmp.Diff(quarantineKept, kept); diff != "" {
		t.Errorf("readings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(quarantineHeld, held); diff != "" {
		t.Errorf("held readings (-want +got):\n%s", diff)
	}
}

// TestLiveExpectQuarantine runs testdata/expect_quarantine on the stack
// over TestQuarantineLocal's payloads: batch 0 of query readings counts
// each expectation as the local engine does, writes the same readings, and
// query held_readings writes the same held readings with a non-null
// observed_at and counts nothing. (A failing expectation on Spark is
// TestLiveExpectations'.) One run of the program.
func TestLiveExpectQuarantine(t *testing.T) {
	t.Parallel() // its own topic, database and checkpoints
	s := startLiveWith(t, filepath.Join("testdata", "expect_quarantine", "ir.json"), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  readings_in: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  readings: {plugin: delta, table: `+s.db+`.readings, write_mode: append}
  held_readings: {plugin: delta, table: `+s.db+`.held, write_mode: append}
  rejected_readings: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}`)
	})
	s.produce(quarantineBatch0...)
	res, _ := s.run()
	b := batchOf(res, "readings", 0)
	if b == nil {
		t.Fatal("no batch 0 of readings")
	}
	var counts []string
	for _, e := range b.Expectations {
		counts = append(counts, e.Name+"="+strconv.FormatInt(e.Passed, 10)+"/"+strconv.FormatInt(e.Failed, 10)+"("+e.Action+")")
	}
	if diff := cmp.Diff(quarantineCounts, counts); diff != "" {
		t.Errorf("Spark batch 0 counts (-want +got):\n%s", diff)
	}
	if h := batchOf(res, "held_readings", 0); h == nil || len(h.Expectations) > 0 {
		t.Errorf("batch 0 of held_readings: %+v, want one that counts nothing", h)
	}
	if got := s.rowsOf("SELECT reading_id AS k FROM " + s.db + ".readings"); !cmp.Equal(got, quarantineKept) {
		t.Errorf("readings = %v, want %v", got, quarantineKept)
	}
	held := s.rowsOf("SELECT concat_ws(' ', reading_id, expectation, pipeline_id, CAST(observed_at IS NOT NULL AS STRING)) AS k FROM " + s.db + ".held")
	var want []string
	for _, h := range quarantineHeld {
		want = append(want, h+" true")
	}
	if !cmp.Equal(held, want) {
		t.Errorf("held readings = %v, want %v", held, want)
	}
}
