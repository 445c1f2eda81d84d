package localengine

import (
	"fmt"
	"maps"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// rollingKind is the checkpoint directory of the rolling gates' measures:
// metrics/N holds batch N's parts of each rolling gate of the query,
// written with the batch's commit and pruned with its offsets.
const rollingKind = "metrics"

// GateParts are a gate's metric over one micro-batch in parts that add up
// across batches: the rejected and read rows (invalid_ratio), the null and
// written rows (null_ratio), the rows written (rows, Of 0), or the rows
// that broke an expectation and those it checked (expectation_failed(_ratio)).
type GateParts struct {
	Num int64 `json:"num"`
	Of  int64 `json:"of"`
}

// value is the metric of the parts: the rows (written or failed), or the
// ratio (0 over no rows).
func (p GateParts) value(metric string) float64 {
	if metric == ir.GateRows || metric == ir.GateExpectFailed {
		return float64(p.Num)
	}
	return ratio(int(p.Num), int(p.Of))
}

// MetricsLog is metrics/N: batch N's parts of each rolling gate, by name,
// and the batch's trigger time (offsets/N's BatchTimestampMs), which a
// gate over a sliding interval compares with a later batch's.
type MetricsLog struct {
	Gates            map[string]GateParts `json:"gates"`
	BatchTimestampMs int64                `json:"batchTimestampMs,omitempty"`
}

// gateParts is the gate's metric over batch b in parts, rows written and
// nulls of them NULL in the gate's column: rejected / read rows of the
// source, NULL / written rows, the rows written, or an expectation's
// failed / checked rows in the query's batch; a ratio over no rows
// is 0 (GateParts.value).
func (q *Query) gateParts(g *planner.Gate, b *batch, rows, nulls int) GateParts {
	switch g.Metric {
	case ir.GateInvalidRatio:
		sb := b.inputs[g.Source]
		if sb == nil {
			return GateParts{}
		}
		return GateParts{Num: int64(sb.invalidRows()), Of: int64(sb.read)}
	case ir.GateNullRatio:
		return GateParts{Num: int64(nulls), Of: int64(rows)}
	case ir.GateExpectFailed, ir.GateExpectFailedRatio:
		r := b.expects.byName[g.Expectation]
		if r == nil {
			return GateParts{}
		}
		return GateParts{Num: r.Failed, Of: r.Passed + r.Failed}
	}
	return GateParts{Num: int64(rows)}
}

// rollingValue is a rolling gate's metric over the batch's parts and those
// the query's checkpoint keeps of the g.IR.Span()-1 batches before it (a
// batch that did not log the gate, the query's first ones, adds nothing);
// over a sliding interval, only of those whose trigger time is less than
// the interval before batch b's. The batch's parts are kept in b.rolling
// for its commit (writeRolling).
func (q *Query) rollingValue(g *planner.Gate, b *batch, part GateParts) (float64, error) {
	if b.rolling == nil {
		b.rolling = map[string]GateParts{}
	}
	b.rolling[g.Name] = part
	sum := part
	now, interval := b.ts.UnixMilli(), g.IR.IntervalMs()
	for id := max(b.id-int64(g.IR.Span())+1, 0); id < b.id; id++ {
		m, err := q.metricsOf(id)
		if err != nil {
			return 0, fmt.Errorf("query %s batch %d: rolling gate %s: %w", q.Name, b.id, g.Name, err)
		}
		if m == nil || (g.IR.Sliding() && now-m.BatchTimestampMs >= interval) {
			continue
		}
		p := m.Gates[g.Name]
		sum.Num += p.Num
		sum.Of += p.Of
	}
	return sum.value(g.Metric), nil
}

// metricsOf is committed batch id's metrics/N, nil when it logged none,
// read once (Query.kept).
func (q *Query) metricsOf(id int64) (*MetricsLog, error) {
	if m, ok := q.kept[id]; ok {
		return m, nil
	}
	var m *MetricsLog
	if q.cp.exists(rollingKind, id) {
		m = &MetricsLog{}
		if err := q.cp.readJSON(rollingKind, id, m); err != nil {
			return nil, err
		}
	}
	q.keep(id, m)
	return m, nil
}

// keep caches batch id's metrics and forgets those no rolling gate spans
// any more.
func (q *Query) keep(id int64, m *MetricsLog) {
	if q.kept == nil {
		q.kept = map[int64]*MetricsLog{}
	}
	q.kept[id] = m
	maps.DeleteFunc(q.kept, func(k int64, _ *MetricsLog) bool { return k <= id-ir.MaxRollingBatches })
}

// writeRolling writes metrics/N with the batch's parts of the query's
// rolling gates, before commits/N: a batch re-run after a crash writes
// its own parts again, in place.
func (q *Query) writeRolling(b *batch) error {
	if len(b.rolling) == 0 {
		return nil
	}
	m := &MetricsLog{Gates: b.rolling, BatchTimestampMs: b.ts.UnixMilli()}
	if err := q.cp.writeJSON(rollingKind, b.id, m); err != nil {
		return err
	}
	q.keep(b.id, m)
	return nil
}
