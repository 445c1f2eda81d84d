package planner

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// Document returns the IR document the model was planned from.
func (m *Model) Document() *ir.Document { return m.doc }

// Contract returns the contract of the document with the given id.
func (m *Model) Contract(id string) (*contracts.Contract, bool) {
	c, ok := m.contracts[id]
	return c, ok
}

// Transformation returns the transformation of the document with the given
// id.
func (m *Model) Transformation(id string) (*ir.Transformation, bool) {
	t, ok := m.transformations[id]
	return t, ok
}

// TransformationSchema returns the inferred schemas of a transformation's
// default plan (built with its parameter defaults).
func (m *Model) TransformationSchema(id string) (Inferred, bool) {
	i, ok := m.inferred[id]
	return i, ok
}

// Pipeline returns the plan of the pipeline with the given id.
func (m *Model) Pipeline(id string) (*PipelinePlan, bool) {
	for i := range m.Pipelines {
		if m.Pipelines[i].ID == id {
			return &m.Pipelines[i], true
		}
	}
	return nil, false
}

// Manifest returns the model's state manifest.
func (m *Model) Manifest() *Manifest { return NewManifest(m) }

// IR returns the pipeline in the IR document.
func (p *PipelinePlan) IR() *ir.Pipeline { return p.ir }

// Source returns the planned source of the named asset.
func (p *PipelinePlan) Source(asset string) (*Source, bool) {
	for i := range p.Sources {
		if p.Sources[i].Asset == asset {
			return &p.Sources[i], true
		}
	}
	return nil, false
}

// Query returns the planned query with the given name (its load's asset).
func (p *PipelinePlan) Query(name string) (*Query, bool) {
	for i := range p.Queries {
		if p.Queries[i].Name == name {
			return &p.Queries[i], true
		}
	}
	return nil, false
}

// StepPlan returns the plan of the step with the given id.
func (p *PipelinePlan) StepPlan(id string) (*StepPlan, bool) {
	for i := range p.Steps {
		if p.Steps[i].Step.ID == id {
			return &p.Steps[i], true
		}
	}
	return nil, false
}

// Manifest returns the state manifest of the pipeline's queries, without
// their state store and source names (settings of the Model: NewManifest
// has them).
func (p *PipelinePlan) Manifest() ManifestPipeline { return manifestPipeline(p, "", false) }
