package planner

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// index looks up the parts of one IR document by id.
type index struct {
	doc       *ir.Document
	contracts map[string]*contracts.Contract
	transfs   map[string]*ir.Transformation
}

func newIndex(doc *ir.Document) *index {
	ix := &index{doc: doc, contracts: map[string]*contracts.Contract{}, transfs: map[string]*ir.Transformation{}}
	for i := range doc.Contracts {
		ix.contracts[doc.Contracts[i].ID] = &doc.Contracts[i]
	}
	for i := range doc.Transformations {
		ix.transfs[doc.Transformations[i].ID] = &doc.Transformations[i]
	}
	return ix
}

// pipe indexes one pipeline's extracts and steps.
type pipe struct {
	ix       *index
	p        *ir.Pipeline
	extracts map[string]*ir.Extract
	steps    map[string]*ir.Step
	readers  map[ir.Ref][]*ir.Step // steps reading each stream
	writers  map[ir.Ref][]*ir.Load // loads writing each stream
	queries  []*query
}

func newPipe(ix *index, p *ir.Pipeline) *pipe {
	pp := &pipe{ix: ix, p: p, extracts: map[string]*ir.Extract{}, steps: map[string]*ir.Step{},
		readers: map[ir.Ref][]*ir.Step{}, writers: map[ir.Ref][]*ir.Load{}}
	for i := range p.Extracts {
		pp.extracts[p.Extracts[i].Asset] = &p.Extracts[i]
	}
	for i := range p.Steps {
		st := &p.Steps[i]
		pp.steps[st.ID] = st
		for _, b := range st.Inputs {
			if rs := pp.readers[b.From]; len(rs) == 0 || rs[len(rs)-1] != st {
				pp.readers[b.From] = append(rs, st)
			}
		}
	}
	for i := range p.Loads {
		pp.writers[p.Loads[i].From] = append(pp.writers[p.Loads[i].From], &p.Loads[i])
	}
	return pp
}

// path joins a pipeline id with model path segments: "pipe/step/op".
func (pp *pipe) path(parts ...string) string {
	s := pp.p.ID
	for _, p := range parts {
		if p != "" {
			s += "/" + p
		}
	}
	return s
}

// consumers returns the steps and loads that read the ref.
func (pp *pipe) consumers(ref ir.Ref) (steps []*ir.Step, loads []*ir.Load) {
	return pp.readers[ref], pp.writers[ref]
}
