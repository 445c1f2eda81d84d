package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/etlgen/etlgen/run"
)

// printBatch prints one micro-batch as one line; on a terminal the line is
// rewritten in place. Versioned sources (a Delta Change Data Feed) add
// their start and end offsets.
func printBatch(w io.Writer, b run.Batch, live bool) {
	wm := b.Watermark
	if wm == "" {
		wm = "-"
	}
	line := fmt.Sprintf("batch %d %-24s input=%d rows/s=%.0f watermark=%s state=%d dropped=%d invalid=%d late=%d output=%d",
		b.BatchID, b.Query, b.InputRows, b.RowsPerSecond, wm, b.StateRows, b.DroppedByWatermark, b.InvalidRows, b.LateRows, b.OutputRows)
	for _, o := range b.Offsets {
		src := ""
		if o.Source != "" {
			src = " " + o.Source
		}
		line += fmt.Sprintf("%s startOffset=%s endOffset=%s", src, run.CompactOffset(o.Start), run.CompactOffset(o.End))
	}
	if b.Replay {
		line += " replay"
	}
	if live {
		fmt.Fprintf(w, "\r\033[K%s", line)
		return
	}
	fmt.Fprintln(w, line)
}

// printNotice prints a warning or a stop on stderr, a retry or restart on
// stdout.
func printNotice(e env, n run.Notice, live bool) {
	switch {
	case n.Kind == "warning" && n.Code != "":
		fmt.Fprintf(e.stderr, "etlgen run: warning: %s: %s\n", n.Code, n.Text)
	case n.Kind == "warning":
		fmt.Fprintf(e.stderr, "etlgen run: warning: %s\n", n.Text)
	case n.Kind == "stop", n.Kind == "orphan", n.Kind == "released":
		fmt.Fprintf(e.stderr, "etlgen run: %s\n", n.Text)
	case !live:
		fmt.Fprintf(e.stdout, "%s: %s\n", n.Kind, n.Text)
	}
}

// printReport prints where each query resumes, the run's outcome and
// where its report is.
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
	status := r.Start
	if r.Status != "finished" {
		status = r.Status + " (" + r.Start + ")"
	}
	fmt.Fprintf(e.stdout, "run %s: %s, %d batches; report %s\n", r.Pipeline, status, r.Batches, r.Path)
	if f := r.Failure; f != nil {
		msg, _, _ := strings.Cut(f.Message, "\n")
		fmt.Fprintf(e.stderr, "etlgen run: %s: %s\n  retry: %s\n", f.Code, msg, f.Retry)
	}
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
