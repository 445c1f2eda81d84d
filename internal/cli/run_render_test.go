package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/run"
	"github.com/etlgen/etlgen/sparkrun/sparkui"
)

// TestBatchLine: one line per batch, the watermark "-" when the query has
// none, else the watermark late rows were judged against (late-vs, "-"
// before there is one) and the batch's own, versioned sources' offsets at
// the end.
func TestBatchLine(t *testing.T) {
	tests := []struct {
		name string
		b    run.Batch
		want string
	}{
		{"no watermark", run.Batch{Query: "q", BatchID: 3, InputRows: 5, OutputRows: 5},
			"batch 3 q                        input=5 rows/s=0 watermark=- state=0 dropped=0 invalid=0 late=0 output=5\n"},
		{"first watermark", run.Batch{Query: "w", BatchID: 1, Watermark: "2026-07-15T10:49:00Z", InvalidRows: 2},
			"batch 1 w                        input=0 rows/s=0 late-vs=- watermark=2026-07-15T10:49:00Z state=0 dropped=0 invalid=2 late=0 output=0\n"},
		{"watermarks and late", run.Batch{Query: "w", BatchID: 3, LateWatermark: "2026-07-15T12:03:00Z", Watermark: "2026-07-15T12:37:30Z", LateRows: 1},
			"batch 3 w                        input=0 rows/s=0 late-vs=2026-07-15T12:03:00Z watermark=2026-07-15T12:37:30Z state=0 dropped=0 invalid=0 late=1 output=0\n"},
		{"delta-cdf (local)", run.Batch{Query: "c", Offsets: []run.SourceOffsets{{Source: "changes", Start: json.RawMessage(`null`), End: json.RawMessage(`{"reservoirVersion":1}`)}}},
			`output=0 changes startOffset=- endOffset={"reservoirVersion":1}` + "\n"},
		{"delta-cdf (spark)", run.Batch{Query: "c", Offsets: []run.SourceOffsets{{Start: json.RawMessage(`{"reservoirVersion": 3}`), End: json.RawMessage(`{"reservoirVersion": 5}`)}}},
			`output=0 startOffset={"reservoirVersion":3} endOffset={"reservoirVersion":5}` + "\n"},
		{"replay", run.Batch{Query: "q", Replay: true}, "output=0 replay\n"},
		{"hosted load", run.Batch{Query: "feed", Host: "windows", BatchID: 2, InputRows: 9, OutputRows: 4},
			"batch 2 feed                     output=4 host=windows\n"},
		{"gates", run.Batch{Query: "q", Gates: []run.GateVerdict{{Name: "invalid", Action: "warn", Value: 0.25, Breached: true},
			{Name: "rows", Action: "fail", Value: 3}}}, "output=0 gate:invalid=0.25(warn) gate:rows=3(ok)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			printBatch(&out, tt.b)
			if !strings.HasSuffix(out.String(), tt.want) {
				t.Errorf("batch line = %q, want suffix %q", out.String(), tt.want)
			}
		})
	}
}

// TestReportLines: resume positions of versioned sources, then the outcome
// and where the report is; a failure's class and retry on stderr.
func TestReportLines(t *testing.T) {
	r := &run.Report{Pipeline: "p", Start: "checkpoint-recovery", Status: "failed", Batches: 2, Path: "/out/run-report.json",
		Queries: []run.QueryReport{
			{Name: "customers", FinalOffsets: json.RawMessage(`{"reservoirVersion": 7}`)},
			{Name: "orders", FinalOffsets: json.RawMessage(`{"t":{"0":5}}`)},
			{Name: "merged", Sources: []run.SourceReport{{Source: "changes"}}},
		},
		Failure: &run.Failure{Code: "merge-conflict", Message: "conflict\ntrace", Retry: "run again"}}
	var stdout, stderr bytes.Buffer
	printReport(env{stdout: &stdout, stderr: &stderr}, r)
	want := `resume position customers: {"reservoirVersion":7} (the checkpoint's last committed end offset; the next run reads after it)
resume position merged changes: none: no batch committed yet, the next run starts at the source's starting position
run p: failed (checkpoint-recovery), 2 batches; report /out/run-report.json
`
	if stdout.String() != want {
		t.Errorf("stdout = %q, want %q", stdout.String(), want)
	}
	if got := stderr.String(); got != "" {
		t.Errorf("stderr = %q, want nothing (the failure is printed when its event comes)", got)
	}
}

// TestEventLines: how etlgen run renders each lifecycle event: a line on
// stdout per query start, watermark advance, idle spell and end, the batch
// line per completed batch, nothing for a batch start (plain), a failure
// with its class and retry guidance on stderr.
func TestEventLines(t *testing.T) {
	wm := time.Date(2026, 7, 15, 10, 35, 0, 0, time.UTC)
	replay := int64(5)
	tests := []struct {
		name           string
		ev             run.Event
		stdout, stderr string
	}{
		{"fresh", run.QueryStarted{Query: "w", Fresh: true, LastCommitted: -1},
			"start w: fresh (new checkpoint: the sources' starting positions)\n", ""},
		{"recovered", run.QueryStarted{Query: "w", LastCommitted: 4, Watermark: wm, Replay: &replay,
			Resume: []run.Resume{{Source: "order_events", Offset: json.RawMessage(`{"logOffset": 4}`)}}},
			`start w: checkpoint-recovery after batch 4, watermark 2026-07-15T10:35:00Z, order_events={"logOffset":4}; re-runs batch 5 (logged, not committed)` + "\n", ""},
		{"hosted start", run.QueryStarted{Query: "feed", Host: "w", Fresh: true, LastCommitted: -1},
			"start feed: in query w's micro-batches (multi-sink: it starts where w does)\n", ""},
		{"hosted watermark", run.WatermarkAdvanced{Query: "feed", Host: "w", BatchID: 1, To: wm}, "", ""},
		{"batch started", run.BatchStarted{Query: "w", BatchID: 3}, "", ""},
		{"watermark", run.WatermarkAdvanced{Query: "w", BatchID: 1, To: wm}, "watermark w: - -> 2026-07-15T10:35:00Z (batch 1)\n", ""},
		{"batch", run.BatchCompleted{Batch: run.Batch{Query: "w", BatchID: 1, InputRows: 2}},
			"batch 1 w                        input=2 rows/s=0 watermark=- state=0 dropped=0 invalid=0 late=0 output=0\n", ""},
		{"idle", run.QueryIdle{Query: "w", LastBatchID: 2}, "idle w: caught up after batch 2, waiting for data\n", ""},
		{"failed", run.QueryFailed{Query: "w", Class: "merge-conflict", Retry: "rerun", Err: &run.SparkError{Message: "conflict\ntrace"}},
			"", "etlgen run: query w: merge-conflict: conflict\n  retry: rerun\n"},
		{"failed before any query", run.QueryFailed{Class: "connectivity", Retry: "check", Err: errors.New("refused")},
			"", "etlgen run: connectivity: refused\n  retry: check\n"},
		{"terminated", run.QueryTerminated{Query: "w", Status: "stopped", LastBatchID: -1}, "end w: stopped, last committed batch none\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			p := &eventPrinter{e: env{stdout: &stdout, stderr: &stderr}, status: &liveStatus{w: &stdout}}
			p.event(tt.ev)
			if stdout.String() != tt.stdout || stderr.String() != tt.stderr {
				t.Errorf("stdout %q, stderr %q; want %q, %q", stdout.String(), stderr.String(), tt.stdout, tt.stderr)
			}
		})
	}
}

func TestExecutorsLine(t *testing.T) {
	for _, tt := range []struct {
		name string
		x    run.ExecutorsReport
		want string
	}{
		{"unknown", run.ExecutorsReport{Unavailable: "no UI"}, "executors: unknown (no UI)"},
		{"driver", run.ExecutorsReport{Jobs: 3, Stages: 5, Executors: []sparkui.ExecutorTasks{{ID: "driver", Tasks: 12}}},
			"executors: 1 ran the run's tasks (3 jobs, 5 stages): driver 12 tasks"},
		{"evicted and failed", run.ExecutorsReport{Jobs: 2, Stages: 1, Evicted: 4, Executors: []sparkui.ExecutorTasks{{ID: "0", Tasks: 3, FailedTasks: 1, ShuffleWriteBytes: 9}}},
			"executors: 1 ran the run's tasks (2 jobs, 1 stage, 4 evicted from the UI): 0 3 tasks (1 failed), shuffle read 0 B, written 9 B"},
	} {
		if got := executorsLine(&tt.x); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
