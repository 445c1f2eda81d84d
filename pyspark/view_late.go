package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// lateHost is the query that runs the stateful operator of a late output's
// step: its foreachBatch writes the late rows too.
func (g *gen) lateHost(late *planner.Query) *planner.Query {
	for i := range g.pp.Queries {
		q := &g.pp.Queries[i]
		if q.Branch == ir.PortLate {
			continue
		}
		for _, op := range q.Stateful {
			if op.Step == late.LateStep {
				return q
			}
		}
	}
	return nil
}

// late builds a late output: the late tap of the step over the valid rows
// of its Kafka source, re-read for the host batch's offset range.
func (g *gen) late(q *planner.Query, host *planner.Query) (*lateView, error) {
	if host == nil {
		return nil, nil
	}
	st, ok := g.steps[q.LateStep]
	if !ok || st.late == nil {
		return nil, fmt.Errorf("step %s has no stateful operator", q.LateStep)
	}
	var src *sourceView
	args := make([]string, len(st.inputs))
	for i, b := range st.inputs {
		sv, ok := g.sources[b.From.Node]
		if !ok || b.From.Port != ir.PortValid || !sv.Kafka || (src != nil && src != sv) {
			return nil, fmt.Errorf("step %s must read the valid rows of one kafka-json source", q.LateStep)
		}
		src, args[i] = sv, "valid"
	}
	if src == nil {
		return nil, fmt.Errorf("step %s has no input", q.LateStep)
	}
	c, ok := g.contracts[q.Sink.Contract]
	if !ok {
		return nil, fmt.Errorf("late output %s: contract %s is not in the IR document", q.Name, q.Sink.Contract)
	}
	lv := &lateView{Name: PyString(q.Name), Identity: PyString(q.Identity), Const: constName(q.Name), Fn: PyName(q.Name),
		Title:          docText(fmt.Sprintf("%s: rows step %s drops behind the watermark, appended to %s", q.Name, q.LateStep, q.Sink.Identity)),
		HostCheckpoint: PyString(host.Checkpoint), Source: src, MaxEnd: maxEnd(st.late),
		Input: fmt.Sprintf("%s(%s)", st.LateFn, joinArgs(args))}
	have := map[string]bool{"watermark_at_arrival": true, "reason_code": true}
	if sc, ok := g.contracts[g.sourceContract(src.Asset)]; ok {
		for _, f := range sc.Fields {
			have[f.Name] = true
		}
	}
	lv.Columns = pyList(conform(c, have))
	sink, err := g.sink(q.Name, q.Sink, c)
	if err != nil {
		return nil, err
	}
	if sink.Kind == "merge" {
		sink.Kind = "append"
	}
	lv.Sink = sink
	return lv, nil
}

func (g *gen) sourceContract(asset string) string {
	for _, s := range g.pp.Sources {
		if s.Asset == asset {
			return s.Contract
		}
	}
	return ""
}

func joinArgs(args []string) string {
	out := ""
	for i, a := range args {
		if i > 0 {
			out += ", "
		}
		out += a
	}
	return out
}

// maxEnd renders the rt.late_max_end call for the stateful operator: the
// end of the latest window holding a row's event time (or the event time).
func maxEnd(n *ir.Node) string {
	col, kind := "", "none"
	var size, slide, gap int64
	if w := n.Window; w != nil {
		col, kind = w.TimeColumn, string(w.Kind)
		size, slide, gap = micros(w.Duration), micros(w.Slide), micros(w.Gap)
		if slide == 0 {
			slide = size
		}
	} else if wm := watermarkColumn(n); wm != "" {
		col = wm
	}
	return fmt.Sprintf("rt.late_max_end(%s, %s, %d, %d, %d)", PyString(SQLIdent(col)), PyString(kind), size, slide, gap)
}

// watermarkColumn finds the column of the nearest withWatermark below n.
func watermarkColumn(n *ir.Node) string {
	for _, in := range n.Inputs {
		if in.Op == ir.OpWatermark {
			return in.Column
		}
		if c := watermarkColumn(in); c != "" {
			return c
		}
	}
	return ""
}
