package run

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/etlgen/etlgen/framework/profile"
)

// olSchemas are the committed OpenLineage schema files
// (testdata/openlineage, README there), compiled offline: the RunEvent and
// the standard facets the events use, by facet key.
type olSchemas struct {
	event  *jsonschema.Schema
	facets map[string]*jsonschema.Schema
}

func loadOLSchemas(t testing.TB) *olSchemas {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	add := func(file string) string {
		data, err := os.ReadFile(filepath.Join("testdata", "openlineage", file))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		id := doc.(map[string]any)["$id"].(string)
		if err := c.AddResource(id, doc); err != nil {
			t.Fatal(err)
		}
		return id
	}
	s := &olSchemas{facets: map[string]*jsonschema.Schema{}}
	base := add("OpenLineage.json")
	for key, file := range map[string]string{"errorMessage": "ErrorMessageRunFacet", "version": "DatasetVersionDatasetFacet",
		"jobType": "JobTypeJobFacet"} {
		id := add("facets/" + file + ".json")
		sch, err := c.Compile(id + "#/$defs/" + file)
		if err != nil {
			t.Fatal(err)
		}
		s.facets[key] = sch
	}
	add("facets/ProcessingEngineRunFacet.json")
	var err error
	if s.event, err = c.Compile(base + "#/$defs/RunEvent"); err != nil {
		t.Fatal(err)
	}
	return s
}

// validate checks one event line against the RunEvent schema and every
// standard facet in it against its own schema.
func (s *olSchemas) validate(t testing.TB, line []byte) map[string]any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		t.Fatalf("event %s: %v", line, err)
	}
	if err := s.event.Validate(v); err != nil {
		t.Fatalf("event does not validate: %v\n%s", err, line)
	}
	ev := v.(map[string]any)
	var facetSets []any
	facetSets = append(facetSets, ev["run"].(map[string]any)["facets"], ev["job"].(map[string]any)["facets"])
	for _, k := range []string{"inputs", "outputs"} {
		for _, d := range ev[k].([]any) {
			facetSets = append(facetSets, d.(map[string]any)["facets"])
		}
	}
	for _, fs := range facetSets {
		m, _ := fs.(map[string]any)
		for key, f := range m {
			if sch := s.facets[key]; sch != nil {
				if err := sch.Validate(f); err != nil {
					t.Fatalf("facet %s does not validate: %v\n%s", key, err, line)
				}
			} else if !strings.HasPrefix(key, "etlgen_") {
				t.Errorf("facet %s: neither a standard facet the test knows nor etlgen_", key)
			}
		}
	}
	return ev
}

// readLines reads a JSON-lines file.
func readLines(t testing.TB, path string) [][]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, append([]byte(nil), sc.Bytes()...))
	}
	return out
}

// olSummary is an event in a few words: type, job, and the facts the test
// checks.
func olSummary(ev map[string]any) string {
	job := ev["job"].(map[string]any)["name"].(string)
	s := ev["eventType"].(string) + " " + job
	facets := ev["run"].(map[string]any)["facets"].(map[string]any)
	if b, ok := facets["etlgen_batch"].(map[string]any); ok {
		s += fmt.Sprintf(" batch=%v", b["batchId"])
	}
	if e, ok := facets["errorMessage"].(map[string]any); ok && e["message"] != "" {
		s += " error"
	}
	return s
}

// TestOpenLineageLocal: a local run's events, written to the profile's
// file, validate against the official OpenLineage schema and follow the
// run: START, RUNNING per batch, COMPLETE (a restart: a new run id that
// resumes), FAIL with an errorMessage.
func TestOpenLineageLocal(t *testing.T) {
	schemas := loadOLSchemas(t)
	tests := []struct {
		name string
		run  func(t *testing.T, r *eventsRig, exec string) []*Report
		want []string
	}{
		{"fresh", func(t *testing.T, r *eventsRig, exec string) []*Report {
			r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"), "not json")
			r.write(order(2, 2, "2026-07-15T11:20:00Z", "paid"))
			return r.run(r.model("{type: available-now}", exec), &recorder{})
		}, []string{
			"START customer-order-streaming.customer_order_windows",
			"RUNNING customer-order-streaming.customer_order_windows batch=0",
			"RUNNING customer-order-streaming.customer_order_windows batch=1",
			"RUNNING customer-order-streaming.customer_order_windows batch=2",
			"COMPLETE customer-order-streaming.customer_order_windows",
			"START customer-order-streaming.rejected_order_events",
			"RUNNING customer-order-streaming.rejected_order_events batch=0",
			"RUNNING customer-order-streaming.rejected_order_events batch=1",
			"COMPLETE customer-order-streaming.rejected_order_events",
			"START customer-order-streaming.late_order_events",
			"RUNNING customer-order-streaming.late_order_events batch=0",
			"RUNNING customer-order-streaming.late_order_events batch=1",
			"RUNNING customer-order-streaming.late_order_events batch=2",
			"COMPLETE customer-order-streaming.late_order_events",
		}},
		{"failure", func(t *testing.T, r *eventsRig, exec string) []*Report {
			r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"))
			c := recorder{on: func(ev Event) {
				if e, ok := ev.(BatchStarted); ok && e.Query == windows && e.BatchID == 0 {
					_ = os.Remove(filepath.Join(r.dir, "events", "f00.json"))
				}
			}}
			h, err := Start(context.Background(), r.model("{type: available-now}", exec), Options{OnEvent: c.add})
			if err != nil {
				t.Fatal(err)
			}
			reports, _ := h.Await(context.Background())
			return reports
		}, []string{
			"START customer-order-streaming.customer_order_windows",
			"FAIL customer-order-streaming.customer_order_windows error",
			"START customer-order-streaming.rejected_order_events",
			"COMPLETE customer-order-streaming.rejected_order_events",
			"START customer-order-streaming.late_order_events",
			"COMPLETE customer-order-streaming.late_order_events",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newEventsRig(t, profile.EngineLocal)
			file := filepath.Join(r.dir, "lineage.jsonl")
			reports := tt.run(t, r, fmt.Sprintf("  openlineage: {file: %q, namespace: test-ns}\n", file))
			lines := readLines(t, file)
			var got []string
			runIDs := map[string]string{}
			for _, l := range lines {
				ev := schemas.validate(t, l)
				if ns := ev["job"].(map[string]any)["namespace"]; ns != "test-ns" {
					t.Errorf("job namespace %v", ns)
				}
				job := ev["job"].(map[string]any)["name"].(string)
				id := ev["run"].(map[string]any)["runId"].(string)
				if prev, ok := runIDs[job]; ok && prev != id {
					t.Errorf("job %s: run id changed within a run", job)
				}
				runIDs[job] = id
				got = append(got, olSummary(ev))
			}
			if diff := cmpSorted(tt.want, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
			if len(reports) != 1 || reports[0].Lineage == nil || reports[0].Lineage.Written != len(lines) || reports[0].Lineage.Failed != 0 {
				t.Errorf("report lineage = %+v, want %d written", reports[0].Lineage, len(lines))
			}
		})
	}
}

// cmpSorted compares the events of each job in order, the jobs in any
// order (the local engine runs queries in turns).
func cmpSorted(want, got []string) string {
	byJob := func(ss []string) map[string][]string {
		m := map[string][]string{}
		for _, s := range ss {
			f := strings.Fields(s)
			m[f[1]] = append(m[f[1]], s)
		}
		return m
	}
	w, g := byJob(want), byJob(got)
	var b strings.Builder
	for job := range w {
		if strings.Join(w[job], "\n") != strings.Join(g[job], "\n") {
			fmt.Fprintf(&b, "%s:\n- %s\n+ %s\n", job, strings.Join(w[job], "\n- "), strings.Join(g[job], "\n+ "))
		}
	}
	for job := range g {
		if _, ok := w[job]; !ok {
			fmt.Fprintf(&b, "unexpected %s: %s\n", job, strings.Join(g[job], ", "))
		}
	}
	return b.String()
}

// TestOpenLineageHTTP: the endpoint receives every event (with the API key
// from the environment as a bearer token); a dead endpoint does not fail
// the run: one warning, and the report counts the undelivered events.
func TestOpenLineageHTTP(t *testing.T) {
	schemas := loadOLSchemas(t)
	var mu sync.Mutex
	var bodies [][]byte
	var auth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		data, _ := io.ReadAll(req.Body)
		mu.Lock()
		bodies = append(bodies, data)
		auth = append(auth, req.Header.Get("Authorization"))
		mu.Unlock()
		w.WriteHeader(http.StatusCreated)
	}))
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	t.Setenv("ETLGEN_TEST_OL_KEY", "k3y")

	tests := []struct {
		name     string
		url      string
		live     bool
		warnings int
	}{
		{"endpoint", srv.URL + "/api/v1/lineage", true, 0},
		{"dead endpoint", deadURL + "/api/v1/lineage", false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			bodies, auth = nil, nil
			mu.Unlock()
			r := newEventsRig(t, profile.EngineLocal)
			r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"))
			m := r.model("{type: available-now}", fmt.Sprintf("  openlineage: {url: %q, api_key_env: ETLGEN_TEST_OL_KEY, timeout: 2s}\n", tt.url))
			var warnings []string
			h, err := Start(context.Background(), m, Options{OnNotice: func(n Notice) {
				if n.Kind == "warning" && strings.Contains(n.Text, "openlineage") {
					warnings = append(warnings, n.Text)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			reports, err := h.Await(context.Background())
			if err != nil || len(reports) != 1 || reports[0].Status != StateFinished {
				t.Fatalf("run: %v %+v", err, reports)
			}
			l := reports[0].Lineage
			if len(warnings) != tt.warnings {
				t.Errorf("warnings = %q, want %d", warnings, tt.warnings)
			}
			if !tt.live {
				if l == nil || l.Failed != l.Events || l.Events == 0 || l.Error == "" {
					t.Errorf("report lineage = %+v, want every event failed", l)
				}
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if l == nil || l.Posted != len(bodies) || l.Events != len(bodies) || len(bodies) < 4 {
				t.Fatalf("report lineage = %+v, endpoint got %d", l, len(bodies))
			}
			for i, b := range bodies {
				schemas.validate(t, b)
				if auth[i] != "Bearer k3y" {
					t.Errorf("authorization %q", auth[i])
				}
			}
		})
	}
}

// TestOpenLineageSchemaRejects: the compiled schema is not vacuous.
func TestOpenLineageSchemaRejects(t *testing.T) {
	s := loadOLSchemas(t)
	for _, bad := range []string{
		`{"eventType":"START","eventTime":"2026-01-01T00:00:00Z","producer":"https://x","schemaURL":"https://x","run":{"runId":"not-a-uuid"},"job":{"namespace":"n","name":"j"}}`,
		`{"eventType":"BEGIN","eventTime":"2026-01-01T00:00:00Z","producer":"https://x","schemaURL":"https://x","run":{"runId":"0b9c8f3e-1d2a-4c5b-9e8f-7a6b5c4d3e2f"},"job":{"namespace":"n","name":"j"}}`,
	} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err := s.event.Validate(v); err == nil {
			t.Errorf("schema accepts %s", bad)
		}
	}
	if err := s.facets["errorMessage"].Validate(map[string]any{"_producer": "https://x", "_schemaURL": "https://x", "message": "m"}); err == nil {
		t.Error("errorMessage facet without programmingLanguage accepted")
	}
}
