package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/run"
)

// TestBatchLine: one line per batch, the watermark "-" when the query has
// none, versioned sources' offsets at the end.
func TestBatchLine(t *testing.T) {
	tests := []struct {
		name string
		b    run.Batch
		want string
	}{
		{"no watermark", run.Batch{Query: "q", BatchID: 3, InputRows: 5, OutputRows: 5},
			"batch 3 q                        input=5 rows/s=0 watermark=- state=0 dropped=0 invalid=0 late=0 output=5\n"},
		{"watermark and late", run.Batch{Query: "w", Watermark: "2026-07-15T10:49:00Z", LateRows: 1, InvalidRows: 2},
			"batch 0 w                        input=0 rows/s=0 watermark=2026-07-15T10:49:00Z state=0 dropped=0 invalid=2 late=1 output=0\n"},
		{"delta-cdf (local)", run.Batch{Query: "c", Offsets: []run.SourceOffsets{{Source: "changes", Start: json.RawMessage(`null`), End: json.RawMessage(`{"reservoirVersion":1}`)}}},
			`output=0 changes startOffset=- endOffset={"reservoirVersion":1}` + "\n"},
		{"delta-cdf (spark)", run.Batch{Query: "c", Offsets: []run.SourceOffsets{{Start: json.RawMessage(`{"reservoirVersion": 3}`), End: json.RawMessage(`{"reservoirVersion": 5}`)}}},
			`output=0 startOffset={"reservoirVersion":3} endOffset={"reservoirVersion":5}` + "\n"},
		{"replay", run.Batch{Query: "q", Replay: true}, "output=0 replay\n"},
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
	if got := stderr.String(); got != "etlgen run: merge-conflict: conflict\n  retry: run again\n" {
		t.Errorf("stderr = %q", got)
	}
}
