package run

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestSparkLines: a Spark program's lines become the events the local
// engine sends, with the same meaning: a recovered start with the resume
// offsets (named by the query's one streaming source) and watermark; a
// batch_start, the watermark advance the batch line shows and the batch
// with both its watermarks;
// a batch line without a batch_start still gets its BatchStarted first;
// idle lines under a processing-time trigger only, once per spell; the end
// line's failure, naming its query, then every started query terminated.
func TestSparkLines(t *testing.T) {
	for _, trigger := range []string{"{type: processing-time, interval: 5s}", "{type: available-now}"} {
		t.Run(trigger, func(t *testing.T) {
			r := newEventsRig(t, profile.EnginePySpark)
			m := r.model(trigger, "")
			pp := &m.Pipelines[0]
			var c recorder
			h := &Handle{id: "run", s: newStream(Options{OnEvent: c.add})}
			rep := newReport(m, pp, h.ID())
			rep.Status = StateRunning
			lines := newSparkLines(m, pp, rep, Options{}, h)
			raw := func(kind, s string) events.Event {
				ev, ok := events.ParseEvent([]byte(`{"event":"` + kind + `",` + strings.TrimPrefix(s, "{")))
				if !ok {
					t.Fatalf("%s line %s: not parsed", kind, s)
				}
				return ev
			}
			wm := func(s string) *string { return &s }
			lines.event(raw("start", `{"queries":[
				{"name":"customer_order_windows","start":"checkpoint-recovery","replay":null,
				 "resume":{"last_commit":2,"offsets":[{"logOffset":2}],"watermark_ms":1784113500000}},
				{"name":"rejected_order_events","start":"fresh","replay":null,"resume":{"last_commit":null,"offsets":[],"watermark_ms":null}}]}`))
			lines.event(raw("batch_start", `{"query":"customer_order_windows","batch_id":3,"replay":false,"time":"2026-07-15T10:00:00Z"}`))
			lines.event(events.Event{Kind: "batch", Batch: &events.Batch{Query: windows, BatchID: 3, InputRows: 2,
				LateWatermark: wm("2026-07-15T11:05:00.000Z"), Watermark: wm("2026-07-15T11:25:00.000Z"), EndOffsets: json.RawMessage(`{"logOffset":3}`)}})
			lines.event(events.Event{Kind: "batch", Batch: &events.Batch{Query: rejected, BatchID: 0, InputRows: 2}})
			lines.event(raw("idle", `{"query":"customer_order_windows","batch_id":4}`))
			lines.event(raw("idle", `{"query":"customer_order_windows","batch_id":4}`))
			lines.end(&sparkrun.Result{End: events.End{Status: "failed", ExitCode: 1,
				Failure: &events.Failure{Code: "merge-conflict", Retry: "rerun", Message: "conflict", Exception: "E", Query: windows}}})

			wantWindows := []string{
				`started fresh=false last=2 wm=11:05 order_events={"logOffset":2}`,
				"batch-started 3 replay=false", "watermark 3 11:05→11:25", "batch 3 input=2 output=0 late=0 late-vs=11:05 wm=11:25",
			}
			if trigger != "{type: available-now}" {
				wantWindows = append(wantWindows, "idle after 3")
			}
			wantWindows = append(wantWindows, "failed merge-conflict", "terminated failed last=3 wm=11:25")
			want := map[string][]string{
				windows: wantWindows,
				rejected: {"started fresh=true last=-1 wm=-", "batch-started 0 replay=false", "batch 0 input=2 output=0 late=0",
					"terminated stopped last=0 wm=-"},
			}
			for q, w := range want {
				if diff := cmp.Diff(w, c.lines(q)); diff != "" {
					t.Errorf("query %s (-want +got):\n%s", q, diff)
				}
			}
			if rep.Status != StateFailed || rep.Failure == nil || rep.Failure.Exception != "E" || rep.Start != startRecovery ||
				string(rep.Queries[0].FinalOffsets) != `{"logOffset":3}` {
				t.Errorf("report: %+v, failure %+v", rep, rep.Failure)
			}
		})
	}
}
