package localengine

import (
	"errors"
	"sync"

	"github.com/etlgen/etlgen/planner"
)

// A round (runOnce) runs one batch of every query in query order. A query
// that may overlap (Query.overlaps) starts once the query before it has
// read its input, while that one still emits, writes and commits: the
// example's rejected and late queries unpack the batch the windows query
// packed (input_packed.go) while the windows query emits its windows,
// on the second core. Each query still writes its sink and commits only
// after the query before it committed (a chained turn waits for it before
// its sink write), so the checkpoints and sinks are committed in query
// order as before; when the query before it failed or was abandoned, the
// batch is abandoned too (its offsets stay logged, uncommitted, and the
// next start re-runs it). Run's callbacks and hooks are called from Run's
// goroutine in query order, as before, once every batch of the segment
// ended: no batch of the engine runs while a callback runs (except the
// first query's BatchStarted, called as its batch starts).

// turn is one query's batch in a round.
type turn struct {
	q    *Query
	next int64 // the batch id it runs (NextBatch before it ran)
	// prev is the turn it overlaps (nil: none, it runs alone): it waits for
	// prev before its sink write.
	prev *turn
	// done closes when the batch ended, p, ok and err set.
	done chan struct{}
	p    *Progress
	ok   bool
	err  error
	// started is a chained turn's BatchStarted, reported after the turns
	// before it (nil: not started, or reported as it started).
	started *startedBatch
}

// startedBatch is a BatchStarted to report.
type startedBatch struct {
	id     int64
	replay bool
}

// batchRun is what a batch runs with in a round: the stop's abort channel
// (nil: never abandon), the BatchStarted hook (nil: none), read (nil:
// none), called once the batch's input is read, and after, the turn that
// must have committed before the batch writes its sink (nil: none).
type batchRun struct {
	abort   <-chan struct{}
	started func(query string, batchID int64, replay bool)
	read    func()
	after   *turn
}

// segment runs query i's batch in the caller's goroutine, each query after
// it that may overlap starting, in a goroutine of its own, once the one
// before it read its input; it returns their turns in query order, all
// ended.
func (e *Engine) segment(r runner, i int) []*turn {
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		turns []*turn
	)
	var chain func(prev *turn, j int) func()
	chain = func(prev *turn, j int) func() {
		return func() {
			if j >= len(e.Queries) || !e.Queries[j].overlaps || r.ctx.Err() != nil {
				return
			}
			t := &turn{q: e.Queries[j], prev: prev, done: make(chan struct{})}
			mu.Lock()
			turns = append(turns, t)
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer close(t.done)
				t.next = t.q.NextBatch()
				record := func(_ string, id int64, replay bool) { t.started = &startedBatch{id: id, replay: replay} }
				t.p, t.ok, t.err = t.q.runBatch(batchRun{abort: r.abort, started: record, read: chain(t, j+1), after: prev})
			}()
		}
	}
	head := &turn{q: e.Queries[i], next: e.Queries[i].NextBatch(), done: make(chan struct{})}
	turns = append(turns, head)
	head.p, head.ok, head.err = head.q.runBatch(batchRun{abort: r.abort, started: r.started, read: chain(head, i+1)})
	close(head.done)
	wg.Wait()
	return turns
}

// held waits for the turn a batch overlaps: errAbandoned when it failed
// or was abandoned, so that a batch never commits past one before it that
// did not.
func (br batchRun) held() error {
	if br.after == nil {
		return nil
	}
	<-br.after.done
	if br.after.err != nil {
		return errAbandoned
	}
	return nil
}

// report hands r what the turns of a segment did, in query order, as
// runOnce did batch by batch: stop is true when a batch was abandoned
// (the round ends), err the first failed batch's error.
func (e *Engine) report(r runner, turns []*turn) (ran, stop bool, err error) {
	for _, t := range turns {
		if t.started != nil && r.started != nil {
			r.started(t.q.Name, t.started.id, t.started.replay)
		}
		r.notify(t.q)
		if errors.Is(t.err, errAbandoned) {
			e.Abandoned = append(e.Abandoned, AbandonedBatch{Query: t.q.Name, BatchID: t.next})
			stop = true
			continue
		}
		if stop { // after an abandoned batch, nothing of the round committed
			continue
		}
		if t.err != nil {
			return ran, true, &QueryError{Query: t.q.Name, Err: t.err}
		}
		if !t.ok && r.idle != nil {
			r.idle(t.q.Name)
		}
		if t.ok {
			ran = true
			if r.onBatch != nil {
				r.onBatch(t.p)
			}
		}
	}
	return ran, stop, nil
}

// mayOverlap says whether q may run beside the query before it: it shares
// nothing with another query but the input cache (locked) and the clock.
// Its sources are file sources of its own (not env replacements, not
// static sides) that no query of the engine writes, its only output is a
// file sink of its own (no hosted load, gate output or quarantine).
func (q *Query) mayOverlap(env *Env, written map[string]bool) bool {
	if len(q.sources) == 0 || len(q.hosted) > 0 || len(q.gateOutputs) > 0 || len(q.quarantines) > 0 {
		return false
	}
	if _, ok := q.sink.(*FileSink); !ok || env.Sinks[q.Name] != nil {
		return false
	}
	for a, src := range q.sources {
		_, file := src.(*FileSource)
		if !file || env.Sources[a] != nil || q.c.extracts[a] == nil || q.c.extracts[a].Static || written[a] {
			return false
		}
	}
	return true
}

// writtenAssets are the assets the queries of pp write: their sinks, their
// quality gates' quarantines and their static tables' quarantines.
func writtenAssets(pp *planner.PipelinePlan) map[string]bool {
	out := map[string]bool{}
	for _, pq := range pp.Queries {
		out[pq.Sink.Asset] = true
		for _, g := range pq.Gates {
			if g.Quarantine != nil {
				out[g.Quarantine.Asset] = true
			}
		}
	}
	for _, s := range pp.Sources {
		if s.Quarantine != nil {
			out[s.Quarantine.Asset] = true
		}
	}
	return out
}
