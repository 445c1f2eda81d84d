package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/etlgen/etlgen/run"
)

// eventPrinter renders a run's lifecycle events (run.Event): a line per
// query start, watermark advance, idle spell and end, and per micro-batch
// the batch line (plain) or the status line rewritten in place (live); a
// failure on stderr. A batch's start is shown by the live status line
// only: in plain output its batch line follows at once.
type eventPrinter struct {
	e      env
	live   bool
	status *liveStatus
}

// event renders one event.
func (p *eventPrinter) event(ev run.Event) {
	switch e := ev.(type) {
	case run.BatchStarted:
		if p.live {
			p.status.running(e)
		}
	case run.BatchCompleted:
		if p.live {
			p.status.add(e.Batch)
			return
		}
		printBatch(p.e.stdout, e.Batch)
	case run.QueryFailed:
		p.status.end()
		printFailure(p.e, e)
	default:
		if line := eventLine(ev); line != "" {
			p.status.end()
			fmt.Fprintln(p.e.stdout, line)
		}
	}
}

// eventLine is the line of a query start, watermark advance, idle spell
// or end; a hosted load's watermark and idle lines are its host's (none).
func eventLine(ev run.Event) string {
	switch e := ev.(type) {
	case run.QueryStarted:
		return startedLine(e)
	case run.WatermarkAdvanced:
		if e.Host != "" {
			return "" // the host's line says it
		}
		return fmt.Sprintf("watermark %s: %s -> %s (batch %d)", printable(e.Query), watermarkText(e.From), watermarkText(e.To), e.BatchID)
	case run.QueryIdle:
		if e.Host != "" {
			return ""
		}
		return fmt.Sprintf("idle %s: caught up after batch %d, waiting for data", printable(e.Query), e.LastBatchID)
	case run.QueryTerminated:
		return fmt.Sprintf("end %s: %s, last committed batch %s", printable(e.Query), e.Status, batchText(e.LastBatchID))
	}
	return ""
}

// startedLine says how a query started and where it resumes.
func startedLine(e run.QueryStarted) string {
	if e.Host != "" {
		return fmt.Sprintf("start %s: in query %s's micro-batches (multi-sink: it starts where %s does)", printable(e.Query), printable(e.Host), printable(e.Host))
	}
	if e.Fresh {
		return fmt.Sprintf("start %s: fresh (new checkpoint: the sources' starting positions)", printable(e.Query))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "start %s: checkpoint-recovery after batch %s, watermark %s", printable(e.Query), batchText(e.LastCommitted),
		watermarkText(e.Watermark))
	for _, r := range e.Resume {
		name := "offsets"
		if r.Source != "" {
			name = printable(r.Source)
		}
		fmt.Fprintf(&b, ", %s=%s", name, printable(run.CompactOffset(r.Offset)))
	}
	if e.Replay != nil {
		fmt.Fprintf(&b, "; re-runs batch %d (logged, not committed)", *e.Replay)
	}
	return b.String()
}

// printFailure prints a failure's class, message and retry guidance on
// stderr.
func printFailure(e env, f run.QueryFailed) {
	msg := ""
	if f.Err != nil {
		msg, _, _ = strings.Cut(f.Err.Error(), "\n")
	}
	who := ""
	if f.Query != "" {
		who = " query " + printable(f.Query) + ":"
	}
	fmt.Fprintf(e.stderr, "etlgen run:%s %s: %s\n  retry: %s\n", who, f.Class, msg, f.Retry)
}

// watermarkText is a watermark in RFC 3339, or "-" for none.
func watermarkText(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

// batchText is a batch id, or "none" for -1.
func batchText(id int64) string {
	if id < 0 {
		return "none"
	}
	return fmt.Sprint(id)
}
