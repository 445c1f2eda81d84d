package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// gates gives the query view the query's quality gates (planner.Query.Gates)
// as Python dict literals. A gate that only warns changes nothing written,
// so it is measured in the query's own pass from observed metrics
// (rt.observe_rows; an invalid ratio from the source's observation,
// "source"), with no second read. A gate that fails or quarantines, and a
// gate per event-time window (an observed metric is one aggregate, not one
// per window), is measured by rt.check_gates before the sink commits, an
// invalid-ratio gate by reading the batch's source rows again
// (GateSource); a rolling gate too (over the last batches or a sliding
// interval), with the parts of the batches before (rt.rolling_sums,
// Rolling); a quarantine gate's output gets a writer of its own
// (gateOutput). A batch re-run from the
// offset log reports no progress on Spark 4.1 (SPARK-55271), so
// rt.check_gates measures every gate of that one batch (replay=). The
// planner refuses what the program cannot measure (ETL-S467); the errors
// here are for a model that was not validated.
func (g *gen) gates(q *planner.Query, qv *queryView) error {
	for i := range q.Gates {
		gt := &q.Gates[i]
		col, src := "None", "None"
		if gt.Metric == ir.GateNullRatio {
			col = PyString(SQLIdent(gt.Column))
		}
		// measured before the commit: a gate that fails, or a rolling gate
		// (its parts are kept for the next batches)
		rolling := gt.Scope == ir.GateScopeLastBatches || gt.Scope == ir.GateScopeLastInterval
		before := gt.Action == ir.GateFail || rolling
		qv.FailGates = qv.FailGates || before || gt.Action == ir.GateQuarantine || gt.Scope == ir.GateScopeWindow
		qv.Rolling = qv.Rolling || rolling
		if gt.Action == ir.GateQuarantine {
			ov, err := g.gateOutput(q, gt)
			if err != nil {
				return err
			}
			qv.GateOutputs = append(qv.GateOutputs, ov)
		}
		extra := ""
		if gt.Metric == ir.GateExpectFailed || gt.Metric == ir.GateExpectFailedRatio {
			var err error
			if extra, err = g.expectationGate(q, qv, gt, before); err != nil {
				return err
			}
		}
		if gt.Metric == ir.GateInvalidRatio {
			sv := qv.Observed[gt.Source]
			if sv == nil {
				return fmt.Errorf("query %s gate %s: the query reads no validated streaming rows of source %s", q.Name, gt.Name, gt.Source)
			}
			src = sv.Observe
			rereadable := sv.Reread != "" && len(q.Sources) == 1
			if before && !rereadable {
				if sv.Reread == "" {
					return fmt.Errorf("query %s gate %s: the batches of source %s cannot be read again (%s)", q.Name, gt.Name, gt.Source, planner.CodeGateNotRereadable)
				}
				return fmt.Errorf("query %s gate %s: the query reads the streaming sources %s (%s)", q.Name, gt.Name, strings.Join(q.Sources, ", "), planner.CodeGateNotRereadable)
			}
			if rereadable {
				qv.GateSource, sv.Gated = sv, true
			}
		}
		scope := ""
		switch gt.Scope {
		case ir.GateScopeWindow:
			scope = fmt.Sprintf(", %s: %s", PyString("scope"), PyString(gt.Scope))
		case ir.GateScopeLastBatches:
			scope = fmt.Sprintf(", %s: %s, %s: %d", PyString("scope"), PyString(gt.Scope), PyString("batches"), gt.Batches)
		case ir.GateScopeLastInterval:
			scope = fmt.Sprintf(", %s: %s, %s: %d", PyString("scope"), PyString(gt.Scope), PyString("interval_ms"), gt.IR.IntervalMs())
		}
		qv.Gates = append(qv.Gates, fmt.Sprintf("{%s: %s, %s: %s, %s: %s, %s: %s, %s: %s, %s: %s, %s: %s%s}",
			PyString("name"), PyString(gt.Name), PyString("metric"), PyString(gt.Metric), PyString("column"), col,
			PyString("source"), src, PyString("threshold"), ir.FormatThreshold(gt.Threshold), PyString("action"), PyString(gt.Action),
			PyString("condition"), PyString(gt.Condition), scope+extra))
	}
	if qv.FailGates && qv.Stateful {
		qv.Cache = true // measured, then written: the stateful plan computed once
	}
	return nil
}

// writeView is a write of a query's foreachBatch besides its sink: the
// output of a quarantine gate, with the rows rt.quarantine_split takes, or
// a load the query hosts (planner.Query.Hosted), with the batch's rows.
// The rows are already the load's columns.
type writeView struct {
	Gate       string // Python literal of the gate's name; "" for a hosted load
	Identity   string // Python literal: the output's txnAppId
	Checkpoint string // Python literal: the writing query's (files sinks)
	Title      string // plain text
	Doc        string // plain text: what the write is, the docstring's first line
	Const, Fn  string
	Sink       sinkView
}

// writeForms are the module names a writeView defines (idents.claim).
var writeForms = []string{"write_%s", "%S_IDENTITY", "%S_TARGET", "%S_SCHEMA_SQL", "%S_CREATE_SQL", "%S_LAYOUT", "%S_MERGE_KEYS",
	"%S_KAFKA_OPTIONS", "%S_KAFKA_OPTIONS_ENV", "%S_KEY", "%S_VALUE"}

// gateOutput builds the view of a quarantine gate's output.
func (g *gen) gateOutput(q *planner.Query, gt *planner.Gate) (*writeView, error) {
	gq := gt.Quarantine
	if gq == nil {
		return nil, fmt.Errorf("query %s gate %s: the quarantine output is not bound", q.Name, gt.Name)
	}
	w := gq.Write()
	ov := &writeView{Gate: PyString(gt.Name), Identity: PyString(gq.TxnID), Checkpoint: PyString(q.Checkpoint),
		Title: fmt.Sprintf("%s: the rows quality gate %s quarantines from query %s, %s into %s", gq.Asset, gt.Name, q.Name, w.Sink.WriteMode, gq.Identity),
		Doc:   "idempotent per batch id, written before the gated query's sink"}
	if err := g.write(ov, gq.Asset, &w.Sink); err != nil {
		return nil, fmt.Errorf("query %s gate %s: %w", q.Name, gt.Name, err)
	}
	return ov, nil
}

// write completes the view of a write besides a query's sink: the module
// names it claims for asset and its sink s, in the contract s loads; a
// sink that applies changes (a CDF MERGE) is refused.
func (g *gen) write(wv *writeView, asset string, s *planner.Sink) error {
	c, err := declared(s.Def, s.Contract)
	if err != nil {
		return err
	}
	base := g.ids.claim(asset, writeForms...)
	wv.Const, wv.Fn = constName(base), base
	if wv.Sink, err = g.sink(s, c); err != nil {
		return err
	}
	if wv.Sink.Kind == "changes" {
		return fmt.Errorf("output %s applies changes", asset)
	}
	return nil
}
