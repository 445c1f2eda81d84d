package gen

import (
	"sort"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Model is everything generators read, loaded once and never modified by them.
// New inputs (pipeline IR, profile) are added as new fields.
type Model struct {
	// Packages are the loaded Go packages, sorted by import path.
	Packages []Package `json:"packages"`
	// IR is the pipeline IR document of the packages (transformations and
	// pipelines); nil when none was loaded. DTCS, DPCS and the docs read it.
	IR *ir.Document `json:"ir,omitempty"`
	// Plan is the planner's model of IR, bound to the profile when Profile is
	// set; nil without IR.
	Plan *planner.Model `json:"plan,omitempty"`
	// Diagnostics are the planner's diagnostics for Plan.
	Diagnostics diag.List `json:"diagnostics,omitempty"`
	// Profile is the profile Plan is bound to, redacted (no secret values);
	// nil when the plan is unbound.
	Profile *profile.Redacted `json:"profile,omitempty"`
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

// AddPlan sets m's pipeline IR and plans it, bound to prof when it is not
// nil, recording the plan, the planner's diagnostics and the redacted
// profile. Generators then read the plan; they never plan themselves.
func (m *Model) AddPlan(doc *ir.Document, prof *profile.Profile) {
	if doc == nil {
		return
	}
	m.IR = doc
	m.Plan, m.Diagnostics = planner.Plan(doc, prof, planner.Options{})
	if prof != nil {
		r := prof.Redacted()
		m.Profile = &r
	}
}
