package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// paramSite is where a set of parameter values was given: a
// transformation's defaults or a step's values.
type paramSite struct {
	pos  diag.Position
	path string
}

// checkParams checks the validate tags of every transformation's
// parameters (ir.Param.Validate, go-playground/validator/v10) on the values
// the document records: the defaults at the transformation, and each
// step's own values — not those it took from a default, checked once at the
// transformation — at the step (ETL-D202), with the positions, paths and
// messages the DSL gave when the program that prints the IR ran validator
// itself. A tag validator cannot run is ETL-D305, once, where it failed.
// Like the DSL's own diagnostics it covers every pipeline of the document.
func checkParams(doc *ir.Document) diag.List {
	var out diag.List
	types := map[string]*paramType{}
	for i := range doc.Transformations {
		t := &doc.Transformations[i]
		if _, seen := types[t.ID]; seen {
			continue
		}
		pt := newParamType(t.Params)
		if pt != nil && !pt.check(pt.values(func(p ir.Param) (string, bool) { return p.Default, true }),
			paramSite{t.Pos, "transformation/" + t.ID}, &out) {
			pt = nil
		}
		types[t.ID] = pt
	}
	for _, p := range doc.Pipelines {
		for _, st := range p.Steps {
			pt := types[st.Transformation]
			if pt == nil {
				continue
			}
			given := map[string]ir.ParamValue{}
			for _, v := range st.Params {
				given[v.Name] = v
			}
			values := pt.values(func(p ir.Param) (string, bool) {
				v, ok := given[p.Name]
				return v.Value, ok && !v.Defaulted
			}) // a value the IR lacks is zero and not reported
			if !pt.check(values, paramSite{st.Pos, "pipeline/" + p.ID + "/step/" + st.ID}, &out) {
				types[st.Transformation] = nil
			}
		}
	}
	return out
}

// paramTagDiagnostic is the ETL-D305 of a validate tag validator cannot
// run (an unknown rule, a rule parameter that does not parse).
func paramTagDiagnostic(at paramSite, err error) diag.Diagnostic {
	return diag.Diagnostic{Code: CodeParamTag, Severity: diag.Error, Pos: at.pos, Path: at.path,
		Message: fmt.Sprintf("parameters: a validate tag cannot be checked: %v", err),
		Hint:    "use validator's built-in rules with arguments of the field's type, e.g. validate:\"gte=0\" or validate:\"oneof=a b\""}
}
