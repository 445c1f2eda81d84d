package planner

import (
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// qnode is one operator of a query's plan once every step is expanded into its
// transformation plan and every input is replaced by what it is bound to.
type qnode struct {
	node   *ir.Node    // the operator; nil for a source or a late tap
	step   string      // the step the operator belongs to
	source *ir.Extract // set for a source leaf
	port   string      // the source port read (valid, invalid, late)
	late   bool        // a late tap: rows behind the watermark of the step
	static bool        // part of a static (batch) side of a join
	kids   []*qnode
	facts  *facts
	// quarantine: the rows of its kid (an extract's valid rows or a
	// step's output) that broke an expectation with action quarantine.
	quarantine bool
}

// query is one streaming query: everything upstream of one load.
type query struct {
	pp     *pipe
	load   *ir.Load
	name   string
	root   *qnode
	ops    []*qnode              // post-order
	branch string                // the port the load reads
	sink   *profile.AssetBinding // nil when the asset is unbound
	bound  bool                  // the sink asset has a binding
	mode   string
	reason string
	forced bool // the profile or Options.OutputModes forces the output mode
	// forcedMode is the forced output mode, "" when inferred; forcedBy names
	// what forces it: forcedByOption, else the profile.
	forcedMode, forcedBy string
	out                  *Query
}

// expander expands refs into a qnode graph, refusing to loop on cycles. A
// stream read twice (a diamond: two inputs bound to one step) is expanded
// once and shared, so a query's graph is linear in the pipeline's size.
type expander struct {
	pp    *pipe
	stack map[string]bool
	memo  map[ir.Ref]*qnode
}

func (x *expander) ref(r ir.Ref) *qnode {
	if q, ok := x.memo[r]; ok {
		return q
	}
	q := x.expand(r)
	if q != nil {
		x.memo[r] = q
	}
	return q
}

// expand expands one ref the first time it is met.
func (x *expander) expand(r ir.Ref) *qnode {
	if base, ok := ir.QuarantineStream(r, x.pp.extracts[r.Node] != nil); ok {
		if k := x.ref(base); k != nil {
			return &qnode{quarantine: true, kids: []*qnode{k}}
		}
		return nil
	}
	if ex, ok := x.pp.extracts[r.Node]; ok {
		if r.Port == ir.PortLate {
			return x.extractLate(ex)
		}
		return &qnode{source: ex, port: r.Port}
	}
	st, ok := x.pp.steps[r.Node]
	if !ok || x.stack[st.ID] || st.Plan == nil {
		return nil
	}
	x.stack[st.ID] = true
	defer delete(x.stack, st.ID)
	n := x.node(st, st.Plan)
	if r.Port == ir.PortLate {
		tap := lateTap(n)
		tap.step = st.ID
		return tap
	}
	return n
}

// extractLate expands an extract's Late() branch: the extract's valid rows
// that are behind the watermark of the first downstream step with
// watermarked state.
func (x *expander) extractLate(ex *ir.Extract) *qnode {
	src := &qnode{source: ex, port: ir.PortValid}
	queue := []ir.Ref{{Node: ex.Asset, Port: ir.PortValid}}
	seen := map[string]bool{}
	for len(queue) > 0 {
		steps, _ := x.pp.consumers(queue[0])
		queue = queue[1:]
		for _, st := range steps {
			if seen[st.ID] || x.stack[st.ID] {
				continue
			}
			seen[st.ID] = true
			if planHasWatermarkedState(st.Plan) {
				return x.ref(ir.Ref{Node: st.ID, Port: ir.PortLate})
			}
			queue = append(queue, ir.Ref{Node: st.ID, Port: ir.PortOut})
		}
	}
	return &qnode{late: true, kids: []*qnode{src}}
}

func (x *expander) node(st *ir.Step, n *ir.Node) *qnode {
	if n == nil {
		return nil
	}
	if n.Op == ir.OpInput {
		for _, b := range st.Inputs {
			if b.Input == n.Input {
				return x.ref(b.From)
			}
		}
		return nil
	}
	q := &qnode{node: n, step: st.ID}
	for _, in := range n.Inputs {
		if k := x.node(st, in); k != nil {
			q.kids = append(q.kids, k)
		}
	}
	if n.Op == ir.OpJoin && n.Join != nil && n.Join.Static && len(q.kids) > 1 {
		markStatic(q.kids[1])
	}
	return q
}

func markStatic(q *qnode) {
	if q.static {
		return // shared, and marked already
	}
	q.static = true
	for _, k := range q.kids {
		markStatic(k)
	}
}

// lateTap returns the rows that reach the first stateful operator of a step:
// the late branch carries those of them that are behind its watermark.
func lateTap(n *qnode) *qnode {
	var found *qnode
	walk(n, func(q *qnode) {
		if found == nil && q.node != nil && isStateful(q.node) && len(q.kids) > 0 {
			found = q.kids[0]
		}
	})
	if found == nil {
		found = n
	}
	return &qnode{late: true, kids: []*qnode{found}}
}

// walk visits the graph in post-order, each node once.
func walk(q *qnode, f func(*qnode)) {
	visit(q, f, map[*qnode]bool{})
}

func visit(q *qnode, f func(*qnode), seen map[*qnode]bool) {
	if q == nil || seen[q] {
		return
	}
	seen[q] = true
	for _, k := range q.kids {
		visit(k, f, seen)
	}
	f(q)
}

func isStateful(n *ir.Node) bool {
	switch n.Op {
	case ir.OpAggregate, ir.OpDropDuplicates, ir.OpDropDuplicatesWithinWM:
		return true
	case ir.OpJoin:
		return n.Join != nil && !n.Join.Static
	}
	return false
}

// buildQueries makes one query per load.
func (pp *pipe) buildQueries() {
	for i := range pp.p.Loads {
		ld := &pp.p.Loads[i]
		x := &expander{pp: pp, stack: map[string]bool{}, memo: map[ir.Ref]*qnode{}}
		q := &query{pp: pp, load: ld, name: ld.Asset, branch: ld.From.Port, root: x.ref(ld.From)}
		walk(q.root, func(n *qnode) { q.ops = append(q.ops, n) })
		pp.queries = append(pp.queries, q)
	}
}
