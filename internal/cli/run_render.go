package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/run"
)

// printBatch prints one micro-batch as one line (--progress plain, or not
// a terminal). Versioned sources (a Delta Change Data Feed) add their
// start and end offsets; a hosted load's batch (multi-sink) is a short line
// naming its host.
func printBatch(w io.Writer, b run.Batch) {
	if b.Host != "" { // multi-sink: the host's batch wrote this load too
		line := fmt.Sprintf("batch %d %-24s output=%d host=%s", b.BatchID, b.Query, b.OutputRows, b.Host)
		if b.Replay {
			line += " replay"
		}
		fmt.Fprintln(w, line)
		return
	}
	line := fmt.Sprintf("batch %d %-24s input=%d rows/s=%.0f %s state=%d dropped=%d invalid=%d late=%d output=%d",
		b.BatchID, b.Query, b.InputRows, b.RowsPerSecond, batchWatermarks(b), b.StateRows, b.DroppedByWatermark, b.InvalidRows, b.LateRows, b.OutputRows)
	for _, o := range b.Offsets {
		src := ""
		if o.Source != "" {
			src = " " + o.Source
		}
		line += fmt.Sprintf("%s startOffset=%s endOffset=%s", src, run.CompactOffset(o.Start), run.CompactOffset(o.End))
	}
	for _, g := range b.Gates {
		line += " " + g.Text()
	}
	for _, e := range b.Expectations {
		line += " " + e.Text()
	}
	if b.Replay {
		line += " replay"
	}
	fmt.Fprintln(w, line)
}

// batchWatermarks is a batch line's watermarks: late-vs, the one late
// rows were judged against (the previous batch's), and watermark, the
// batch's own (it evicts state and emits windows by it); "-" for none. A
// query without a watermark shows watermark=- only.
func batchWatermarks(b run.Batch) string {
	if b.LateWatermark == "" && b.Watermark == "" {
		return "watermark=-"
	}
	return "late-vs=" + orDash(b.LateWatermark) + " watermark=" + orDash(b.Watermark)
}

// orDash is s, or "-" when s is empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// printNotice prints a warning or a stop on stderr, a retry or restart on
// stdout.
func printNotice(e env, n run.Notice, live bool) {
	switch {
	case n.Kind == "warning" && n.Code != "":
		fmt.Fprintf(e.stderr, "etlgen run: warning: %s: %s\n", n.Code, n.Text)
	case n.Kind == "warning":
		fmt.Fprintf(e.stderr, "etlgen run: warning: %s\n", n.Text)
	case n.Kind == "stop", n.Kind == "orphan", n.Kind == "released", n.Kind == "fresh":
		fmt.Fprintf(e.stderr, "etlgen run: %s\n", n.Text)
	case !live:
		fmt.Fprintf(e.stdout, "%s: %s\n", n.Kind, n.Text)
	}
}

// printReport prints where each query resumes, the run's outcome and
// where its report is (a failure was printed when its event came).
func printReport(e env, r *run.Report) {
	for _, p := range r.ResumePositions() {
		name := p.Query
		if p.Source != "" {
			name += " " + p.Source
		}
		where := "none: no batch committed yet, the next run starts at the source's starting position"
		if len(p.Offset) > 0 {
			where = run.CompactOffset(p.Offset) + " (the checkpoint's last committed end offset; the next run reads after it)"
		}
		fmt.Fprintf(e.stdout, "resume position %s: %s\n", name, where)
	}
	if l := r.Lineage; l != nil {
		fmt.Fprintf(e.stdout, "openlineage: %s, %d written, %d posted, %d failed\n", diag.Count(l.Events, "event", "events"), l.Written, l.Posted, l.Failed)
	}
	if x := r.Executors; x != nil {
		fmt.Fprintln(e.stdout, executorsLine(x))
	}
	status := r.Start
	if r.Status != "finished" {
		status = r.Status + " (" + r.Start + ")"
	}
	fmt.Fprintf(e.stdout, "run %s: %s, %s; report %s\n", r.Pipeline, status, diag.Count(r.Batches, "batch", "batches"), r.Path)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// summaryRows is how many rows of each sink the summary after a run shows.
const summaryRows = 5

// summaryTimeout bounds reading a Spark sink's first rows for the summary.
const summaryTimeout = 30 * time.Second

// printSinks prints, after a run, every sink of the runs: the rows this
// run wrote, where they are, how many the sink holds and its first rows,
// then the command that shows more. After a failed or interrupted run the
// sinks are not read (a Spark server may be gone). A run that found
// nothing new says how to start over.
func printSinks(ctx context.Context, e env, m *planner.Model, reports []*run.Report, show string, pre *sinkPrefetch) {
	ran := map[string]*run.Report{}
	for _, r := range reports {
		ran[r.Pipeline] = r
	}
	for i := range m.Pipelines {
		r := ran[m.Pipelines[i].ID]
		if r == nil {
			continue
		}
		for j := range m.Pipelines[i].Queries {
			printSink(ctx, e, m, r, &m.Pipelines[i].Queries[j], pre)
		}
	}
	fmt.Fprintf(e.stdout, "\nsee a sink's rows: %s --sink NAME\n", show)
	for _, r := range reports {
		if r.Batches == 0 && r.Start == "checkpoint-recovery" && r.Status == "finished" {
			fmt.Fprintf(e.stdout, "%s: no new input since the last run (every query resumed from its checkpoint); start over: %s\n",
				r.Pipeline, strings.Replace(show, "etlgen show", "etlgen run", 1)+" --fresh")
		}
	}
}

// printSink prints one sink of a run r: the rows it wrote, where they are,
// how many the sink holds and its first rows (not after a failed or
// interrupted run).
func printSink(ctx context.Context, e env, m *planner.Model, r *run.Report, q *planner.Query, pre *sinkPrefetch) {
	written := r.Sinks[q.Name]
	where := relToDir(".", q.Sink.Identity)
	if r.Status != "finished" || ctx.Err() != nil {
		fmt.Fprintf(e.stdout, "\nsink %s (%s %s): %s written by this run\n", q.Sink.Asset, q.Sink.Plugin, where, rowCount(written))
		return
	}
	got, ok := pre.sink(q.Sink.Asset)
	if !ok {
		got.rows, got.err = readSummary(ctx, m, q.Sink.Asset)
	}
	rows, err := got.rows, got.err
	if err != nil {
		fmt.Fprintf(e.stdout, "\nsink %s (%s %s): %s written by this run (%v)\n", q.Sink.Asset, q.Sink.Plugin, where, rowCount(written), err)
		return
	}
	fmt.Fprintf(e.stdout, "\nsink %s (%s %s): %s written by this run, %d in all\n", q.Sink.Asset, q.Sink.Plugin, where, rowCount(written), rows.Total)
	writeRowTable(e.stdout, rows.Columns, rows.Rows, rows.Total)
}

// showCommandLine is the `etlgen show` command line for the package and
// profile of a run, for hints.
func showCommandLine(f planFlags, pkgs []string) string {
	parts := []string{"etlgen show"}
	if f.dir != "" && f.dir != "." {
		parts = append(parts, "-C", shellQuote(f.dir))
	}
	if f.irFile != "" {
		parts = append(parts, "--ir", shellQuote(f.irFile))
	}
	for _, p := range pkgs {
		parts = append(parts, shellQuote(p))
	}
	return strings.Join(append(parts, "--profile", shellQuote(f.profile)), " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// liveStatus is the one status line of a run on a terminal, rewritten
// when a micro-batch starts and after every one: the batches so far, rows
// in (and per second in the last batch), the latest watermark, the state
// rows of every query's last batch, invalid and late rows so far, and the
// batch running now.
type liveStatus struct {
	w                    io.Writer
	pipeline             string
	batches              int
	input, invalid, late int64
	rowsPerSecond        float64
	watermark            string
	state                map[string]int64
	inFlight             string // "batch N of QUERY" while one runs
	shown                bool
}

// reset starts the line of another pipeline.
func (s *liveStatus) reset(pipeline string) {
	if s.state == nil || s.pipeline != pipeline {
		s.end()
		*s = liveStatus{w: s.w, pipeline: pipeline, state: map[string]int64{}}
	}
}

// running shows the batch that started.
func (s *liveStatus) running(b run.BatchStarted) {
	s.reset(b.Pipeline)
	s.inFlight = fmt.Sprintf("batch %d of %s", b.BatchID, printable(b.Query))
	s.draw()
}

// add counts a batch in and rewrites the line.
func (s *liveStatus) add(b run.Batch) {
	s.reset(b.Pipeline)
	s.inFlight = ""
	s.batches++
	s.input += b.InputRows
	s.invalid += b.InvalidRows
	s.late += b.LateRows
	s.rowsPerSecond = b.RowsPerSecond
	if b.Watermark > s.watermark { // RFC 3339 in UTC: the order of the strings is the order of the times
		s.watermark = b.Watermark
	}
	s.state[b.Query] = b.StateRows
	s.draw()
}

// draw rewrites the line.
func (s *liveStatus) draw() {
	var state int64
	for _, n := range s.state {
		state += n
	}
	fmt.Fprintf(s.w, "\r\033[K%s: %s, %s in (%.0f rows/s), watermark %s, state %s, %d invalid, %d late",
		printable(s.pipeline), diag.Count(s.batches, "batch", "batches"), rowCount(int64(s.input)), s.rowsPerSecond, orDash(s.watermark), rowCount(int64(state)), s.invalid, s.late)
	if s.inFlight != "" {
		fmt.Fprintf(s.w, "; running %s", s.inFlight)
	}
	s.shown = true
}

// end finishes the line, if one was shown.
func (s *liveStatus) end() {
	if s.shown {
		fmt.Fprintln(s.w)
		s.shown = false
	}
}

// confirmDelete asks on stderr whether to delete paths and reads the
// answer from stdin: y or yes deletes.
func confirmDelete(e env, paths []string) bool {
	fmt.Fprintf(e.stderr, "etlgen run --fresh deletes:\n")
	for _, p := range paths {
		fmt.Fprintf(e.stderr, "  %s\n", printable(relToDir(".", p)))
	}
	fmt.Fprintf(e.stderr, "Delete %s? [y/N] ", diag.Plural(len(paths), "this path", fmt.Sprintf("these %d paths", len(paths))))
	if e.stdin == nil {
		fmt.Fprintln(e.stderr)
		return false
	}
	line, _ := bufio.NewReader(e.stdin).ReadString('\n')
	answer := strings.ToLower(strings.TrimSpace(line))
	if line == "" {
		fmt.Fprintln(e.stderr)
	}
	return answer == "y" || answer == "yes"
}

// executorsLine says which executors ran a Spark run's tasks.
func executorsLine(x *run.ExecutorsReport) string {
	if x.Unavailable != "" {
		return "executors: unknown (" + x.Unavailable + ")"
	}
	parts := make([]string, 0, len(x.Executors))
	for _, e := range x.Executors {
		p := e.ID + " " + diag.Count(int(e.Tasks), "task", "tasks")
		if e.FailedTasks > 0 {
			p += fmt.Sprintf(" (%d failed)", e.FailedTasks)
		}
		if e.ShuffleReadBytes > 0 || e.ShuffleWriteBytes > 0 {
			p += fmt.Sprintf(", shuffle read %d B, written %d B", e.ShuffleReadBytes, e.ShuffleWriteBytes)
		}
		parts = append(parts, p)
	}
	counted := diag.Count(x.Jobs, "job", "jobs") + ", " + diag.Count(x.Stages, "stage", "stages")
	if x.Evicted > 0 {
		counted += fmt.Sprintf(", %d evicted from the UI", x.Evicted)
	}
	return fmt.Sprintf("executors: %d ran the run's tasks (%s): %s", len(x.Executors), counted, strings.Join(parts, "; "))
}
