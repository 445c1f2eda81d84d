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
	wm         eventTimes        // columns that carry an event-time watermark
	bounds     map[string]bound  // window_start / window_end columns of an upstream window
	watermarks []Watermark       // watermarks declared upstream (streaming side)
	stateful   []StatefulOp      // stateful operators upstream, in order
	aggs       int               // streaming aggregations upstream
	session    bool              // a session window upstream
	streamJoin bool              // a stream–stream join upstream
	sources    []string          // source assets upstream (streaming side)
}

func (f *facts) clone() *facts {
	c := *f
	c.cols = maps.Clone(f.cols)
	c.wm = maps.Clone(f.wm)
	c.bounds = maps.Clone(f.bounds)
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
		return newFacts(false)
	case q.quarantine:
		return quarantineFacts(q.kids[0].facts)
	}
	in := q.kids[0].facts
	f := in.clone()
	if fn, ok := factRules[q.node.Op]; ok {
		fn(pp, q, f)
	}
	return f
}

func (pp *pipe) sourceFacts(q *qnode) *facts {
	f := newFacts(!q.static && !q.source.Static)
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
		return newFacts(true)
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
	f.cols, f.wm, f.bounds = map[string]string{}, eventTimes{}, map[string]bound{}
	for _, c := range q.node.Columns {
		f.project(in, c)
	}
}

func withColumnFacts(_ *pipe, q *qnode, f *facts) {
	in := q.kids[0].facts
	for _, c := range q.node.Columns {
		delete(f.wm, c.Name)
		delete(f.bounds, c.Name)
		f.project(in, c)
	}
}

// project records output column c of a projection over in: a copied
// column keeps its watermark and window-bound lineage (Spark's Alias of an
// attribute keeps its metadata); WindowTime of a window's end carries
// that window's watermark (ResolveWindowTime); any other expression
// carries neither.
func (f *facts) project(in *facts, c ir.NamedExpr) {
	f.cols[c.Name] = exprType(c.Expr, in.cols)
	e := c.Expr
	switch {
	case e == nil:
	case e.Kind == ir.ExprColumn:
		if d, ok := in.wm[e.Name]; ok {
			f.wm[c.Name] = d
		}
		if b, ok := in.bounds[e.Name]; ok {
			f.bounds[c.Name] = b
		}
	case isWindowTime(e):
		if b, ok := in.bounds[e.Args[0].Name]; ok && b.end && b.watermarked {
			f.wm[c.Name] = b.delay
		}
	}
}

// isWindowTime reports whether e is WindowTime of a column.
func isWindowTime(e *ir.Expr) bool {
	return e.Kind == ir.ExprCall && e.Func() == ir.FuncWindowTime && len(e.Args) == 1 &&
		e.Args[0] != nil && e.Args[0].Kind == ir.ExprColumn
}

func watermarkFacts(_ *pipe, q *qnode, f *facts) {
	f.wm[q.node.Column] = q.node.Delay
	if f.streaming {
		f.watermarks = append(f.watermarks, Watermark{Column: q.node.Column, Delay: string(q.node.Delay), Step: q.step})
	}
}

// aggregateFacts: a grouping key that is a column keeps its watermark
// (the key's output attribute is the input's); window_start and
// window_end are plain timestamps, as the fields of Spark's window struct
// are once selected out of it: they carry no watermark, only the lineage
// (bounds) that WindowTime reads.
func aggregateFacts(_ *pipe, q *qnode, f *facts) {
	in := q.kids[0].facts
	n := q.node
	f.cols, f.wm, f.bounds = map[string]string{}, eventTimes{}, map[string]bound{}
	for _, g := range n.GroupBy {
		name := exprString(g)
		f.cols[name] = exprType(g, in.cols)
		if d, ok := in.wm[name]; ok {
			f.wm[name] = d
		}
		if b, ok := in.bounds[name]; ok {
			f.bounds[name] = b
		}
	}
	if n.Window != nil {
		f.cols["window_start"], f.cols["window_end"] = "timestamp", "timestamp"
		d, ok := in.wm[n.Window.TimeColumn]
		f.bounds["window_start"] = bound{watermarked: ok, delay: d, step: q.step}
		f.bounds["window_end"] = bound{end: true, watermarked: ok, delay: d, step: q.step}
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
	for k, d := range r.wm {
		f.wm[k] = d
	}
	for k, b := range r.bounds {
		if _, ok := f.bounds[k]; !ok {
			f.bounds[k] = b
		}
	}
	f.streaming = true
	f.mergeUpstream(r)
	f.session = f.session || r.session
	if q.kids[0].facts.streaming {
		f.streamJoin = true
		f.stateful = append(f.stateful, joinOp(q))
	}
}

func unionFacts(_ *pipe, q *qnode, f *facts) {
	for _, k := range q.kids[1:] {
		o := k.facts
		for c := range f.wm {
			if !o.wm.has(c) {
				delete(f.wm, c)
			}
		}
		for c := range f.bounds {
			if _, ok := o.bounds[c]; !ok {
				delete(f.bounds, c)
			}
		}
		f.streaming = f.streaming || o.streaming
		f.mergeUpstream(o)
		f.session = f.session || o.session
		f.streamJoin = f.streamJoin || o.streamJoin
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
	f.cols, f.wm, f.bounds = map[string]string{}, eventTimes{}, map[string]bound{}
	for _, fl := range c.Fields {
		f.cols[fl.Name] = typeString(&fl.Type)
		// a column already of its field's type is selected as it is and
		// keeps its watermark; one cast to the field's type loses it
		if d, ok := in.wm[fl.Name]; ok && in.cols[fl.Name] == f.cols[fl.Name] {
			f.wm[fl.Name] = d
		}
		if b, ok := in.bounds[fl.Name]; ok {
			f.bounds[fl.Name] = b
		}
	}
}

// eventTimes are the columns that carry an event-time watermark, each with
// the delay of the watermark it carries (Spark's spark.watermarkDelayMs
// column metadata).
type eventTimes map[string]ir.Duration

// has reports whether column c carries a watermark.
func (e eventTimes) has(c string) bool {
	_, ok := e[c]
	return ok
}

// bound is a window_start or window_end column of a window aggregation
// upstream: which one, the step of the aggregation, and whether (with which
// delay) the window's time column carried a watermark.
type bound struct {
	end, watermarked bool
	delay            ir.Duration
	step             string
}

// newFacts returns empty facts.
func newFacts(streaming bool) *facts {
	return &facts{streaming: streaming, cols: map[string]string{}, wm: eventTimes{}, bounds: map[string]bound{}}
}
