package cli

import (
	"context"
	"testing"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/run"
)

// TestSinkPrefetchStarts: the summary's reads start once every query of
// the model's last pipeline terminated finished, never after a query
// that ended otherwise, and never for an engine outside the process.
func TestSinkPrefetchStarts(t *testing.T) {
	model := func(inProcess bool) *planner.Model {
		m := &planner.Model{Pipelines: []planner.PipelinePlan{
			{ID: "a", Queries: []planner.Query{{Name: "qa", Sink: planner.Sink{Asset: "sink_a"}}}},
			{ID: "b", Queries: []planner.Query{{Name: "qb1", Sink: planner.Sink{Asset: "sink_b"}}, {Name: "qb2", Sink: planner.Sink{Asset: "sink_a"}}}},
		}}
		m.InProcess = inProcess
		return m
	}
	started := func(p, q string) run.Event { return run.QueryStarted{Pipeline: p, Query: q} }
	ended := func(p, q, status string) run.Event { return run.QueryTerminated{Pipeline: p, Query: q, Status: status} }
	all := []run.Event{started("a", "qa"), ended("a", "qa", run.StateFinished),
		started("b", "qb1"), started("b", "qb2"), ended("b", "qb1", run.StateFinished), ended("b", "qb2", run.StateFinished)}
	cases := []struct {
		name      string
		inProcess bool
		events    []run.Event
		want      bool
	}{
		{"every query finished", true, all, true},
		{"the last pipeline's second query still running", true, all[:5], false},
		{"only the first pipeline ended", true, all[:2], false},
		{"a query stopped", true, append(append([]run.Event{}, all[:4]...), ended("b", "qb1", run.StateStopped), ended("b", "qb2", run.StateFinished)), false},
		{"an earlier pipeline's query failed", true, append([]run.Event{started("a", "qa"), ended("a", "qa", run.StateFailed)}, all[2:]...), false},
		{"not in process", false, all, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newSinkPrefetch(context.Background(), model(c.inProcess))
			for _, ev := range c.events {
				p.event(ev)
			}
			for _, asset := range []string{"sink_a", "sink_b"} {
				got, ok := p.sink(asset)
				if ok != c.want {
					t.Fatalf("sink %s prefetched: %v, want %v", asset, ok, c.want)
				}
				if ok && got.rows == nil && got.err == nil {
					t.Errorf("sink %s: prefetched neither rows nor an error", asset)
				}
			}
		})
	}
}
