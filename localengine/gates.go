package localengine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// CodeGateFailed is the code of a breached quality gate: an error with
// action fail (GateError), a warning with action warn (docs/diagnostics.md).
const CodeGateFailed = "ETL-E750"

// GateMarker starts the message of a micro-batch failed by a quality gate,
// on both engines (the Spark runtime's GATE_MARKER).
const GateMarker = "[ETLGEN_QUALITY_GATE]"

// GateResult is one quality gate's verdict in one micro-batch: the value of
// its metric over the batch and whether it breached the threshold. A
// per-window gate's Value is the worst window's (the fewest rows, the
// highest ratio; 0 when the batch wrote no window), Windows counts the
// windows measured, WindowsBreached those that breached, and
// BreachedWindows lists the start of the first of them (RFC 3339, UTC, in
// time order, at most MaxBreachedWindows). A window the batch writes no row
// of is not measured: rows per window counts the rows of windows written.
type GateResult struct {
	Name            string
	Condition       string
	Action          string
	Value           float64
	Breached        bool
	Windows         int
	WindowsBreached int
	BreachedWindows []string
	// Quarantined counts the rows a breached quarantine gate wrote to its
	// output instead of the query's sink.
	Quarantined int
}

// MaxBreachedWindows bounds the windows a verdict names (both engines).
const MaxBreachedWindows = 10

// FormatWindowStart is how a verdict names a window: its start, RFC 3339
// in UTC with the fraction of a second only when it has one (the Spark
// runtime's format_window_start).
func FormatWindowStart(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// GateError is a micro-batch failed by a breached gate with action fail:
// its sink did not write, its offsets stay uncommitted, and the next run
// (or RunBatch) reads the same batch again.
type GateError struct {
	Query   string
	BatchID int64
	Gate    GateResult
}

func (e *GateError) Error() string {
	return fmt.Sprintf("%s %s: quality gate %s breached in query %s batch %d: %s with value %s%s; the batch did not commit",
		GateMarker, CodeGateFailed, e.Gate.Name, e.Query, e.BatchID, e.Gate.Condition, ir.FormatThreshold(e.Gate.Value), e.Gate.WindowsText())
}

// WindowsText names a per-window verdict's breached windows for a message
// (WindowsText of its fields); "" for a batch gate.
func (r GateResult) WindowsText() string {
	return WindowsText(r.Windows, r.WindowsBreached, r.BreachedWindows)
}

// WindowsText is how a message names the breached windows of a per-window
// verdict: " in 2 of 5 windows starting 2026-07-15T10:00:00Z,
// 2026-07-15T12:00:00Z" (", …" after the first MaxBreachedWindows); "" when
// none breached. Both engines' messages and warnings say it so.
func WindowsText(windows, breached int, starts []string) string {
	if breached == 0 {
		return ""
	}
	s := fmt.Sprintf(" in %d of %s starting %s", breached, diag.Count(windows, "window", "windows"), strings.Join(starts, ", "))
	if breached > len(starts) {
		s += ", …"
	}
	return s
}

// evaluateGates measures the query's gates over the executed batch b and
// the rows it is about to write, in declaration order; the first breached
// gate with action fail is returned as a *GateError besides the results.
func (q *Query) evaluateGates(b *batch, rows []Row) ([]GateResult, error) {
	return q.judge(b, func(_ int, g *planner.Gate) (GateResult, error) {
		if g.IR.Windowed() {
			return q.windowVerdict(g, rows), nil
		}
		return q.batchVerdict(g, b, len(rows), q.nulls(g, rows))
	})
}

// judge gives each gate's verdict, in declaration order, and the first
// breached gate with action fail as a *GateError; a verdict that cannot
// be given (a rolling gate's kept parts unreadable) is the error.
func (q *Query) judge(b *batch, verdict func(i int, g *planner.Gate) (GateResult, error)) ([]GateResult, error) {
	var out []GateResult
	var failed error
	for i := range q.gates {
		r, err := verdict(i, &q.gates[i])
		if err != nil {
			return out, err
		}
		out = append(out, r)
		if r.Breached && r.Action == ir.GateFail && failed == nil {
			failed = &GateError{Query: q.Name, BatchID: b.id, Gate: r}
		}
	}
	return out, failed
}

// batchVerdict is a batch gate's verdict over batch b, whose output has
// rows rows, nulls of them NULL in the gate's column (a null-ratio gate);
// a rolling gate's value adds the parts its checkpoint keeps of the
// batches before (rollingValue).
func (q *Query) batchVerdict(g *planner.Gate, b *batch, rows, nulls int) (GateResult, error) {
	part := q.gateParts(g, b, rows, nulls)
	v := part.value(g.Metric)
	if g.IR.Rolling() {
		var err error
		if v, err = q.rollingValue(g, b, part); err != nil {
			return GateResult{}, err
		}
	}
	return GateResult{Name: g.Name, Condition: g.Condition, Action: g.Action, Value: v, Breached: g.IR.Breached(v)}, nil
}

// gateColumn is the position of a null-ratio gate's column in the rows
// the query writes (-1: not a column, every row counts as NULL).
func (q *Query) gateColumn(g *planner.Gate) int { return q.c.root.schema().Index(g.Column) }

// nulls counts the rows whose column of gate g is NULL (a null-ratio
// gate; 0 for the others).
func (q *Query) nulls(g *planner.Gate, rows []Row) int {
	if g.Metric != ir.GateNullRatio {
		return 0
	}
	return countNulls(rows, q.gateColumn(g))
}

// countNulls counts the rows whose column idx is NULL (all of them when
// idx < 0).
func countNulls(rows []Row, idx int) int {
	if idx < 0 {
		return len(rows)
	}
	n := 0
	for _, r := range rows {
		if r[idx] == nil {
			n++
		}
	}
	return n
}

// window is one event-time window of the rows a batch writes, with the
// rows of it and, for a null-ratio gate, those whose column is null.
type window struct {
	start, end  time.Time
	rows, nulls int
}

// value is the gate's metric over the window.
func (w *window) value(g *planner.Gate) float64 {
	if g.Metric == ir.GateNullRatio {
		return ratio(w.nulls, w.rows)
	}
	return float64(w.rows)
}

// windowKey identifies a window by its bounds' instants (a time.Time's
// location and monotonic reading are not part of it).
func windowKey(start, end time.Time) [2]int64 { return [2]int64{start.UnixMicro(), end.UnixMicro()} }

// windowsOf groups the rows about to be written by window (window_start,
// window_end), in time order.
func (q *Query) windowsOf(g *planner.Gate, rows []Row) []*window {
	sc := q.c.root.schema()
	si, ei, ci := sc.Index(planner.WindowStartColumn), sc.Index(planner.WindowEndColumn), -1
	if g.Metric == ir.GateNullRatio {
		ci = sc.Index(g.Column)
	}
	by := map[[2]int64]*window{}
	for _, r := range rows {
		s, _ := cell(r, si).(time.Time)
		e, _ := cell(r, ei).(time.Time)
		w := by[windowKey(s, e)]
		if w == nil {
			w = &window{start: s, end: e}
			by[windowKey(s, e)] = w
		}
		w.rows++
		if cell(r, ci) == nil {
			w.nulls++
		}
	}
	ws := make([]*window, 0, len(by))
	for _, w := range by {
		ws = append(ws, w)
	}
	slices.SortFunc(ws, func(a, b *window) int {
		return cmp.Or(a.start.Compare(b.start), a.end.Compare(b.end))
	})
	return ws
}

// windowVerdict measures a per-window gate: the gate's metric over each
// window of the rows about to be written.
func (q *Query) windowVerdict(g *planner.Gate, rows []Row) GateResult {
	ws := q.windowsOf(g, rows)
	res := GateResult{Name: g.Name, Condition: g.Condition, Action: g.Action, Windows: len(ws)}
	for i, w := range ws {
		v := w.value(g)
		if i == 0 || (g.IR.Below() && v < res.Value) || (!g.IR.Below() && v > res.Value) {
			res.Value = v
		}
		if g.IR.Breached(v) {
			res.Breached = true
			res.WindowsBreached++
			if len(res.BreachedWindows) < MaxBreachedWindows {
				res.BreachedWindows = append(res.BreachedWindows, FormatWindowStart(w.start))
			}
		}
	}
	return res
}

// divert splits the rows about to be written by the breached quarantine
// gates, in declaration order: a breached gate per micro-batch takes every
// row not taken yet, a gate per window the rows not taken yet of the
// windows it breached (measured over all the batch's rows, as its
// verdict). It returns the rows left for the query's sink and, by gate
// index, the rows each gate's output gets, and counts them in the verdicts.
func (q *Query) divert(rows []Row, verdicts []GateResult) ([]Row, map[int][]Row) {
	var out map[int][]Row
	all := rows
	for i := range q.gates {
		g := &q.gates[i]
		if g.Action != ir.GateQuarantine || i >= len(verdicts) || !verdicts[i].Breached || len(rows) == 0 {
			continue
		}
		taken, kept := rows, []Row(nil)
		if g.IR.Windowed() {
			ws := q.windowsOf(g, all)
			bad := map[[2]int64]bool{}
			for _, w := range ws {
				if g.IR.Breached(w.value(g)) {
					bad[windowKey(w.start, w.end)] = true
				}
			}
			sc := q.c.root.schema()
			si, ei := sc.Index(planner.WindowStartColumn), sc.Index(planner.WindowEndColumn)
			taken = nil
			for _, r := range rows {
				s, _ := cell(r, si).(time.Time)
				e, _ := cell(r, ei).(time.Time)
				if bad[windowKey(s, e)] {
					taken = append(taken, r)
				} else {
					kept = append(kept, r)
				}
			}
		}
		if out == nil {
			out = map[int][]Row{}
		}
		out[i], rows = taken, kept
		verdicts[i].Quarantined = len(taken)
	}
	return rows, out
}

// cell is r[i], nil when i is not a column.
func cell(r Row, i int) any {
	if i < 0 || i >= len(r) {
		return nil
	}
	return r[i]
}

func ratio(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// failBatch leaves the batch in flight uncommitted after it failed (a
// gate failed it, an operator or a sink write returned an error): the
// operators go back to the last commit and the batch is pending, to be run
// again with the same offsets, whether by this engine or after a restart.
// Sinks that wrote it before the failure skip it then (idempotent per
// checkpoint and batch id), the others write it.
func (q *Query) failBatch(ol *OffsetLog, err error) error {
	if rerr := q.resetOperators(); rerr != nil {
		return fmt.Errorf("%w (and reset: %v)", err, rerr)
	}
	q.pending = ol
	return err
}
