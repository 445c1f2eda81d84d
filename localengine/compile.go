package localengine

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// stateful is a compiled operator that keeps state across batches. After
// every batch the checkpoint holds what the batch changed (a delta), and
// every few batches the whole state (a snapshot, merged in the background
// from the previous one and the deltas after it: checkpoint_state.go).
type stateful interface {
	operator
	stateName() string
	stateRows() int
	inspect() (*Schema, []Row)
	// writeState writes the state's records (keyedState): of every key
	// (whole) or of the keys changed since the last clean, which forgets
	// the changes once they are written.
	writeState(w *stateWriter, whole bool) error
	clean()
	// readState reads records writeState wrote: a whole state replaces
	// the state, a delta applies over it. readLegacy reads a whole state/N
	// of a checkpoint written before deltas. restored then rebuilds what
	// derives from the state (expiry indexes, counts) once, after the
	// last of them.
	readState(r *stateReader, whole bool) error
	readLegacy(dec func(any) error) error
	restored()
	// compact merges the records of ins, a snapshot and the deltas after
	// it (oldest first), into out: the whole state after the last.
	compact(ins []*stateReader, out *stateWriter) error
}

// compiler expands one load into its operator tree: every step replaced by
// its plan, every input by what it is bound to (as the planner expands
// queries), Late() branches by a late tap in front of the first stateful
// operator. It reads the planned model only: the sources, steps and
// contracts the model resolved each stream and load to, the schema of
// every node from its step's inferred schemas.
type compiler struct {
	m          *planner.Model
	pp         *planner.PipelinePlan
	mode       string
	late       bool     // compiling a Late() branch
	lateOut    operator // the late tap, once found
	watermarks []*watermarkOp
	stateful   []stateful
	extracts   map[string]*planner.Source // the planned sources read, by asset
	failure    *rowFailure                // the row error that fails the batch (guard)
	// expected are the streams whose expectations are compiled (expect.go).
	expected map[ir.Ref]bool
	// exprs compiles expressions for the Spark line the profile targets.
	exprs exprs
}

func newCompiler(m *planner.Model, pp *planner.PipelinePlan, mode string) *compiler {
	return &compiler{m: m, pp: pp, mode: mode, extracts: map[string]*planner.Source{}, failure: &rowFailure{},
		exprs: exprs{line: m.SparkVersion}}
}

// load compiles the query of one load: its rows conformed to the loaded
// contract.
func (c *compiler) load(q *planner.Query) (operator, error) {
	ld := q.Sink.Load
	in, err := c.ref(q.Upstream)
	if err != nil {
		return nil, fmt.Errorf("compile query %s: %w", ld.Asset, err)
	}
	ct := q.Sink.Def
	if ct == nil {
		return nil, fmt.Errorf("compile query %s: unknown contract %s", ld.Asset, ld.Contract)
	}
	return newConformOp(in, ct), nil
}

// ref compiles the stream s, behind the expectations declared on it.
func (c *compiler) ref(s planner.Stream) (operator, error) {
	r := s.Ref
	op, err := c.stream(s)
	if err != nil || c.lateOut != nil || (r.Port != ir.PortValid && r.Port != ir.PortOut) {
		return op, err
	}
	return c.expect(r, op)
}

// stream compiles stream s: a port of the source or step it reads.
func (c *compiler) stream(s planner.Stream) (operator, error) {
	r := s.Ref
	if base, ok := ir.QuarantineStream(r, s.Source != nil); ok {
		return c.quarantine(planner.Stream{Ref: base, Source: s.Source, Step: s.Step})
	}
	if s.Source != nil {
		return c.source(s.Source, r.Port)
	}
	sp := s.Step
	if sp == nil || sp.Step.Plan == nil {
		return nil, fmt.Errorf("unknown stream %s.%s", r.Node, r.Port)
	}
	if r.Port != ir.PortLate {
		return c.node(sp, sp.Step.Plan)
	}
	c.late = true
	if _, err := c.node(sp, sp.Step.Plan); err != nil {
		return nil, err
	}
	if c.lateOut == nil {
		return nil, fmt.Errorf("step %s has no stateful operator for Late()", sp.Step.ID)
	}
	return c.lateOut, nil
}

// source compiles an extract's port.
func (c *compiler) source(s *planner.Source, port string) (operator, error) {
	ct := s.Def
	if ct == nil {
		return nil, fmt.Errorf("extract %s: unknown contract %s", s.Asset, s.Contract)
	}
	c.extracts[s.Asset] = s
	switch port {
	case ir.PortValid:
		return &sourceOp{asset: s.Asset, port: port, out: SchemaOf(ct)}, nil
	case ir.PortInvalid:
		rs, _ := rejectSchema(ct)
		return &sourceOp{asset: s.Asset, port: port, out: rs}, nil
	case ir.PortLate:
		return c.extractLate(s)
	}
	return nil, fmt.Errorf("extract %s: unknown port %s", s.Asset, port)
}

// extractLate compiles an extract's Late(): the late branch of the first
// downstream step with watermarked state (breadth first, steps in
// declaration order).
func (c *compiler) extractLate(s *planner.Source) (operator, error) {
	queue := []ir.Ref{{Node: s.Asset, Port: ir.PortValid}}
	seen := map[string]bool{}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		for i := range c.pp.Steps {
			sp := &c.pp.Steps[i]
			st := sp.Step
			if seen[st.ID] || !bindsFrom(st, from) {
				continue
			}
			seen[st.ID] = true
			if st.Plan.Watermarked() {
				return c.ref(planner.Stream{Ref: ir.Ref{Node: st.ID, Port: ir.PortLate}, Step: sp})
			}
			queue = append(queue, ir.Ref{Node: st.ID, Port: ir.PortOut})
		}
	}
	return nil, fmt.Errorf("extract %s: Late() has no downstream watermarked stateful operator", s.Asset)
}

func bindsFrom(st *ir.Step, r ir.Ref) bool {
	for _, b := range st.Inputs {
		if b.From == r {
			return true
		}
	}
	return false
}

// inferred is the schema the planner inferred for node n of step sp, with
// the event-time marks of in carried over by column name.
func inferred(sp *planner.StepPlan, n *ir.Node, marks ...*Schema) (*Schema, error) {
	s, ok := sp.Node(n)
	if !ok {
		return nil, fmt.Errorf("the planner inferred no schema for %s", n.Op)
	}
	cols := make([]Column, len(s.Columns))
	for i, col := range s.Columns {
		cols[i] = Column{Name: col.Name, Type: col.Type}
		for _, m := range marks {
			if j := m.Index(col.Name); j >= 0 && m.Cols[j].EventTime {
				cols[i].EventTime, cols[i].Delay = true, m.Cols[j].Delay
			}
		}
	}
	return NewSchema(cols), nil
}
