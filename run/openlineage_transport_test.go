package run

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
)

// olRun runs the order pipeline over two event files with the given
// openlineage settings and returns its report and how long it took.
func olRun(t *testing.T, ctx context.Context, settings string, stopAfterStart bool) (*Report, time.Duration) {
	t.Helper()
	r := newEventsRig(t, profile.EngineLocal)
	r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"), "not json")
	r.write(order(2, 2, "2026-07-15T11:20:00Z", "paid"))
	m := r.model("{type: available-now}", "  openlineage: "+settings+"\n")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	h, err := Start(ctx, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if stopAfterStart {
		cancel()
	}
	reports, err := h.Await(context.Background())
	took := time.Since(start)
	if err != nil || len(reports) != 1 {
		t.Fatalf("run: %v %+v", err, reports)
	}
	if reports[0].Lineage == nil || reports[0].Lineage.Events == 0 {
		t.Fatalf("no lineage counted: %+v", reports[0])
	}
	return reports[0], took
}

// TestOpenLineageRedirect: a redirect is a failed delivery, never followed
// (the key stays with its origin): the report counts no event posted, and
// the redirect's target receives nothing.
func TestOpenLineageRedirect(t *testing.T) {
	var reached atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		reached.Add(1)
		w.WriteHeader(http.StatusCreated)
	}))
	defer target.Close()
	for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
				http.Redirect(w, req, target.URL+"/api/v1/lineage", code)
			}))
			defer redirect.Close()
			t.Setenv("ETLGEN_TEST_OL_KEY", "k3y")
			rep, _ := olRun(t, context.Background(), fmt.Sprintf("{url: %q, api_key_env: ETLGEN_TEST_OL_KEY}", redirect.URL), false)
			l := rep.Lineage
			if l.Posted != 0 || l.Failed != l.Events || !strings.Contains(l.Error, "redirects are not followed") {
				t.Errorf("report lineage = %+v; want every event failed, a redirect named", l)
			}
			if n := reached.Load(); n != 0 {
				t.Errorf("the redirect's target received %d requests", n)
			}
		})
	}
}

// TestOpenLineageBudget: an endpoint that answers slowly costs the run at
// most its budget, not a delay per event: once posting has taken the
// budget, the endpoint is given up and the other events count as failed.
func TestOpenLineageBudget(t *testing.T) {
	var posts atomic.Int32
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		posts.Add(1)
		time.Sleep(300 * time.Millisecond)
		w.WriteHeader(http.StatusCreated)
	}))
	defer slow.Close()
	rep, took := olRun(t, context.Background(), fmt.Sprintf("{url: %q, timeout: 5s, budget: 1s}", slow.URL), false)
	l := rep.Lineage
	if l.Posted+l.Failed != l.Events || l.Failed == 0 || l.Posted == 0 || !strings.Contains(l.Error, "budget of 1s") {
		t.Errorf("report lineage = %+v; want some posted, the rest failed on the budget", l)
	}
	if n := int(posts.Load()); n >= l.Events || n > 6 {
		t.Errorf("the endpoint got %d posts of %d events; the budget allows about 4", n, l.Events)
	}
	// A bound far above the budget, so that a loaded machine does not fail
	// it: without the budget the run would take events × 300 ms (~10 s).
	if took > 30*time.Second {
		t.Errorf("the run took %s", took)
	}
}

// TestOpenLineageStop: asked to stop, the run ends within a second or so
// of it although the endpoint never answers (timeout 1m, budget 10m): the
// events not delivered by then count as failed.
func TestOpenLineageStop(t *testing.T) {
	release := make(chan struct{})
	hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		select {
		case <-release:
		case <-req.Context().Done():
		}
	}))
	defer hung.Close()
	defer close(release)
	rep, took := olRun(t, context.Background(), fmt.Sprintf("{url: %q, timeout: 1m, budget: 10m}", hung.URL), true)
	l := rep.Lineage
	if l.Posted != 0 || l.Failed != l.Events {
		t.Errorf("report lineage = %+v; want every event failed", l)
	}
	if took > 20*time.Second {
		t.Errorf("the stopped run took %s with a hung endpoint; want about a second", took)
	}
}
