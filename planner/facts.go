package planner

import (
	"maps"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
)

// facts is what the planner knows about the rows an operator emits.
type facts struct {
	streaming  bool
	cols       map[string]string // column name → type
	wm         map[string]bool   // columns that carry an event-time watermark
	watermarks []Watermark       // watermarks declared upstream (streaming side)
	stateful   []StatefulOp      // stateful operators upstream, in order
	aggs       int               // streaming aggregations upstream
	session    bool              // a session window upstream
	streamJoin bool              // a stream–stream join upstream
	lateFrom   string            // an operator upstream that can emit rows behind the watermark
	sources    []string          // source assets upstream (streaming side)
}

func (f *facts) clone() *facts {
	c := *f
	c.cols = maps.Clone(f.cols)
	c.wm = maps.Clone(f.wm)
	c.watermarks = append([]Watermark(nil), f.watermarks...)
	c.stateful = append([]StatefulOp(nil), f.stateful...)
	c.sources = append([]string(nil), f.sources...)
	return &c
}

// computeFacts fills q.facts for every node of the tree, bottom-up.
func (pp *pipe) computeFacts(root *qnode) {
	walk(root, func(q *qnode) { q.facts = pp.factsOf(q) })
}

func (pp *pipe) factsOf(q *qnode) *facts {
	switch {
	case q.source != nil:
		return pp.sourceFacts(q)
	case q.late:
		return lateFacts(q)
	case len(q.kids) == 0:
		return &facts{cols: map[string]string{}, wm: map[string]bool{}}
	}
	in := q.kids[0].facts
	f := in.clone()
	if fn, ok := factRules[q.node.Op]; ok {
		fn(pp, q, f)
	}
	return f
}

func (pp *pipe) sourceFacts(q *qnode) *facts {
	f := &facts{streaming: !q.static && !q.source.Static, cols: map[string]string{}, wm: map[string]bool{}}
	contract := q.source.Contract
	if q.port == ir.PortInvalid {
		contract = "" // rejected rows: the load's contract describes them
	}
	if c, ok := pp.ix.contracts[contract]; ok {
		for _, fl := range c.Fields {
			f.cols[fl.Name] = typeString(&fl.Type)
		}
	}
	if f.streaming {
		f.sources = []string{q.source.Asset}
	}
	return f
}

func lateFacts(q *qnode) *facts {
	if len(q.kids) == 0 || q.kids[0].facts == nil {
		return &facts{streaming: true, cols: map[string]string{}, wm: map[string]bool{}}
	}
	f := q.kids[0].facts.clone()
	f.stateful, f.aggs, f.session, f.streamJoin = nil, 0, false, false
	return f
}

// factRules updates the facts of an operator's output, one function per op.
var factRules = map[ir.Op]func(pp *pipe, q *qnode, f *facts){
	ir.OpSelect:                 selectFacts,
	ir.OpWithColumn:             withColumnFacts,
	ir.OpWatermark:              watermarkFacts,
	ir.OpAggregate:              aggregateFacts,
	ir.OpDropDuplicates:         dedupFacts,
	ir.OpDropDuplicatesWithinWM: dedupFacts,
	ir.OpJoin:                   joinFacts,
	ir.OpUnion:                  unionFacts,
	ir.OpIntoOutput:             intoFacts,
}

func selectFacts(_ *pipe, q *qnode, f *facts) {
	in := q.kids[0].facts
	f.cols, f.wm = map[string]string{}, map[string]bool{}
	for _, c := range q.node.Columns {
		f.cols[c.Name] = exprType(c.Expr, in.cols)
		if c.Expr != nil && c.Expr.Kind == ir.ExprColumn && in.wm[c.Expr.Name] {
			f.wm[c.Name] = true
		}
	}
}

func withColumnFacts(_ *pipe, q *qnode, f *facts) {
	in := q.kids[0].facts
	for _, c := range q.node.Columns {
		f.cols[c.Name] = exprType(c.Expr, in.cols)
		delete(f.wm, c.Name)
		if c.Expr != nil && c.Expr.Kind == ir.ExprColumn && in.wm[c.Expr.Name] {
			f.wm[c.Name] = true
		}
	}
}

func watermarkFacts(_ *pipe, q *qnode, f *facts) {
	f.wm[q.node.Column] = true
	if f.streaming {
		f.watermarks = append(f.watermarks, Watermark{Column: q.node.Column, Delay: string(q.node.Delay), Step: q.step})
	}
}

func aggregateFacts(_ *pipe, q *qnode, f *facts) {
	in := q.kids[0].facts
	n := q.node
	f.cols, f.wm = map[string]string{}, map[string]bool{}
	for _, g := range n.GroupBy {
		name := exprString(g)
		f.cols[name] = exprType(g, in.cols)
		if in.wm[name] {
			f.wm[name] = true
		}
	}
	if n.Window != nil {
		f.cols["window_start"], f.cols["window_end"] = "timestamp", "timestamp"
		if in.wm[n.Window.TimeColumn] {
			f.wm["window_start"], f.wm["window_end"] = true, true
		}
		f.session = f.session || n.Window.Kind == ir.Session
	}
	for _, a := range n.Aggs {
		f.cols[a.Name] = exprType(a.Expr, in.cols)
	}
	if in.streaming {
		f.aggs++
		f.stateful = append(f.stateful, aggregateOp(q, in))
	}
}

func dedupFacts(_ *pipe, q *qnode, f *facts) {
	if f.streaming {
		f.stateful = append(f.stateful, dedupOp(q, q.kids[0].facts))
	}
}

func joinFacts(_ *pipe, q *qnode, f *facts) {
	if len(q.kids) < 2 {
		return
	}
	r := q.kids[1].facts
	for k, v := range r.cols {
		if _, ok := f.cols[k]; !ok {
			f.cols[k] = v
		}
	}
	if !r.streaming {
		return
	}
	for k := range r.wm {
		f.wm[k] = true
	}
	f.streaming = true
	f.mergeUpstream(r)
	f.session = f.session || r.session
	if r.lateFrom != "" {
		f.lateFrom = r.lateFrom
	}
	if q.kids[0].facts.streaming {
		f.streamJoin = true
		f.stateful = append(f.stateful, joinOp(q))
		if q.node.Join != nil && (q.node.Join.TimeRange != nil || q.node.Join.Type != ir.JoinInner) {
			f.lateFrom = q.step + "/join"
		}
	}
}

func unionFacts(_ *pipe, q *qnode, f *facts) {
	for _, k := range q.kids[1:] {
		o := k.facts
		for c := range f.wm {
			if !o.wm[c] {
				delete(f.wm, c)
			}
		}
		f.streaming = f.streaming || o.streaming
		f.mergeUpstream(o)
		f.session = f.session || o.session
		f.streamJoin = f.streamJoin || o.streamJoin
		if o.lateFrom != "" {
			f.lateFrom = o.lateFrom
		}
	}
}

// mergeUpstream adds what o knows of its upstream to f: each watermark,
// stateful operator and source once (a diamond reaches one upstream step
// along many paths, and listing it per path would grow exponentially),
// and the aggregation count per path, as Spark's plan tree counts them,
// saturating.
func (f *facts) mergeUpstream(o *facts) {
	for _, w := range o.watermarks {
		if !slices.Contains(f.watermarks, w) {
			f.watermarks = append(f.watermarks, w)
		}
	}
	for _, op := range o.stateful {
		if !slices.ContainsFunc(f.stateful, func(x StatefulOp) bool { return sameOp(x, op) }) {
			f.stateful = append(f.stateful, op)
		}
	}
	for _, s := range o.sources {
		if !slices.Contains(f.sources, s) {
			f.sources = append(f.sources, s)
		}
	}
	f.aggs = min(f.aggs+o.aggs, maxCount)
}

// maxCount bounds the aggregation count: rules only compare it with 0, 1
// and 2, and a diamond's path count doubles per level.
const maxCount = 1 << 20

// sameOp reports whether two stateful operators are one operator reached
// along two paths: same kind, step and keys.
func sameOp(a, b StatefulOp) bool {
	return a.Kind == b.Kind && a.Step == b.Step && slices.Equal(a.Keys, b.Keys)
}

func intoFacts(pp *pipe, q *qnode, f *facts) {
	c, ok := pp.ix.contracts[q.node.Output]
	if !ok {
		return
	}
	in := q.kids[0].facts
	f.cols, f.wm = map[string]string{}, map[string]bool{}
	for _, fl := range c.Fields {
		f.cols[fl.Name] = typeString(&fl.Type)
		if in.wm[fl.Name] {
			f.wm[fl.Name] = true
		}
	}
}
