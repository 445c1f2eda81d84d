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

// lateSource reports whether the rows of a source batch can be read again
// for a late output: a Kafka offset range, or the files of a file source's
// log batch.
func lateSource(sv *sourceView) bool {
	return sv.Kafka || sv.Plugin == "file-json"
}

// late builds a late output: the late tap of the step over the valid rows
// of its Kafka or file source, re-read for the host batch's offset range
// (Kafka) or files (the checkpoint's file source log). Errors name what the
// step reads; the caller adds the late output's name.
func (g *gen) late(q *planner.Query, host *planner.Query) (*lateView, error) {
	st, ok := g.steps[q.LateStep]
	if !ok || st.late == nil {
		return nil, fmt.Errorf("step %s has no stateful operator", q.LateStep)
	}
	var src *sourceView
	args := make([]string, len(st.inputs))
	for i, b := range st.inputs {
		sv, ok := g.sources[b.From.Node]
		switch {
		case !ok:
			return nil, fmt.Errorf("step %s reads %s, the output of another step: the Spark engine re-reads a batch's input only when the stateful step reads a source directly", q.LateStep, b.From.Node)
		case b.From.Port != ir.PortValid:
			return nil, fmt.Errorf("step %s reads port %s of source %s: late rows are routed only from its valid rows", q.LateStep, b.From.Port, b.From.Node)
		case !lateSource(sv):
			return nil, fmt.Errorf("step %s reads source %s (plugin %s): the Spark engine routes late rows only from kafka-json and file-json sources, whose batches it can read again", q.LateStep, sv.Asset, sv.Plugin)
		case src != nil && src != sv:
			return nil, fmt.Errorf("step %s reads sources %s and %s: the Spark engine routes late rows only for a step reading one source", q.LateStep, src.Asset, sv.Asset)
		}
		src, args[i] = sv, "valid"
	}
	if src == nil {
		return nil, fmt.Errorf("step %s has no input", q.LateStep)
	}
	// The batch's offsets are read from the checkpoint's first source
	// (offsets line 1, sources/0): right only when it is the only one.
	if streams := g.streamSources(host.From, map[string]bool{}); len(streams) != 1 {
		return nil, fmt.Errorf("query %s reads the streaming sources %v: the Spark engine routes late rows only in a query reading one streaming source", host.Name, streams)
	}
	c, ok := g.contracts[q.Sink.Contract]
	if !ok {
		return nil, fmt.Errorf("contract %s is not in the IR document", q.Sink.Contract)
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

// streamSources lists the assets of the streaming (not static) sources the
// stream r reads, each once, in the order first met.
func (g *gen) streamSources(r ir.Ref, seen map[string]bool) []string {
	if sv, ok := g.sources[r.Node]; ok {
		if sv.Static || seen[sv.Asset] {
			return nil
		}
		seen[sv.Asset] = true
		return []string{sv.Asset}
	}
	st, ok := g.steps[r.Node]
	if !ok {
		return nil
	}
	var out []string
	for _, b := range st.inputs {
		out = append(out, g.streamSources(b.From, seen)...)
	}
	return out
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
