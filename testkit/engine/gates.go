package engine

import (
	"fmt"

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
// its metric over the batch and whether it breached the threshold.
type GateResult struct {
	Name      string
	Condition string
	Action    string
	Value     float64
	Breached  bool
}

// GateError is a micro-batch failed by a breached gate with action fail:
// its sink did not write, its offsets stay uncommitted, and the next run
// (or RunBatch) reads the same batch again.
type GateError struct {
	Query   string
	BatchID int64
	Gate    GateResult
}

func (e *GateError) Error() string {
	return fmt.Sprintf("%s %s: quality gate %s breached in query %s batch %d: %s with value %s; the batch did not commit",
		GateMarker, CodeGateFailed, e.Gate.Name, e.Query, e.BatchID, e.Gate.Condition, ir.FormatThreshold(e.Gate.Value))
}

// evaluateGates measures the query's gates over the executed batch b and
// the rows it is about to write, in declaration order; the first breached
// gate with action fail is returned as a *GateError besides the results.
func (q *Query) evaluateGates(b *batch, rows []Row) ([]GateResult, error) {
	var out []GateResult
	var failed error
	for i := range q.gates {
		g := &q.gates[i]
		v := q.gateValue(g, b, rows)
		r := GateResult{Name: g.Name, Condition: g.Condition, Action: g.Action, Value: v, Breached: g.IR.Breached(v)}
		out = append(out, r)
		if r.Breached && r.Action == ir.GateFail && failed == nil {
			failed = &GateError{Query: q.Name, BatchID: b.id, Gate: r}
		}
	}
	return out, failed
}

// gateValue is the gate's metric over the batch: rejected / read rows of
// the source, rows written, or the share of written rows whose column is
// null; a ratio over no rows is 0.
func (q *Query) gateValue(g *planner.Gate, b *batch, rows []Row) float64 {
	switch g.Metric {
	case ir.GateInvalidRatio:
		sb := b.inputs[g.Source]
		if sb == nil {
			return 0
		}
		return ratio(sb.invalidRows(), sb.read)
	case ir.GateNullRatio:
		idx := q.c.root.schema().Index(g.Column)
		nulls := 0
		for _, r := range rows {
			if idx < 0 || r[idx] == nil {
				nulls++
			}
		}
		return ratio(nulls, len(rows))
	}
	return float64(len(rows))
}

func ratio(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// failGate leaves the batch in flight uncommitted after a gate failed it:
// the operators go back to the last commit and the batch is pending, to be
// run again with the same offsets.
func (q *Query) failGate(ol *OffsetLog, err error) error {
	if rerr := q.resetOperators(); rerr != nil {
		return fmt.Errorf("%w (and reset: %v)", err, rerr)
	}
	q.pending = ol
	return err
}
