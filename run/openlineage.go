package run

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"time"

	"github.com/etlgen/etlgen/planner"
)

// OpenLineage constants: what every event and custom facet names.
const (
	// OpenLineageProducer is the producer of every event and facet.
	OpenLineageProducer = "https://github.com/etlgen/etlgen"
	// OpenLineageSchemaURL is the spec version the events follow.
	OpenLineageSchemaURL = "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent"
	// olFacetDocs is where etlgen's custom facets are described.
	olFacetDocs = "https://github.com/etlgen/etlgen/blob/main/docs/run.md#openlineage"
)

// LineageReport is what a run did with its OpenLineage events: how many
// it made, wrote to the file and posted, and how many did not arrive.
type LineageReport struct {
	Events int `json:"events"`
	// Written went to the file; Posted to the endpoint.
	Written int `json:"written,omitempty"`
	Posted  int `json:"posted,omitempty"`
	// Failed are the events the file or the endpoint did not take (after
	// three failed posts in a row the endpoint is given up for the run).
	Failed int `json:"failed,omitempty"`
	// Error is the first failure.
	Error string `json:"error,omitempty"`
}

// olEvent is an OpenLineage RunEvent.
type olEvent struct {
	EventType string      `json:"eventType"`
	EventTime string      `json:"eventTime"`
	Producer  string      `json:"producer"`
	SchemaURL string      `json:"schemaURL"`
	Run       olRunRef    `json:"run"`
	Job       olJob       `json:"job"`
	Inputs    []olDataset `json:"inputs"`
	Outputs   []olDataset `json:"outputs"`
}

type olRunRef struct {
	RunID  string         `json:"runId"`
	Facets map[string]any `json:"facets,omitempty"`
}

type olJob struct {
	Namespace string         `json:"namespace"`
	Name      string         `json:"name"`
	Facets    map[string]any `json:"facets,omitempty"`
}

// olFacetBase holds the two fields every facet has.
type olFacetBase struct {
	Producer  string `json:"_producer"`
	SchemaURL string `json:"_schemaURL"`
}

func facetBase(name string) olFacetBase {
	return olFacetBase{Producer: OpenLineageProducer, SchemaURL: olFacetDocs + "-" + name}
}

func specFacet(url string) olFacetBase {
	return olFacetBase{Producer: OpenLineageProducer, SchemaURL: url}
}

// lineage turns a run's lifecycle events into OpenLineage run events: one
// OpenLineage run per query per `etlgen run`.
type lineage struct {
	m    *planner.Model
	ns   string
	out  *olTransport
	runs map[[2]string]*olQueryRun
}

// olQueryRun is what the emitter remembers of one query's run.
type olQueryRun struct {
	id      string
	pp      *planner.PipelinePlan
	q       *planner.Query
	lastEnd json.RawMessage // Spark's end offsets of the last batch
	ended   bool
}

// newLineage returns the emitter of a run of m, nil when the profile asks
// for none.
func newLineage(ctx context.Context, m *planner.Model, o Options) *lineage {
	cfg := m.Execution.OpenLineage
	if cfg == nil {
		return nil
	}
	ns := cfg.Namespace
	if ns == "" {
		ns = m.Profile
	}
	return &lineage{m: m, ns: ns, out: newTransport(ctx, cfg, o), runs: map[[2]string]*olQueryRun{}}
}

// consume emits the OpenLineage events of ev, counting them in r.
func (l *lineage) consume(r *Report, ev Event) {
	var out []olEvent
	switch e := ev.(type) {
	case QueryStarted:
		out = l.started(e)
	case BatchCompleted:
		out = l.batch(e)
	case QueryFailed:
		out = l.failed(e)
	case QueryTerminated:
		out = l.terminated(e)
	}
	for _, e := range out {
		l.out.send(r, e)
	}
}

// run returns the OpenLineage run of a query, starting one.
func (l *lineage) run(pipeline, query string) *olQueryRun {
	k := [2]string{pipeline, query}
	if qr := l.runs[k]; qr != nil {
		return qr
	}
	qr := &olQueryRun{id: newUUID()}
	if pp, ok := l.m.Pipeline(pipeline); ok {
		qr.pp = pp
		for i := range pp.Queries {
			if pp.Queries[i].Name == query {
				qr.q = &pp.Queries[i]
			}
		}
	}
	l.runs[k] = qr
	return qr
}

func (l *lineage) started(e QueryStarted) []olEvent {
	qr := l.run(e.Pipeline, e.Query)
	if len(e.Resume) > 0 {
		qr.lastEnd = e.Resume[0].Offset
	}
	ev := l.event("START", e.Pipeline, e.Query, qr)
	ev.Run.Facets["etlgen_start"] = olStartFacet{olFacetBase: facetBase("EtlgenStartRunFacet"), Fresh: e.Fresh,
		LastCommitted: e.LastCommitted, Replay: e.Replay, Watermark: timeText(e.Watermark), Resume: olResume(e.Resume)}
	if qr.q != nil {
		f := ev.Run.Facets["etlgen_start"].(olStartFacet)
		f.Checkpoint = qr.q.Checkpoint
		ev.Run.Facets["etlgen_start"] = f
	}
	return []olEvent{ev}
}

func (l *lineage) batch(e BatchCompleted) []olEvent {
	qr := l.run(e.Pipeline, e.Query)
	ev := l.event("RUNNING", e.Pipeline, e.Query, qr)
	ev.Run.Facets["etlgen_batch"] = l.batchFacet(qr, e.Batch)
	if f := assertionsFacet(e.Expectations); f != nil {
		for i := range ev.Inputs {
			ev.Inputs[i].InputFacets = map[string]any{"dataQualityAssertions": f}
		}
	}
	if len(e.EndOffsets) > 0 {
		qr.lastEnd = e.EndOffsets
	}
	if e.DeltaVersion != nil {
		for i := range ev.Outputs {
			ev.Outputs[i].Facets = withFacet(ev.Outputs[i].Facets, "version", olVersionFacet{
				olFacetBase:    specFacet("https://openlineage.io/spec/facets/1-0-1/DatasetVersionDatasetFacet.json#/$defs/DatasetVersionDatasetFacet"),
				DatasetVersion: fmt.Sprint(*e.DeltaVersion)})
		}
	}
	return []olEvent{ev}
}

func (l *lineage) failed(e QueryFailed) []olEvent {
	job := e.Query
	qr := l.run(e.Pipeline, job)
	if qr.ended {
		return nil
	}
	qr.ended = true
	ev := l.event("FAIL", e.Pipeline, job, qr)
	msg := "failed"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	if len(msg) > 4096 {
		msg = msg[:4096] + "…"
	}
	lang := "GO"
	if l.m.OnSpark {
		lang = "PYTHON"
	}
	ev.Run.Facets["errorMessage"] = olErrorFacet{
		olFacetBase: specFacet("https://openlineage.io/spec/facets/1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet"),
		Message:     msg, ProgrammingLanguage: lang}
	ev.Run.Facets["etlgen_failure"] = olFailureFacet{olFacetBase: facetBase("EtlgenFailureRunFacet"), Class: e.Class, Retry: e.Retry}
	return []olEvent{ev}
}

func (l *lineage) terminated(e QueryTerminated) []olEvent {
	qr := l.run(e.Pipeline, e.Query)
	if qr.ended {
		return nil
	}
	qr.ended = true
	typ := "COMPLETE"
	if e.Status == StateFailed {
		typ = "FAIL"
	}
	ev := l.event(typ, e.Pipeline, e.Query, qr)
	ev.Run.Facets["etlgen_end"] = olEndFacet{olFacetBase: facetBase("EtlgenEndRunFacet"), Status: e.Status,
		LastBatchID: e.LastBatchID, Watermark: timeText(e.Watermark), StateRows: e.StateRows, Resume: olResume(e.Resume)}
	if typ == "FAIL" {
		ev.Run.Facets["errorMessage"] = olErrorFacet{
			olFacetBase: specFacet("https://openlineage.io/spec/facets/1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet"),
			Message:     "the run this query was part of failed", ProgrammingLanguage: "GO"}
	}
	return []olEvent{ev}
}

// event is an event of a query's run with its job and datasets; query ""
// is the whole pipeline (its job has no datasets).
func (l *lineage) event(typ, pipeline, query string, qr *olQueryRun) olEvent {
	name := pipeline
	if query != "" {
		name += "." + query
	}
	pf := olPipelineFacet{olFacetBase: facetBase("EtlgenPipelineJobFacet"), Pipeline: pipeline, Query: query,
		Profile: l.m.Profile, Engine: l.m.Engine}
	if qr.pp != nil {
		pf.Version = qr.pp.Version
	}
	ev := olEvent{EventType: typ, EventTime: time.Now().UTC().Format(time.RFC3339Nano), Producer: OpenLineageProducer,
		SchemaURL: OpenLineageSchemaURL, Run: olRunRef{RunID: qr.id, Facets: map[string]any{}},
		Job: olJob{Namespace: l.ns, Name: name, Facets: map[string]any{
			"jobType": olJobTypeFacet{olFacetBase: specFacet("https://openlineage.io/spec/facets/2-0-4/JobTypeJobFacet.json#/$defs/JobTypeJobFacet"),
				ProcessingType: "STREAMING", Integration: "ETLGEN", JobType: "QUERY"},
			"etlgen_pipeline": pf}},
		Inputs: []olDataset{}, Outputs: []olDataset{}}
	if qr.q != nil && qr.pp != nil {
		ev.Inputs, ev.Outputs = l.datasets(qr.pp, qr.q)
	}
	return ev
}

// datasets are a query's inputs (its sources) and outputs (its sink and
// its quarantine gates' outputs).
func (l *lineage) datasets(pp *planner.PipelinePlan, q *planner.Query) (in, out []olDataset) {
	in, out = []olDataset{}, []olDataset{}
	for _, s := range q.SourcePlans {
		in = append(in, datasetsOf(l.m, s.Def, s.Binding, s.Identity)...)
	}
	out = append(out, datasetsOf(l.m, q.Sink.Def, q.Sink.Binding, q.Sink.Identity)...)
	for _, g := range q.Gates {
		if gq := g.Quarantine; gq != nil {
			out = append(out, datasetsOf(l.m, gq.Def, gq.Binding, gq.Identity)...)
		}
	}
	return in, out
}

// flush waits for the delivery of r's queued events (bounded: see
// olTransport) and counts their outcomes in r.
func (l *lineage) flush(r *Report) {
	if l != nil {
		l.out.flush(r)
	}
}

// close ends the transport (the file).
func (l *lineage) close() {
	if l != nil {
		l.out.close()
	}
}

func withFacet(m map[string]any, k string, v any) map[string]any {
	c := map[string]any{}
	for k2, v2 := range m {
		c[k2] = v2
	}
	c[k] = v
	return c
}

func timeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// newUUID returns a random (version 4) UUID.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// lineageNotice warns once per kind of failure.
func lineageWarn(o Options, format string, args ...any) {
	o.warn("", "openlineage: "+format, args...)
}
