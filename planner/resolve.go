package planner

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// resolve points the parts of a planned pipeline at what their ids name,
// once, when the model is built: each source and sink at its contract,
// each query at the stream it reads, its sources, its host, the loads it
// hosts and its late route, each step at the streams its inputs read and
// the contracts its Into nodes conform to. Engines and generators read
// these pointers; none looks a part up by id. pm's slices are final: the
// pointers point into them.
func resolve(ix *index, pm *PipelinePlan) {
	for i := range pm.Sources {
		pm.Sources[i].Def = ix.contracts[pm.Sources[i].Contract]
	}
	for i := range pm.Steps {
		resolveStep(ix, pm, &pm.Steps[i])
	}
	for i := range pm.Queries {
		resolveQuery(ix, pm, &pm.Queries[i])
	}
}

// resolveStep resolves a step's inputs and the contracts of its plan's
// Into nodes.
func resolveStep(ix *index, pm *PipelinePlan, sp *StepPlan) {
	sp.Inputs = make([]Stream, len(sp.Step.Inputs))
	for i, b := range sp.Step.Inputs {
		sp.Inputs[i] = pm.stream(b.From)
	}
	sp.outputs = map[*ir.Node]*contracts.Contract{}
	if sp.Step.Plan == nil {
		return
	}
	sp.Step.Plan.Walk(func(n *ir.Node) bool {
		if n.Op == ir.OpIntoOutput {
			if c, ok := ix.contracts[n.Output]; ok {
				sp.outputs[n] = c
			}
		}
		return true
	})
}

// resolveQuery resolves a query's stream, sink contract, sources, host,
// hosted loads and late route.
func resolveQuery(ix *index, pm *PipelinePlan, q *Query) {
	q.Upstream = pm.stream(q.From)
	q.Sink.Def = ix.contracts[q.Sink.Contract]
	for _, a := range q.Sources {
		if s, ok := pm.Source(a); ok {
			q.SourcePlans = append(q.SourcePlans, s)
		}
	}
	for _, id := range q.Steps {
		if sp, ok := pm.StepPlan(id); ok {
			q.StepPlans = append(q.StepPlans, sp)
		}
	}
	linkQuery(pm, q)
	if s, ok := pm.Source(q.LateSource); ok && q.LateSource != "" {
		q.LateSourcePlan = s
	}
}

// Inferred returns the inferred schemas of transformation t's default
// plan (built with its parameter defaults); false when t is not a
// transformation of the model's document.
func (m *Model) Inferred(t *ir.Transformation) (Inferred, bool) {
	i, ok := m.inferredOf[t]
	return i, ok
}

// linkQuery points q at its host, the loads it hosts and its late host
// among pm's queries.
func linkQuery(pm *PipelinePlan, q *Query) {
	q.HostQuery, q.HostedQueries = pm.query(q.Host), nil
	for _, h := range q.Hosted {
		q.HostedQueries = append(q.HostedQueries, pm.query(h))
	}
	q.LateHostQuery = pm.query(q.LateHost)
}

// WithQueries returns a copy of p that runs qs instead of its queries (a
// replay runs some of them, each with a checkpoint of its own): each query
// of qs points at its host, hosted loads and late host among qs.
func (p *PipelinePlan) WithQueries(qs []Query) PipelinePlan {
	out := *p
	out.Queries = qs
	for i := range out.Queries {
		linkQuery(&out, &out.Queries[i])
	}
	return out
}

// stream resolves a reference to the planned source or step it reads.
func (p *PipelinePlan) stream(r ir.Ref) Stream {
	s := Stream{Ref: r}
	if src, ok := p.Source(r.Node); ok {
		s.Source = src
	} else if sp, ok := p.StepPlan(r.Node); ok {
		s.Step = sp
	}
	return s
}

// query is the planned query with the given name; nil when name is "" or
// no query has it.
func (p *PipelinePlan) query(name string) *Query {
	if name == "" {
		return nil
	}
	q, _ := p.Query(name)
	return q
}
