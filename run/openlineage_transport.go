package run

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
)

// maxPostFailures is how many failed posts in a row give the endpoint up
// for the rest of the run.
const maxPostFailures = 3

// olQueueSize bounds the events waiting for delivery: beyond it an event
// is dropped and counted as failed, never held in the engine's path.
const olQueueSize = 4096

// olStopGrace is how long delivery goes on after the run is asked to
// stop (SIGTERM): the last events (the queries' COMPLETE or FAIL) get a
// second, then every post still waiting fails at once.
const olStopGrace = time.Second

// olTransport delivers events to the profile's file and endpoint on a
// goroutine of its own, in order: send never waits for the endpoint. The
// endpoint's delay is bounded per post (timeout) and per run (budget: the
// time all posts may take together; then the endpoint is given up), and
// a post never follows a redirect (the API key stays with its origin; a
// redirect is a failed delivery). Neither destination ever fails the run:
// a failure is a warning (once per destination) and a count in the
// report, which flush applies: Posted counts what the endpoint
// acknowledged (2xx).
type olTransport struct {
	cfg    *profile.OpenLineage
	o      Options
	client *http.Client
	// stop ends a second after the run's context: posts waiting then fail.
	stop       context.Context
	stopCancel context.CancelFunc
	jobs       chan olDelivery
	done       chan struct{}

	mu      sync.Mutex
	idle    *sync.Cond
	pending int                        // jobs queued or in flight
	counts  map[*Report]*LineageReport // outcomes not yet applied
	closed  bool
	// The worker's own state (only the worker touches it after start).
	file      *os.File
	fileDead  bool
	failures  int           // failed posts in a row
	spent     time.Duration // time spent posting
	postDead  error         // why the endpoint was given up
	warnedURL bool
}

// olDelivery is one event to deliver, counted in r.
type olDelivery struct {
	r    *Report
	data []byte
}

func newTransport(ctx context.Context, cfg *profile.OpenLineage, o Options) *olTransport {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	stop, cancel := context.WithCancel(context.WithoutCancel(ctx))
	t := &olTransport{cfg: cfg, o: o, client: client, stop: stop, stopCancel: cancel,
		jobs: make(chan olDelivery, olQueueSize), done: make(chan struct{}), counts: map[*Report]*LineageReport{}}
	t.idle = sync.NewCond(&t.mu)
	context.AfterFunc(ctx, func() { time.AfterFunc(olStopGrace, cancel) })
	go t.work()
	return t
}

// send queues one event and counts it in r; a full queue (or a closed
// transport) fails it at once.
func (t *olTransport) send(r *Report, ev olEvent) {
	lineageOf(r).Events++
	data, err := json.Marshal(ev)
	t.mu.Lock()
	defer t.mu.Unlock()
	if err == nil && t.closed {
		err = errors.New("openlineage: the run has ended")
	}
	if err == nil {
		select {
		case t.jobs <- olDelivery{r: r, data: data}:
			t.pending++
			return
		default:
			err = fmt.Errorf("openlineage: %d events wait for delivery already: event dropped", olQueueSize)
		}
	}
	t.record(r, 0, 0, 1, err)
}

// work delivers the queued events in order until close.
func (t *olTransport) work() {
	defer close(t.done)
	for j := range t.jobs {
		written, posted, failed, err := t.deliver(j.data)
		t.mu.Lock()
		t.record(j.r, written, posted, failed, err)
		t.pending--
		if t.pending == 0 {
			t.idle.Broadcast()
		}
		t.mu.Unlock()
	}
}

// deliver writes and posts one event.
func (t *olTransport) deliver(data []byte) (written, posted, failed int, first error) {
	if t.cfg.File != "" {
		if err := t.write(data); err != nil {
			failed, first = 1, err
		} else {
			written = 1
		}
	}
	if t.cfg.URL != "" {
		if err := t.post(data); err != nil {
			failed, first = 1, err
		} else {
			posted = 1
		}
	}
	return written, posted, failed, first
}

// record adds an event's outcome to r's pending counts; t.mu is held.
func (t *olTransport) record(r *Report, written, posted, failed int, err error) {
	if r == nil {
		return
	}
	c := t.counts[r]
	if c == nil {
		c = &LineageReport{}
		t.counts[r] = c
	}
	c.Written += written
	c.Posted += posted
	c.Failed += failed
	if err != nil && c.Error == "" {
		c.Error = err.Error()
	}
}

// flush waits until every queued event is delivered or failed (bounded by
// the posts' timeout and budget, and by the stop grace), then applies the
// outcomes counted for r to its report.
func (t *olTransport) flush(r *Report) {
	t.mu.Lock()
	for t.pending > 0 {
		t.idle.Wait()
	}
	c := t.counts[r]
	delete(t.counts, r)
	t.mu.Unlock()
	if c == nil || r == nil {
		return
	}
	l := lineageOf(r)
	l.Written += c.Written
	l.Posted += c.Posted
	l.Failed += c.Failed
	if l.Error == "" {
		l.Error = c.Error
	}
}

// lineageOf is r's lineage counts, created at the first event.
func lineageOf(r *Report) *LineageReport {
	if r == nil {
		return &LineageReport{}
	}
	if r.Lineage == nil {
		r.Lineage = &LineageReport{}
	}
	return r.Lineage
}

// write appends one line to the file, opening it at the first event.
func (t *olTransport) write(data []byte) error {
	if t.fileDead {
		return fmt.Errorf("openlineage file %s: not writable", t.cfg.File)
	}
	if t.file == nil {
		f, err := os.OpenFile(t.cfg.File, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.fileDead = true
			lineageWarn(t.o, "cannot write events to %s (the run goes on without them): %v", t.cfg.File, err)
			return err
		}
		t.file = f
	}
	_, err := t.file.Write(append(data, '\n'))
	return err
}

// post sends one event to the endpoint within the profile's timeout and
// what is left of its budget.
func (t *olTransport) post(data []byte) error {
	if t.postDead != nil {
		return t.postDead
	}
	left := t.cfg.BudgetOr() - t.spent
	start := time.Now()
	err := t.postOnce(data, min(t.cfg.Timeout, left))
	t.spent += time.Since(start)
	if err == nil {
		t.failures = 0
		return nil
	}
	t.failures++
	if !t.warnedURL {
		t.warnedURL = true
		lineageWarn(t.o, "posting events to %s failed (the run goes on; the report counts undelivered events): %v", t.cfg.URL, err)
	}
	switch {
	case t.stop.Err() != nil:
		t.postDead = fmt.Errorf("openlineage endpoint %s: the run stopped before the event was delivered", t.cfg.URL)
	case t.spent >= t.cfg.BudgetOr():
		t.postDead = fmt.Errorf("openlineage endpoint %s: given up when posting had taken its budget of %s", t.cfg.URL, t.cfg.BudgetOr())
		return fmt.Errorf("%w (the budget of %s ran out)", err, t.cfg.BudgetOr())
	case t.failures >= maxPostFailures:
		t.postDead = fmt.Errorf("openlineage endpoint %s: given up after %d failures", t.cfg.URL, maxPostFailures)
	}
	return err
}

// postOnce posts one event, never following a redirect.
func (t *olTransport) postOnce(data []byte, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(t.stop, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.cfg.URL, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if t.cfg.APIKeyEnv != "" {
		if key := os.Getenv(t.cfg.APIKeyEnv); key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
	}
	resp, err := t.client.Do(req)
	if err != nil {
		return fmt.Errorf("post: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		return fmt.Errorf("post: %s: redirects are not followed (the event was not delivered; point url at the endpoint itself)", resp.Status)
	case resp.StatusCode >= 300 || resp.StatusCode < 200:
		return fmt.Errorf("post: %s", resp.Status)
	}
	return nil
}

// close delivers what is queued (bounded as flush), stops the worker and
// closes the file.
func (t *olTransport) close() {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	t.closed = true
	close(t.jobs)
	t.mu.Unlock()
	<-t.done
	t.stopCancel()
	if t.file != nil {
		_ = t.file.Close()
		t.file = nil
	}
}
