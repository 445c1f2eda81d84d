package testkit_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/testkit"
	"github.com/etlgen/etlgen/testkit/conformance/expectcounts"
)

// apiCall is an expectcounts payload; latency "null" is a timed-out call.
func apiCall(id, service, latency string) []byte {
	return []byte(`{"call_id":"` + id + `","service":"` + service + `","status_code":200,"latency_ms":` + latency +
		`,"called_at":"2026-07-15T10:00:00Z"}`)
}

// gatedCalls loads the valid calls, routed (drop) then fast (warn), with
// gates on the two expectations' counts: the failed ratio of fast per
// batch and over the last 3 batches, and the unrouted calls above
// maxUnrouted, which fails.
func gatedCalls(maxUnrouted int64) *etl.Pipeline {
	return etl.NewPipeline("gated-calls", "1.0.0", func(p *etl.Builder) {
		c := expectcounts.CallCols
		valid := etl.Extract[expectcounts.Call](p, "api_calls").Valid().
			ExpectOrDrop("routed", c.Service.Ne("")).
			Expect("fast", c.LatencyMs.Lt(1000), etl.Warn)
		etl.Load(p, "calls", valid)
		etl.Gate(p, "slow-calls", etl.ExpectationFailedRatioAbove("fast", 0.5), etl.Warn)
		etl.Gate(p, "slow-last-3", etl.ExpectationFailedRatioAbove("fast", 0.3), etl.Warn, etl.OverLastBatches(3))
		etl.Gate(p, "unrouted", etl.ExpectationFailedAbove("routed", maxUnrouted), etl.Fail)
	})
}

// TestExpectationGates: gates on an expectation's counts in the query that
// counts it: a dropped row is not counted by a later expectation, a NULL
// breaks it; the rolling ratio adds the failed and checked rows of the
// last 3 batches, across a restart, and a batch that crashed before its
// commit and ran again counts once.
func TestExpectationGates(t *testing.T) {
	type step struct {
		calls          [][3]string
		restart, crash bool
		slow, rolling  float64 // the fast gates' values
		unrouted       float64 // the routed gate's value
		slowBreached   bool
		rollBreached   bool
	}
	steps := []step{
		{calls: [][3]string{{"c1", "a", "10"}, {"c2", "a", "2000"}, {"c3", "", "5000"}}, slow: 0.5, rolling: 0.5, rollBreached: true, unrouted: 1}, // 1/2; c3 dropped
		{calls: [][3]string{{"c4", "a", "1"}, {"c5", "a", "2"}, {"c6", "a", "3"}}, slow: 0, rolling: 0.2},                                          // 1/5
		{calls: [][3]string{{"c7", "a", "null"}, {"c8", "a", "null"}}, restart: true, slow: 1, slowBreached: true, rolling: 3.0 / 7, rollBreached: true},
		{calls: [][3]string{{"c9", "a", "1"}, {"c10", "a", "1"}}, crash: true, slow: 0, rolling: 2.0 / 7}, // batches 1-3: 2/7, batch 3 once
	}
	rt := testkit.Start(t, gatedCalls(1))
	for i, s := range steps {
		if s.restart {
			rt.Restart()
		}
		for _, c := range s.calls {
			rt.AddRawPayloads("api_calls", apiCall(c[0], c[1], c[2]))
		}
		gates := processedGates(t, rt, s.crash, "calls", i, 3)
		want := []struct {
			cond     string
			value    float64
			breached bool
		}{
			{"expectation_failed_ratio(fast) > 0.5", s.slow, s.slowBreached},
			{"expectation_failed_ratio(fast) > 0.3 over the last 3 micro-batches", s.rolling, s.rollBreached},
			{"expectation_failed(routed) > 1", s.unrouted, false},
		}
		for j, w := range want {
			if g := gates[j]; g.Condition != w.cond || g.Value != w.value || g.Breached != w.breached {
				t.Errorf("batch %d gate %d: %+v, want %s = %v breached %v", i, j, g, w.cond, w.value, w.breached)
			}
		}
	}
}

// TestExpectationGateFails: a failing gate on an expectation's failed
// rows stops the batch before its sink commits, again when re-run, and
// the batch commits once the gate allows it.
func TestExpectationGateFails(t *testing.T) {
	rt := testkit.Start(t, gatedCalls(1))
	rt.AddRawPayloads("api_calls", apiCall("c1", "", "1"), apiCall("c2", "", "1"), apiCall("c3", "a", "1"))
	for range 2 {
		err := rt.TryProcessAllAvailable()
		if err == nil || !strings.Contains(err.Error(), "quality gate unrouted breached in query calls batch 0: expectation_failed(routed) > 1 with value 2") {
			t.Fatalf("batch 0: %v, want the unrouted gate to fail it", err)
		}
		testkit.Count(t, testkit.Table[expectcounts.Call](rt, "calls").Rows(), 0)
	}
	rt.Restart(testkit.WithPipeline(gatedCalls(2)))
	rt.ProcessAllAvailable()
	testkit.Count(t, testkit.Table[expectcounts.Call](rt, "calls").Rows(), 1)
}

// processedGates processes what is available (after a crash before the
// commit and a restart when crash) and returns the verdicts of query's
// batch i, which must have n gates.
func processedGates(t *testing.T, rt *testkit.Runtime, crash bool, query string, i, n int) []localengine.GateResult {
	t.Helper()
	if crash {
		rt.CrashBeforeCommit()
		rt.Restart()
	}
	rt.ProcessAllAvailable()
	idx := slices.IndexFunc(rt.Progress, func(p localengine.Progress) bool { return p.Query == query && p.BatchID == int64(i) })
	if idx < 0 {
		t.Fatalf("batch %d: no progress of %s: %+v", i, query, rt.Progress)
	}
	gates := rt.Progress[idx].Gates
	if len(gates) != n {
		t.Fatalf("batch %d: gates %+v, want %d", i, gates, n)
	}
	return gates
}

// TestExpectationFailsBeforeGate: a batch that breaks an ExpectOrFail on
// a row and a failing gate over the batch fails with the expectation
// (ETL-E751), not the gate (ETL-E750): the row's check comes first, on
// both engines (pyspark's TestLiveExpectationFailsBeforeGate, rt.rows_first).
func TestExpectationFailsBeforeGate(t *testing.T) {
	c := expectcounts.CallCols
	pl := etl.NewPipeline("failing-calls", "1.0.0", func(p *etl.Builder) {
		valid := etl.Extract[expectcounts.Call](p, "api_calls").Valid().ExpectOrFail("routed", c.Service.Ne(""))
		etl.Load(p, "calls", valid)
		etl.Gate(p, "unrouted", etl.ExpectationFailedAbove("routed", 0), etl.Fail)
		etl.Gate(p, "few", etl.RowsBelow("calls", 5), etl.Fail)
	})
	rt := testkit.Start(t, pl)
	rt.AddRawPayloads("api_calls", apiCall("c1", "a", "1"), apiCall("c2", "", "1"))
	for range 2 {
		err := rt.TryProcessAllAvailable()
		var ee *localengine.ExpectationError
		if !errors.As(err, &ee) || !strings.Contains(err.Error(), localengine.CodeExpectationFailed) || strings.Contains(err.Error(), localengine.CodeGateFailed) {
			t.Fatalf("batch 0: %v, want the expectation routed to fail it with %s", err, localengine.CodeExpectationFailed)
		}
	}
	testkit.Count(t, testkit.Table[expectcounts.Call](rt, "calls").Rows(), 0)
}
