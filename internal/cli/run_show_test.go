package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/run"
)

// runCLIInput is runCLI with stdin.
func runCLIInput(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestRunShowFresh is the local loop: a run ends with every sink's rows
// and the show command; show prints a sink (text with a limit, json); a
// second run that finds nothing says how to start over; --fresh asks, a
// "n" keeps everything, --yes deletes the checkpoints and the files the
// sinks wrote (not a foreign file) and the run starts over with the same
// rows.
func TestRunShowFresh(t *testing.T) {
	dir := t.TempDir()
	prof := localProfile(t, dir)
	pkg := []string{"./examples/order-streaming", "--profile", prof, "-C", "../.."}
	code, stdout, stderr := runCLI(append([]string{"run"}, pkg...)...)
	if code != ExitOK {
		t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"sink customer_order_windows (file-json " + filepath.Join(dir, "out/customer_order_windows") + "): 6 rows written by this run, 6 in all\n" +
			"  customer_id  window_start          window_end            paid_order_count  paid_order_total  latest_event_time\n",
		"  … and 1 more\n",
		"sink late_order_events (file-json " + filepath.Join(dir, "out/late_order_events") + "): 1 row written by this run, 1 in all\n" +
			"  event                                     watermark_at_arrival  reason_code\n" +
			"  {\"event_id\":\"evt-0021\",\"order_id\":1021,…  2026-07-15T12:03:00Z  BEHIND_WATERMARK\n",
		"see a sink's rows: etlgen show -C ../.. ./examples/order-streaming --profile " + prof + " --sink NAME\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("run output lacks %q:\n%s", want, stdout)
		}
	}

	code, stdout, stderr = runCLI(append([]string{"show", "--sink", "customer_order_windows", "--limit", "2"}, pkg...)...)
	if code != ExitOK || !strings.HasSuffix(stdout, "  … and 4 more\n") || strings.Count(stdout, "\n") != 5 {
		t.Errorf("show --limit 2: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(append([]string{"show", "--sink", "rejected_order_events", "--format", "json"}, pkg...)...)
	var rows run.SinkRows
	if err := json.Unmarshal([]byte(stdout), &rows); code != ExitOK || err != nil || rows.Total != 2 || len(rows.Rows) != 2 || rows.Columns[0] != "event_id" {
		t.Errorf("show --format json: exit %d, %v, %+v", code, err, rows)
	}
	if code, _, stderr = runCLI(append([]string{"show", "--sink", "nope"}, pkg...)...); code != ExitUsage || !strings.Contains(stderr, "the sinks are customer_order_windows, late_order_events, rejected_order_events") {
		t.Errorf("show of an unknown sink: exit %d, %s", code, stderr)
	}

	_, stdout, _ = runCLI(append([]string{"run"}, pkg...)...)
	if !strings.Contains(stdout, "customer-order-streaming: no new input since the last run (every query resumed from its checkpoint); start over: etlgen run -C ../.. ./examples/order-streaming --profile "+prof+" --fresh\n") {
		t.Errorf("second run gives no hint to start over:\n%s", stdout)
	}

	foreign := filepath.Join(dir, "out/customer_order_windows/notes.txt")
	if err := os.WriteFile(foreign, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLIInput("n\n", append([]string{"run", "--fresh"}, pkg...)...)
	if code != ExitFailure || !strings.Contains(stderr, "Delete these 9 paths? [y/N]") || !strings.Contains(stderr, "nothing deleted and nothing run") {
		t.Errorf("--fresh answered n: exit %d\n%s", code, stderr)
	}
	if got := readLines(t, filepath.Join(dir, "out/customer_order_windows")); len(got) != 6 {
		t.Errorf("declined --fresh changed the windows: %d rows", len(got))
	}
	code, stdout, stderr = runCLI(append([]string{"run", "--fresh", "--yes"}, pkg...)...)
	if code != ExitOK || !strings.Contains(stdout, ": fresh, 12 batches") || !strings.Contains(stderr, "deleted 9 checkpoint and sink paths") {
		t.Errorf("--fresh --yes: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := readLines(t, filepath.Join(dir, "out/customer_order_windows")); len(got) != 6 {
		t.Errorf("after --fresh the windows hold %d rows, want the 6 of one run", len(got))
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("--fresh deleted a file no query wrote: %v", err)
	}
	if code, _, stderr = runCLI(append([]string{"run", "--yes"}, pkg...)...); code != ExitUsage {
		t.Errorf("--yes without --fresh: exit %d, %s", code, stderr)
	}
}

// TestRunFreshOnSpark: --fresh on the Spark engine is refused before
// anything runs, naming what starting over there deletes.
func TestRunFreshOnSpark(t *testing.T) {
	code, _, stderr := runCLI("run", "./examples/order-streaming", "--profile", "examples/order-streaming/profiles/spark.yaml", "-C", "../..", "--fresh", "--yes")
	if code != ExitUsage || !strings.Contains(stderr, "run --fresh deletes local state only") || !strings.Contains(stderr, "checkpoint s3a://") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

// TestRunFreshOnSparkIceberg: --fresh on a Spark profile with Iceberg
// sinks names each Iceberg table among what starting over deletes: its
// snapshots record the batches the query wrote, which a new checkpoint
// over the old table would skip.
func TestRunFreshOnSparkIceberg(t *testing.T) {
	code, _, stderr := runCLI("run", "./examples/order-streaming", "--profile", "examples/order-streaming/profiles/spark-iceberg.yaml", "-C", "../..", "--fresh", "--yes")
	for _, want := range []string{"run --fresh deletes local state only", "the iceberg table lake.curated.customer_order_windows (its rows, or the whole table)",
		"the iceberg table lake.quarantine.rejected_order_events"} {
		if code != ExitUsage || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, want %d and %q in\n%s", code, ExitUsage, want, stderr)
		}
	}
}

// TestRowTableCells: table cells never carry terminal control bytes, and
// long values are cut.
func TestRowTableCells(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[31mred\x1b[0m", `"\x1b[31mred\x1b[0m"`},
		{"a\tb\nc", `"a\tb\nc"`},
		{"bad \xff utf-8", `"bad \xff utf-8"`},
		{strings.Repeat("x", 50), strings.Repeat("x", 39) + "…"},
	}
	for _, tt := range tests {
		if got := cell(tt.in); got != tt.want {
			t.Errorf("cell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	var out bytes.Buffer
	writeRowTable(&out, []string{"s", "n", "missing"}, []json.RawMessage{json.RawMessage(`{"s":"\u001b]0;title\u0007","n":1.50}`)}, 3)
	want := "  s                 n     missing\n  \"\\x1b]0;title\\a\"  1.50  null\n  … and 2 more\n"
	if out.String() != want {
		t.Errorf("table = %q, want %q", out.String(), want)
	}
}

// TestLiveStatus: one line for the pipeline, rewritten in place, summing
// the queries' rows and state; no epoch for a watermark not set yet.
func TestLiveStatus(t *testing.T) {
	var out bytes.Buffer
	s := &liveStatus{w: &out}
	s.add(run.Batch{Pipeline: "p", Query: "a", InputRows: 5, StateRows: 2, InvalidRows: 1, RowsPerSecond: 10})
	s.add(run.Batch{Pipeline: "p", Query: "b", InputRows: 3, StateRows: 4, LateRows: 1, RowsPerSecond: 20, Watermark: "2026-07-15T10:49:00Z"})
	s.add(run.Batch{Pipeline: "p", Query: "a", InputRows: 1, StateRows: 1})
	s.end()
	lines := strings.Split(out.String(), "\r\x1b[K")
	if len(lines) != 4 || lines[0] != "" || !strings.Contains(lines[1], "watermark -,") {
		t.Fatalf("status output %q", out.String())
	}
	if want := "p: 3 batches, 9 rows in (0 rows/s), watermark 2026-07-15T10:49:00Z, state 5 rows, 1 invalid, 1 late\n"; lines[3] != want {
		t.Errorf("last status %q, want %q", lines[3], want)
	}
}
