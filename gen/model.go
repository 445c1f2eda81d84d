package gen

import (
	"sort"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/planner"
)

// Model is everything generators read, built once by the caller and never
// modified by them: the loaded Go packages and their contracts, and the
// planner's model of the pipelines. Generators never plan, infer schemas or
// read a profile themselves: the caller plans (project.Load or
// planner.Plan) and sets Plan.
type Model struct {
	// Packages are the loaded Go packages, sorted by import path.
	Packages []Package `json:"packages"`
	// Plan is the planned model of the pipeline IR: the IR document
	// (Plan.Document()), its lookups, the pipelines' plans and, when bound,
	// the redacted profile (Plan.Bound). nil when no pipelines were loaded;
	// DTCS, DPCS and the docs then write nothing.
	Plan *planner.Model `json:"plan,omitempty"`
	// Diagnostics are the planner's (and the profile's) diagnostics for
	// Plan; the HTML page lists them.
	Diagnostics diag.List `json:"diagnostics,omitempty"`
	// Project, when set, is the project the docs site documents (see
	// NewProject): set on the model the Site generator runs over, and on
	// each unit's model so its pipeline pages link to the site. nil: the
	// site documents this model alone.
	Project *Project `json:"-"`
}

// Package is one loaded Go package and its contracts.
type Package struct {
	// Path is the import path.
	Path string `json:"path"`
	// Name is the Go package name.
	Name string `json:"name"`
	// Dir is the package directory relative to the sink root of GroupGo
	// generators, slash-separated; "" or "." is the root itself.
	Dir string `json:"dir"`
	// Contracts are the package's contracts in declaration order.
	Contracts []contracts.Contract `json:"contracts"`
}

// Contracts returns every contract of the model, sorted by id.
func (m *Model) Contracts() []contracts.Contract {
	var out []contracts.Contract
	for _, p := range m.Packages {
		out = append(out, p.Contracts...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// pipelines are the planned pipelines, in IR order; none without a plan.
func (m *Model) pipelines() []planner.PipelinePlan {
	if m.Plan == nil {
		return nil
	}
	return m.Plan.Pipelines
}

// bound reports whether the plan is bound to a profile.
func (m *Model) bound() bool { return m.Plan != nil && m.Plan.Bound != nil }

// profileName is the name of the bound profile, or Unbound.
func (m *Model) profileName() string {
	if !m.bound() {
		return Unbound
	}
	return m.Plan.Bound.Name
}
