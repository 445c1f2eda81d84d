package planner

import (
	"fmt"
	"math"
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// Quality gate codes (docs/diagnostics.md, "Quality gates").
const (
	CodeGateDefinition     = "ETL-D275" // a gate without a name, a duplicate name, an unknown metric, scope or action
	CodeGateSubject        = "ETL-D276" // a gate's source, load or column is not one of the pipeline's
	CodeGateThreshold      = "ETL-D277" // a gate's threshold is out of range
	CodeGateUnboundedScope = "ETL-S425" // a gate scoped to the whole dataset of an unbounded stream
	CodeGateWindowScope    = "ETL-S426" // a per-window gate whose subject is not a final event-time window
	CodeGateNotRereadable  = "ETL-S467" // pyspark: an invalid-ratio gate in a query whose source batch cannot be read again
	CodeGateNeverBreaches  = "ETL-S427" // warning: a null-ratio gate on a column its contract requires (never null: the ratio is always 0)
)

// ruleGates checks the pipeline's quality gates: a known metric, scope and
// action; a subject the pipeline has (a streaming extract that validates
// payloads, a load that is not a Late() output, a column of the load's
// contract); a threshold in range (a ratio in [0, 1), a whole number of rows
// of at least 1); and a scope that is finite: seed 003 — "a full-dataset
// quality gate is not meaningful for an unbounded stream unless it is
// scoped to a finite interval". A per-window scope needs windows that are
// final when written: a load of a windowed aggregation in append mode.
var ruleGates = Rule{
	Name:    "quality-gates",
	Summary: "quality gates name a subject of the pipeline, a threshold in range and a finite scope",
	Codes:   []string{CodeGateDefinition, CodeGateSubject, CodeGateThreshold, CodeGateUnboundedScope, CodeGateWindowScope, CodeGateNeverBreaches, ir.CodeRollingGate},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			seen := map[string]bool{}
			for i := range pp.p.Gates {
				g := &pp.p.Gates[i]
				gc := gateCheck{c: c, pp: pp, g: g}
				if gc.definition(seen) {
					gc.subject()
					gc.threshold()
					gc.scope()
				}
			}
		}
	},
}

// gateCheck checks one gate.
type gateCheck struct {
	c  *Checker
	pp *pipe
	g  *ir.Gate
}

func (gc gateCheck) report(code, hint, format string, args ...any) {
	gc.c.report(code, diag.Error, gc.g.Pos, gc.pp.path("gate:"+gc.g.Name), hint, fmt.Sprintf(format, args...))
}

// definition checks the name, metric, scope and action; false stops the
// gate's other checks.
func (gc gateCheck) definition(seen map[string]bool) bool {
	g := gc.g
	switch {
	case g.Name == "":
		gc.report(CodeGateDefinition, "name the gate", "quality gate without a name")
	case seen[g.Name]:
		gc.report(CodeGateDefinition, "give each gate of the pipeline its own name", "quality gate %s is declared twice", g.Name)
	case !slices.Contains(ir.GateMetrics, g.Metric):
		gc.report(CodeGateDefinition, "use metric "+joinNames(ir.GateMetrics), "quality gate %s: unknown metric %q", g.Name, g.Metric)
	case !slices.Contains(ir.GateScopes, g.Scope):
		gc.report(CodeGateDefinition, "use scope "+joinNames(ir.GateScopes), "quality gate %s: unknown scope %q", g.Name, g.Scope)
	case g.Action != ir.GateWarn && g.Action != ir.GateFail && g.Action != ir.GateQuarantine:
		gc.report(CodeGateDefinition, "use action warn, fail or quarantine", "quality gate %s: unknown action %q", g.Name, g.Action)
	case g.Action == ir.GateQuarantine && g.Output == "":
		gc.report(CodeGateDefinition, "name the asset the breached rows go to (etl.QuarantineTo)", "quality gate %s quarantines and names no output", g.Name)
	case g.Action == ir.GateQuarantine && g.Metric == ir.GateInvalidRatio:
		gc.report(CodeGateDefinition, "quarantine by a load's gate (rows, null_ratio); a source's invalid rows already go to its Invalid() load",
			"quality gate %s: an invalid ratio has no rows of its own to quarantine: it measures a source, read by several queries", g.Name)
	case g.Action == ir.GateQuarantine && g.OnExpectation():
		gc.report(CodeGateDefinition, "quarantine the breaking rows with the expectation itself (etl.Quarantine on Expect), or make the gate warn or fail",
			"quality gate %s: %s counts rows of a stream checked by several queries: it has no rows of its own to quarantine", g.Name, g.Subject())
	default:
		seen[g.Name] = true
		return true
	}
	seen[g.Name] = true
	return false
}

// subject checks the gate's source, or its load and column.
func (gc gateCheck) subject() {
	switch {
	case gc.g.Metric == ir.GateInvalidRatio:
		gc.source()
	case gc.g.OnExpectation():
		gc.expectation()
	default:
		gc.load()
	}
}

// expectation checks that an expectation gate names an expectation of the
// pipeline.
func (gc gateCheck) expectation() {
	g := gc.g
	if slices.ContainsFunc(gc.pp.p.Expectations, func(e ir.Expectation) bool { return e.Name == g.Expectation }) {
		return
	}
	var names []string
	for _, e := range gc.pp.p.Expectations {
		names = append(names, e.Name)
	}
	slices.Sort(names)
	gc.report(CodeGateSubject, "name an expectation of the pipeline: "+joinNames(names),
		"quality gate %s: %q is not an expectation of pipeline %s", g.Name, g.Expectation, gc.pp.p.ID)
}

func (gc gateCheck) source() {
	g := gc.g
	ex, ok := gc.pp.extracts[g.Source]
	switch {
	case !ok:
		gc.report(CodeGateSubject, "name an asset the pipeline extracts: "+gc.names(true),
			"quality gate %s: %s is not a source of pipeline %s", g.Name, g.Source, gc.pp.p.ID)
	case ex.Static:
		gc.report(CodeGateSubject, "gate a streaming source; a static table's invalid rows fail the batch or go to its quarantine",
			"quality gate %s: source %s is a static table", g.Name, g.Source)
	default:
		if b := gc.c.env.Sources[g.Source]; b != nil && b.Source().Rows == profile.RowsTyped {
			gc.report(CodeGateSubject, "gate a source whose plugin validates payloads (kafka-json, file-json)",
				"quality gate %s: plugin %s of source %s delivers typed rows: nothing is validated, so none are invalid", g.Name, pluginName(b), g.Source)
		}
	}
}

func (gc gateCheck) load() {
	g := gc.g
	idx := slices.IndexFunc(gc.pp.p.Loads, func(l ir.Load) bool { return l.Asset == g.Load })
	if idx < 0 {
		gc.report(CodeGateSubject, "name an asset the pipeline loads: "+gc.names(false),
			"quality gate %s: %s is not a load of pipeline %s", g.Name, g.Load, gc.pp.p.ID)
		return
	}
	ld := &gc.pp.p.Loads[idx]
	if ld.From.Port == ir.PortLate {
		gc.report(CodeGateSubject, "gate the load of the step's output or of the source's valid rows",
			"quality gate %s: load %s is a Late() output, written by the batches of the query that runs the step", g.Name, g.Load)
		return
	}
	if g.Metric != ir.GateNullRatio {
		return
	}
	ct, ok := gc.c.ix.contracts[ld.Contract]
	if !ok {
		return // ETL-P340 / ETL-D260 say so
	}
	f, ok := ct.Field(g.Column)
	if ok && f.Required {
		gc.c.report(CodeGateNeverBreaches, diag.Warning, g.Pos, gc.pp.path("gate:"+g.Name),
			"gate a column the contract lets be null (a pointer field), or remove the gate",
			fmt.Sprintf("quality gate %s: column %s of contract %s is required (never null), so its null ratio is always 0 and the gate never breaches", g.Name, g.Column, ct.ID))
	}
	if !ok {
		var cols []string
		for _, f := range ct.Fields {
			cols = append(cols, f.Name)
		}
		gc.report(CodeGateSubject, "name a column of contract "+ct.ID+": "+joinNames(cols),
			"quality gate %s: load %s (contract %s) has no column %q", g.Name, g.Load, ct.ID, g.Column)
	}
}

// names lists the pipeline's extract (streaming) or load assets for a hint.
func (gc gateCheck) names(extracts bool) string {
	var out []string
	if extracts {
		for _, e := range gc.pp.p.Extracts {
			if !e.Static {
				out = append(out, e.Asset)
			}
		}
	} else {
		for _, l := range gc.pp.p.Loads {
			out = append(out, l.Asset)
		}
	}
	slices.Sort(out)
	return joinNames(out)
}

func joinNames(names []string) string {
	if len(names) == 0 {
		return "(none)"
	}
	s := names[0]
	for _, n := range names[1:] {
		s += ", " + n
	}
	return s
}

// threshold checks the threshold's range.
func (gc gateCheck) threshold() {
	g := gc.g
	t := g.Threshold
	switch {
	case g.Metric == ir.GateRows && (t < 1 || t != math.Trunc(t) || math.IsInf(t, 0)):
		gc.report(CodeGateThreshold, "give the fewest rows a batch must write: a whole number, at least 1",
			"quality gate %s: rows below %s is never or always breached", g.Name, ir.FormatThreshold(t))
	case g.Metric == ir.GateExpectFailed && (t < 0 || t != math.Trunc(t) || math.IsInf(t, 0)):
		gc.report(CodeGateThreshold, "give the most breaking rows a batch may have: a whole number, at least 0",
			"quality gate %s: failed rows above %s is never or always breached", g.Name, ir.FormatThreshold(t))
	case !g.Count() && !(t >= 0 && t < 1):
		gc.report(CodeGateThreshold, "give the largest ratio that passes, at least 0 and below 1 (0.05 for 5%)",
			"quality gate %s: ratio threshold %s is outside [0, 1)", g.Name, ir.FormatThreshold(t))
	}
}

// scope rejects a whole-dataset scope (every subject of a gate is a
// stream) and a per-window scope whose windows are not final when written.
func (gc gateCheck) scope() {
	g := gc.g
	if g.Scope == ir.GateScopeWindow {
		gc.window()
		return
	}
	if g.Rolling() || g.Batches != 0 || g.Interval != "" {
		gc.rolling()
		return
	}
	if g.Scope != ir.GateScopeDataset {
		return
	}
	gc.report(CodeGateUnboundedScope, "scope the gate to each micro-batch (drop etl.OverDataset()): a measure over a finite interval",
		"quality gate %s: %s over the whole dataset of an unbounded stream is never final: a full-dataset gate is not meaningful unless scoped to a finite interval", g.Name, g.Subject())
}

// rolling checks a rolling gate's span and action (batches or an
// interval on another scope too): its measures are kept for the batches a
// checkpoint retains, a sliding interval is a positive whole number of
// milliseconds (a batch's trigger time is in milliseconds), and its breach
// is of several batches, none of whose rows it can quarantine.
func (gc gateCheck) rolling() {
	g := gc.g
	switch {
	case g.Batches != 0 && g.Scope != ir.GateScopeLastBatches:
		gc.report(ir.CodeRollingGate, "drop batches, or scope the gate to last_micro_batches",
			"quality gate %s: batches %d on scope %s: only a gate over the last micro-batches counts them", g.Name, g.Batches, g.Scope)
	case g.Interval != "" && !g.Sliding():
		gc.report(ir.CodeRollingGate, "drop interval, or scope the gate to last_interval",
			"quality gate %s: interval %s on scope %s: only a gate over the last interval slides", g.Name, g.Interval, g.Scope)
	case g.Sliding() && g.IntervalMs() == 0:
		gc.report(ir.CodeRollingGate, "slide over a positive whole number of milliseconds, e.g. interval 1h0m0s (etl.OverLast(time.Hour))",
			"quality gate %s: a sliding gate over interval %q", g.Name, g.Interval)
	case g.Scope == ir.GateScopeLastBatches && (g.Batches < 2 || g.Batches > ir.MaxRollingBatches):
		gc.report(ir.CodeRollingGate, fmt.Sprintf("span 2 to %d micro-batches (the batches a checkpoint retains)", ir.MaxRollingBatches),
			"quality gate %s: a rolling gate over %d micro-batches", g.Name, g.Batches)
	case g.Action == ir.GateQuarantine:
		gc.report(ir.CodeRollingGate, "make the rolling gate warn or fail, or quarantine per micro-batch or per window",
			"quality gate %s: a rolling gate has no rows of its own to quarantine: its breach is of %s", g.Name, g.SpanText())
	}
}

// window checks a per-window gate: a load's metric (a rejected row's event
// time is not trusted: it broke the contract), over the rows of a windowed
// aggregation's query that writes each window once, in append mode, with
// window_start and window_end in the load's contract to group them by.
func (gc gateCheck) window() {
	g := gc.g
	if g.Metric == ir.GateInvalidRatio {
		gc.report(CodeGateWindowScope, "gate the invalid ratio per micro-batch, or a load's rows or null ratio per window",
			"quality gate %s: invalid_ratio(%s) per event-time window: a rejected row has no event time to place it in a window (it broke the contract)", g.Name, g.Source)
		return
	}
	if g.OnExpectation() {
		gc.report(CodeGateWindowScope, "gate the expectation per micro-batch or over the last micro-batches, or a load's rows or null ratio per window",
			"quality gate %s: %s per event-time window: an expectation counts the rows of a stream as they are read, before any window is final", g.Name, g.Subject())
		return
	}
	idx := slices.IndexFunc(gc.pp.queries, func(q *query) bool { return q.name == g.Load })
	if idx < 0 {
		return // the subject check said so
	}
	q := gc.pp.queries[idx]
	f := q.rootFacts()
	_, start := f.bounds[WindowStartColumn]
	_, end := f.bounds[WindowEndColumn]
	switch {
	case len(q.windows()) == 0 || !start || !end:
		gc.report(CodeGateWindowScope, "scope the gate to each micro-batch, or gate a load of a windowed aggregation that keeps window_start and window_end",
			"quality gate %s: load %s writes no event-time windows: its query has no window aggregation whose window_start and window_end it keeps", g.Name, g.Load)
	case q.mode != ModeAppend:
		gc.report(CodeGateWindowScope, "write the load in append mode (each window once, when the watermark passes its end), or scope the gate to each micro-batch",
			"quality gate %s: load %s is written in %s mode: a window's rows come in several micro-batches, so no batch holds a whole window to measure", g.Name, g.Load, q.mode)
	}
}

// ruleSparkGates: the Spark program measures an invalid-ratio gate that
// warns in each query's own pass (an observed metric of the source's
// validation), but one that fails before the sink commits, in the
// foreachBatch of each query reading the source, by reading the batch's
// source rows again (the Kafka offset range or the file-source log batch of
// the query's checkpoint, as for Late() outputs): such a query reads
// exactly one streaming source and its batches can be read again.
var ruleSparkGates = Rule{
	Name:    "spark-gates",
	Summary: "the Spark engine can measure every failing invalid-ratio gate: its queries read one re-readable streaming source",
	Codes:   []string{CodeGateNotRereadable},
	Check: func(c *Checker) {
		sparkGatesBeforeCommit(c, func(g *ir.Gate) bool { return g.Metric == ir.GateInvalidRatio }, func(pp *pipe, g *ir.Gate) {
			for _, q := range pp.queries {
				if !gateEvaluatedBy(g, q) {
					continue
				}
				srcs := q.rootFacts().sources
				b := c.env.Sources[g.Source]
				if len(srcs) == 1 && (b == nil || b.Source().Reread) {
					continue
				}
				c.report(CodeGateNotRereadable, diag.Error, g.Pos, pp.path("gate:"+g.Name),
					"gate a source read by queries of one streaming source bound to kafka-json or file-json, or make the gate warn per micro-batch (measured in the query's pass)",
					fmt.Sprintf("quality gate %s: query %s reads streaming sources %v; the Spark engine measures a failing or rolling invalid ratio before the commit by reading a batch of one re-readable source again", g.Name, q.name, srcs))
			}
		})
	},
}

// sparkGatesBeforeCommit calls f with each gate of the pipelines that keep
// selects and that the Spark program measures in foreachBatch before the
// commit: one that fails, or a rolling one (its parts are kept before the
// commit). Nothing on another engine.
func sparkGatesBeforeCommit(c *Checker, keep func(*ir.Gate) bool, f func(pp *pipe, g *ir.Gate)) {
	if !profile.OnSpark(c.env.Engine) {
		return
	}
	for _, pp := range c.pipes {
		for i := range pp.p.Gates {
			if g := &pp.p.Gates[i]; keep(g) && (g.Action == ir.GateFail || g.Rolling()) {
				f(pp, g)
			}
		}
	}
}
