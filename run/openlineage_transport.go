package run

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"

	"github.com/etlgen/etlgen/framework/profile"
)

// maxPostFailures is how many failed posts in a row give the endpoint up
// for the rest of the run.
const maxPostFailures = 3

// olTransport delivers events to the profile's file and endpoint. Neither
// ever fails the run: a failure is a warning (once per destination) and a
// count in the report.
type olTransport struct {
	ctx    context.Context
	cfg    *profile.OpenLineage
	o      Options
	client *http.Client

	mu        sync.Mutex
	file      *os.File
	fileDead  bool
	failures  int // failed posts in a row
	postDead  bool
	warnedURL bool
}

func newTransport(ctx context.Context, cfg *profile.OpenLineage, o Options) *olTransport {
	return &olTransport{ctx: context.WithoutCancel(ctx), cfg: cfg, o: o, client: &http.Client{Timeout: cfg.Timeout}}
}

// send delivers one event and counts it in r.
func (t *olTransport) send(r *Report, ev olEvent) {
	data, err := json.Marshal(ev)
	if err != nil {
		t.count(r, 0, 0, 1, err)
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var written, posted, failed int
	var first error
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
	t.count(r, written, posted, failed, first)
}

func (t *olTransport) count(r *Report, written, posted, failed int, err error) {
	if r == nil {
		return
	}
	if r.Lineage == nil {
		r.Lineage = &LineageReport{}
	}
	l := r.Lineage
	l.Events++
	l.Written += written
	l.Posted += posted
	l.Failed += failed
	if err != nil && l.Error == "" {
		l.Error = err.Error()
	}
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

// post sends one event to the endpoint within the profile's timeout.
func (t *olTransport) post(data []byte) error {
	if t.postDead {
		return fmt.Errorf("openlineage endpoint %s: given up after %d failures", t.cfg.URL, maxPostFailures)
	}
	err := t.postOnce(data)
	if err == nil {
		t.failures = 0
		return nil
	}
	t.failures++
	if !t.warnedURL {
		t.warnedURL = true
		lineageWarn(t.o, "posting events to %s failed (the run goes on; the report counts undelivered events): %v", t.cfg.URL, err)
	}
	if t.failures >= maxPostFailures {
		t.postDead = true
	}
	return err
}

func (t *olTransport) postOnce(data []byte) error {
	ctx, cancel := context.WithTimeout(t.ctx, t.cfg.Timeout)
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
	if resp.StatusCode >= 300 {
		return fmt.Errorf("post: %s", resp.Status)
	}
	return nil
}

// close closes the file.
func (t *olTransport) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.file != nil {
		_ = t.file.Close()
		t.file = nil
	}
}
