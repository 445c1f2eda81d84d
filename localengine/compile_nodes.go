package localengine

import (
	"fmt"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// node compiles a plan node of step sp.
func (c *compiler) node(sp *planner.StepPlan, n *ir.Node) (operator, error) {
	if c.lateOut != nil {
		return c.lateOut, nil
	}
	st := sp.Step
	if n.Op == ir.OpInput {
		for i, b := range st.Inputs {
			if b.Input == n.Input {
				return c.ref(sp.Inputs[i])
			}
		}
		return nil, fmt.Errorf("step %s: input %s is not bound", st.ID, n.Input)
	}
	ins := make([]operator, len(n.Inputs))
	for i, k := range n.Inputs {
		op, err := c.node(sp, k)
		if err != nil {
			return nil, err
		}
		if c.lateOut != nil {
			return c.lateOut, nil
		}
		ins[i] = op
	}
	if len(ins) == 0 {
		return nil, fmt.Errorf("step %s: %s has no input", st.ID, n.Op)
	}
	if n.Op == ir.OpIntoOutput {
		return ins[0], nil
	}
	op, err := c.operator(sp, n, ins)
	if err != nil {
		return nil, fmt.Errorf("step %s: %s: %w", st.ID, n.Op, err)
	}
	if s, ok := op.(stateful); ok && c.late && n.Stateful() {
		test, cols := lateTest(s)
		l := newLateOp(ins[0], test)
		l.cols = cols
		c.lateOut = l
		return c.lateOut, nil
	}
	if l, ok := op.(*limitOp); ok && l.static {
		return op, nil // a batch limit: no state
	}
	if s, ok := op.(stateful); ok {
		c.stateful = append(c.stateful, s)
	}
	return op, nil
}

// lateTest is the predicate a stateful operator drops late rows with, and
// the input columns it reads (nil when it is not known which).
func lateTest(s stateful) (func(Row, int64) bool, []int) {
	switch o := s.(type) {
	case *dedupOp:
		return o.late, nil
	case *joinOp:
		return func(r Row, wm int64) bool { return o.lateRow(o.left, r, wm) }, nil
	case *aggregateOp:
		if !o.filterLate {
			return func(Row, int64) bool { return false }, []int{}
		}
		if o.win != nil {
			return o.late, []int{o.win.col}
		}
		return o.late, nil
	}
	return func(Row, int64) bool { return false }, []int{}
}

// operator builds one operator of step sp over compiled inputs.
func (c *compiler) operator(sp *planner.StepPlan, n *ir.Node, ins []operator) (operator, error) {
	in := ins[0]
	switch n.Op {
	case ir.OpFilter:
		pred, err := c.exprs.compile(n.Predicate, in.schema())
		f := &filterOp{passOp: passOp{in}, pred: c.guard(pred)}
		if need := make([]bool, len(in.schema().Cols)); exprColumns(n.Predicate, in.schema(), need) {
			f.need = need
		}
		return f, err
	case ir.OpSelect, ir.OpWithColumn:
		return c.project(sp, n, in)
	case ir.OpWatermark:
		return c.watermark(n, in)
	case ir.OpAggregate:
		return c.aggregate(sp, n, in)
	case ir.OpDropDuplicates, ir.OpDropDuplicatesWithinWM:
		return c.dedup(sp.Step, n, in)
	case ir.OpJoin:
		return c.join(sp, n, ins)
	case ir.OpUnion:
		return c.union(ins)
	case ir.OpLimit:
		return &limitOp{passOp: passOp{in}, name: sp.Step.ID + "/limit", n: int64(n.Limit), static: c.static(in)}, nil
	case ir.OpRepartition:
		// The engine runs each operator over a batch's rows in one place:
		// there are no partitions to shuffle, so a repartition passes its
		// rows through in their order (Spark's rows are equal, their
		// partitions aside).
		return in, nil
	case ir.OpIntoOutput:
		return in, nil
	}
	return nil, fmt.Errorf("operator %s is not supported on a stream", n.Op)
}

// static reports whether every source op reads is a static table.
func (c *compiler) static(op operator) bool {
	if s, ok := op.(*sourceOp); ok {
		return c.extracts[s.asset] != nil && c.extracts[s.asset].Static
	}
	for _, in := range op.inputs() {
		if !c.static(in) {
			return false
		}
	}
	return len(op.inputs()) > 0
}

// project compiles select and withColumn.
func (c *compiler) project(sp *planner.StepPlan, n *ir.Node, in operator) (operator, error) {
	is := in.schema()
	out, err := inferred(sp, n, is)
	if err != nil {
		return nil, err
	}
	named := map[string]*ir.Expr{}
	for _, ne := range n.Columns {
		named[ne.Name] = ne.Expr
	}
	p := &projectOp{in: in, out: out}
	marks := sp.EventTimes(n) // WindowTime columns carry their window's watermark
	for i, col := range out.Cols {
		e, ok := named[col.Name]
		if !ok && n.Op == ir.OpWithColumn {
			e = &ir.Expr{Kind: ir.ExprColumn, Name: col.Name}
		}
		f, err := c.exprs.compile(e, is)
		if err != nil {
			return nil, err
		}
		switch d, wt := marks[col.Name]; {
		case e.Kind == ir.ExprColumn:
			if j := is.Index(e.Name); j >= 0 {
				out.Cols[i].EventTime, out.Cols[i].Delay = is.Cols[j].EventTime, is.Cols[j].Delay
			}
		case wt && e.Kind == ir.ExprCall && e.Func() == ir.FuncWindowTime:
			out.Cols[i].EventTime, out.Cols[i].Delay = true, d.Microseconds()
		}
		p.exprs = append(p.exprs, c.guard(f))
	}
	return p, nil
}

// watermark compiles WithWatermark: the column is marked as event time.
func (c *compiler) watermark(n *ir.Node, in operator) (operator, error) {
	is := in.schema()
	col := is.Index(n.Column)
	if col < 0 {
		return nil, fmt.Errorf("unknown watermark column %s", n.Column)
	}
	d, err := time.ParseDuration(string(n.Delay))
	if err != nil {
		return nil, fmt.Errorf("watermark delay: %w", err)
	}
	cols := append([]Column(nil), is.Cols...)
	for i := range cols {
		cols[i].EventTime = cols[i].EventTime && i != col
	}
	cols[col].EventTime, cols[col].Delay = true, d.Microseconds()
	w := &watermarkOp{passOp: passOp{markedOp{in, NewSchema(cols)}}, col: col, index: len(c.watermarks), delay: d}
	c.watermarks = append(c.watermarks, w)
	return w, nil
}

// markedOp is its input with a schema that marks an event-time column.
type markedOp struct {
	operator
	s *Schema
}

func (m markedOp) schema() *Schema { return m.s }

func (m markedOp) inputs() []operator { return []operator{m.operator} }

// aggregate compiles a streaming aggregation.
func (c *compiler) aggregate(sp *planner.StepPlan, n *ir.Node, in operator) (operator, error) {
	is := in.schema()
	out, err := inferred(sp, n, is)
	if err != nil {
		return nil, err
	}
	a := &aggregateOp{in: in, out: out, name: sp.Step.ID + "/aggregate", wmKey: -1,
		mode: c.mode, filterLate: c.mode != ModeComplete}
	for i, k := range n.GroupBy {
		f, err := c.exprs.compile(k, is)
		if err != nil {
			return nil, err
		}
		if k.Kind == ir.ExprColumn && is.Index(k.Name) >= 0 && is.Cols[is.Index(k.Name)].EventTime {
			a.wmKey = i
		}
		a.keys = append(a.keys, c.guard(f))
	}
	if n.Window != nil {
		w, err := compileWindow(n.Window, is)
		if err != nil {
			return nil, err
		}
		// window_start and window_end carry no watermark: they are the
		// fields of Spark's window struct, selected out of it (the
		// generated program's flattening select), which drops its
		// metadata; etl.WindowTime(window_end) is the window's event time.
		a.win = w
	}
	for _, ne := range n.Aggs {
		f := &aggFn{name: ne.Name, kind: ne.Expr.Func()}
		if j := a.out.Index(ne.Name); j >= 0 {
			f.out = a.out.Cols[j].Type
		}
		if len(ne.Expr.Args) > 0 {
			ev, err := c.exprs.compile(ne.Expr.Args[0], is)
			if err != nil {
				return nil, err
			}
			f.arg = c.guard(ev)
		}
		if len(ne.Expr.Args) > 1 { // the ordering of min_by, max_by
			ev, err := c.exprs.compile(ne.Expr.Args[1], is)
			if err != nil {
				return nil, err
			}
			f.ord = c.guard(ev)
		}
		a.aggs = append(a.aggs, f)
	}
	a.table = newGroupTable(len(a.keys), a.aggs)
	a.groups = newKeyedState(tableCodec(&a.table))
	return a, nil
}

// dedup compiles dropDuplicates and dropDuplicatesWithinWatermark.
func (c *compiler) dedup(st *ir.Step, n *ir.Node, in operator) (operator, error) {
	is := in.schema()
	d := &dedupOp{passOp: passOp{in}, name: st.ID + "/" + string(n.Op), tcol: -1,
		within: n.Op == ir.OpDropDuplicatesWithinWM, seen: newKeyedState(int64Codec)}
	for i, col := range is.Cols {
		if col.EventTime && d.tcol < 0 {
			d.tcol, d.delay = i, col.Delay
		}
	}
	keys := n.Keys
	if len(keys) == 0 {
		keys = is.Names()
	}
	for _, k := range keys {
		i := is.Index(k)
		if i < 0 {
			return nil, fmt.Errorf("unknown key column %s", k)
		}
		d.keys = append(d.keys, i)
		d.keyT = d.keyT || i == d.tcol
	}
	return d, nil
}

// union compiles UNION ALL, matching columns by name.
func (c *compiler) union(ins []operator) (operator, error) {
	u := &unionOp{ins: ins, maps: make([][]int, len(ins))}
	first := ins[0].schema()
	for i, in := range ins {
		for _, col := range first.Cols {
			j := in.schema().Index(col.Name)
			if j < 0 {
				return nil, fmt.Errorf("union input %d lacks column %s", i, col.Name)
			}
			u.maps[i] = append(u.maps[i], j)
		}
	}
	return u, nil
}
