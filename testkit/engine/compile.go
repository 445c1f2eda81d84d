package engine

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
)

// stateful is a compiled operator that keeps state across batches.
type stateful interface {
	operator
	stateName() string
	stateRows() int
	snapshot() any
	restore(dec func(any) error) error
	inspect() (*Schema, []Row)
}

// compiler expands one load into its operator tree: every step replaced by
// its plan, every input by what it is bound to (as the planner expands
// queries), Late() branches by a late tap in front of the first stateful
// operator.
type compiler struct {
	doc        *ir.Document
	p          *ir.Pipeline
	contracts  map[string]*contracts.Contract
	mode       string
	late       bool     // compiling a Late() branch
	lateOut    operator // the late tap, once found
	watermarks []*watermarkOp
	stateful   []stateful
	sources    map[string]*ir.Extract
}

func newCompiler(doc *ir.Document, p *ir.Pipeline, mode string) *compiler {
	c := &compiler{doc: doc, p: p, mode: mode, contracts: map[string]*contracts.Contract{}, sources: map[string]*ir.Extract{}}
	for i := range doc.Contracts {
		c.contracts[doc.Contracts[i].ID] = &doc.Contracts[i]
	}
	return c
}

// load compiles the query of one load: its rows conformed to the loaded
// contract.
func (c *compiler) load(ld *ir.Load) (operator, error) {
	in, err := c.ref(ld.From)
	if err != nil {
		return nil, fmt.Errorf("compile query %s: %w", ld.Asset, err)
	}
	ct, ok := c.contracts[ld.Contract]
	if !ok {
		return nil, fmt.Errorf("compile query %s: unknown contract %s", ld.Asset, ld.Contract)
	}
	return newConformOp(in, ct), nil
}

func (c *compiler) extract(asset string) *ir.Extract {
	for i := range c.p.Extracts {
		if c.p.Extracts[i].Asset == asset {
			return &c.p.Extracts[i]
		}
	}
	return nil
}

func (c *compiler) step(id string) *ir.Step {
	for i := range c.p.Steps {
		if c.p.Steps[i].ID == id {
			return &c.p.Steps[i]
		}
	}
	return nil
}

// ref compiles the stream a reference names.
func (c *compiler) ref(r ir.Ref) (operator, error) {
	if ex := c.extract(r.Node); ex != nil {
		return c.source(ex, r.Port)
	}
	st := c.step(r.Node)
	if st == nil || st.Plan == nil {
		return nil, fmt.Errorf("unknown stream %s.%s", r.Node, r.Port)
	}
	if r.Port != ir.PortLate {
		return c.node(st, st.Plan)
	}
	c.late = true
	if _, err := c.node(st, st.Plan); err != nil {
		return nil, err
	}
	if c.lateOut == nil {
		return nil, fmt.Errorf("step %s has no stateful operator for Late()", st.ID)
	}
	return c.lateOut, nil
}

// source compiles an extract's port.
func (c *compiler) source(ex *ir.Extract, port string) (operator, error) {
	ct, ok := c.contracts[ex.Contract]
	if !ok {
		return nil, fmt.Errorf("extract %s: unknown contract %s", ex.Asset, ex.Contract)
	}
	c.sources[ex.Asset] = ex
	switch port {
	case ir.PortValid:
		return &sourceOp{asset: ex.Asset, port: port, out: SchemaOf(ct)}, nil
	case ir.PortInvalid:
		s, _ := rejectSchema(ct)
		return &sourceOp{asset: ex.Asset, port: port, out: s}, nil
	case ir.PortLate:
		return c.extractLate(ex)
	}
	return nil, fmt.Errorf("extract %s: unknown port %s", ex.Asset, port)
}

// extractLate compiles an extract's Late(): the late branch of the first
// downstream step with watermarked state (breadth first).
func (c *compiler) extractLate(ex *ir.Extract) (operator, error) {
	queue := []ir.Ref{{Node: ex.Asset, Port: ir.PortValid}}
	seen := map[string]bool{}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		for i := range c.p.Steps {
			st := &c.p.Steps[i]
			if seen[st.ID] || !bindsFrom(st, from) {
				continue
			}
			seen[st.ID] = true
			if hasWatermarkedState(st.Plan) {
				return c.ref(ir.Ref{Node: st.ID, Port: ir.PortLate})
			}
			queue = append(queue, ir.Ref{Node: st.ID, Port: ir.PortOut})
		}
	}
	return nil, fmt.Errorf("extract %s: Late() has no downstream watermarked stateful operator", ex.Asset)
}

func bindsFrom(st *ir.Step, r ir.Ref) bool {
	for _, b := range st.Inputs {
		if b.From == r {
			return true
		}
	}
	return false
}

func hasWatermarkedState(n *ir.Node) bool {
	wm, state := false, false
	var walk func(*ir.Node)
	walk = func(n *ir.Node) {
		if n == nil {
			return
		}
		switch n.Op {
		case ir.OpWatermark:
			wm = true
		case ir.OpAggregate, ir.OpDropDuplicates, ir.OpDropDuplicatesWithinWM:
			state = true
		case ir.OpJoin:
			state = state || (n.Join != nil && !n.Join.Static)
		}
		for _, k := range n.Inputs {
			walk(k)
		}
	}
	walk(n)
	return wm && state
}

// inferred is the schema infer computes for node n of step st, with the
// event-time marks of in carried over by column name.
func (c *compiler) inferred(st *ir.Step, n *ir.Node, marks ...*Schema) *Schema {
	var t *ir.Transformation
	for i := range c.doc.Transformations {
		if c.doc.Transformations[i].ID == st.Transformation {
			t = &c.doc.Transformations[i]
		}
	}
	var inputs map[string]*contracts.Contract
	if t != nil {
		inputs = infer.Inputs(c.doc, t)
	}
	s, _ := infer.Plan(n, inputs)
	cols := make([]Column, len(s.Columns))
	for i, col := range s.Columns {
		cols[i] = Column{Name: col.Name, Type: col.Type}
		for _, m := range marks {
			if j := m.Index(col.Name); j >= 0 && m.Cols[j].EventTime {
				cols[i].EventTime, cols[i].Delay = true, m.Cols[j].Delay
			}
		}
	}
	return NewSchema(cols)
}
