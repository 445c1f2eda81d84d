package cli

import (
	"context"
	"sync"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/run"
)

// sinkPrefetch reads the first rows of every sink of an in-process run
// for its summary (printSinks) as soon as the model's last pipeline's
// queries all terminated finished, while the run still closes its engine
// (which waits for the last state snapshot in flight): the two took turns
// on one core at the end of a run. The pipelines run one after the other
// and nothing writes a sink once the last one's queries terminated, so the
// rows are those a read after the run would give; a summary that finds no
// prefetch (another engine, a query that did not finish) reads as before.
type sinkPrefetch struct {
	ctx     context.Context
	m       *planner.Model
	started map[string]int // queries started, by pipeline
	ended   map[string]int // queries terminated finished, by pipeline
	failed  bool           // a query terminated otherwise
	mu      sync.Mutex     // guards the counts and rows
	wg      sync.WaitGroup
	rows    map[string]prefetched // by sink asset, once wg is done
}

// prefetched is one sink's ReadSink result.
type prefetched struct {
	rows *run.SinkRows
	err  error
}

// newSinkPrefetch is the prefetch of m's run (nil, none, when m's engine
// does not run in this process).
func newSinkPrefetch(ctx context.Context, m *planner.Model) *sinkPrefetch {
	if !m.InProcess || len(m.Pipelines) == 0 {
		return nil
	}
	return &sinkPrefetch{ctx: ctx, m: m, started: map[string]int{}, ended: map[string]int{}}
}

// event counts the queries' starts and ends, and starts the reads once
// the last pipeline's queries all ended finished.
func (p *sinkPrefetch) event(ev run.Event) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e := ev.(type) {
	case run.QueryStarted:
		p.started[e.Pipeline]++
	case run.QueryTerminated:
		if e.Status != run.StateFinished {
			p.failed = true
			return
		}
		p.ended[e.Pipeline]++
		last := p.m.Pipelines[len(p.m.Pipelines)-1].ID
		if e.Pipeline == last && p.ended[last] == p.started[last] && !p.failed && p.rows == nil {
			p.start()
		}
	}
}

// start reads every sink of the model's queries, each in a goroutine
// (p.mu held).
func (p *sinkPrefetch) start() {
	p.rows = map[string]prefetched{}
	for i := range p.m.Pipelines {
		for j := range p.m.Pipelines[i].Queries {
			asset := p.m.Pipelines[i].Queries[j].Sink.Asset
			if _, ok := p.rows[asset]; ok {
				continue
			}
			p.rows[asset] = prefetched{}
			p.wg.Add(1)
			go func() {
				defer p.wg.Done()
				rows, err := readSummary(p.ctx, p.m, asset)
				p.mu.Lock()
				p.rows[asset] = prefetched{rows, err}
				p.mu.Unlock()
			}()
		}
	}
}

// sink returns the prefetched read of a sink (ok false: none, read it).
func (p *sinkPrefetch) sink(asset string) (r prefetched, ok bool) {
	if p == nil {
		return prefetched{}, false
	}
	p.mu.Lock()
	started := p.rows != nil
	p.mu.Unlock()
	if !started {
		return prefetched{}, false
	}
	p.wg.Wait()
	r, ok = p.rows[asset]
	return r, ok
}

// readSummary reads a sink's first summaryRows rows, within
// summaryTimeout.
func readSummary(ctx context.Context, m *planner.Model, asset string) (*run.SinkRows, error) {
	rctx, cancel := context.WithTimeout(ctx, summaryTimeout)
	defer cancel()
	return run.ReadSink(rctx, m, asset, summaryRows)
}
