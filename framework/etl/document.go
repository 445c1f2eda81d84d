package etl

import (
	"fmt"
	"io"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Document builds the IR document of the pipelines and transformations
// declared in package pkgPath (all packages when empty), with every contract
// they reference and every contract the package registers. Problems found
// while building are in the document's Diagnostics; Document never fails.
func Document(pkgPath string) *ir.Document {
	ps, ts := declared(pkgPath)
	doc := build(ps, ts)
	doc.Package = pkgPath
	if pkgPath != "" {
		for _, c := range contracts.All() {
			if c.Package == pkgPath && !hasContract(doc, c.ID) {
				doc.Contracts = append(doc.Contracts, *c.Clone()) // the document's own: a caller may change it
			}
		}
	}
	return doc
}

// DocumentOf builds the IR document of the given pipelines only, e.g. for a
// test that runs one pipeline.
func DocumentOf(pipelines ...*Pipeline) *ir.Document {
	ps := make([]*pipelineDef, len(pipelines))
	for i, p := range pipelines {
		ps[i] = p.def
	}
	return build(ps, nil)
}

// WriteDocument writes the document of pkgPath as ir.MarshalCompact JSON;
// the program etlgen builds to read a user's package calls it.
func WriteDocument(w io.Writer, pkgPath string) error {
	b, err := ir.MarshalCompact(Document(pkgPath))
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("write ir document: %w", err)
	}
	return nil
}

// build runs the pipeline bodies and collects transformations and contracts.
func build(ps []*pipelineDef, extra []*transformDef) *ir.Document {
	var diags diag.List
	res := &resolver{ids: map[string]bool{}, diags: &diags}
	doc := &ir.Document{IRVersion: ir.Version, Contracts: []contracts.Contract{},
		Transformations: []ir.Transformation{}, Pipelines: []ir.Pipeline{}}
	var defs []*transformDef
	seenPipe := map[string]bool{}
	for _, p := range ps {
		if seenPipe[p.id] {
			diags.Add(diag.Diagnostic{Code: ir.CodeDuplicateID, Severity: diag.Error, Pos: p.pos, Path: "pipeline/" + p.id,
				Message: fmt.Sprintf("pipeline id %s is declared twice", p.id), Hint: "give every pipeline its own id"})
			continue
		}
		seenPipe[p.id] = true
		pl, applied := p.build(&diags, res)
		doc.Pipelines = append(doc.Pipelines, pl)
		defs = append(defs, applied...)
	}
	doc.Transformations = transformations(append(defs, extra...), &diags, res)
	for id := range res.ids {
		if c, ok := contracts.LookupID(id); ok {
			doc.Contracts = append(doc.Contracts, *c.Clone()) // the document's own: a caller may change it
		}
	}
	doc.Diagnostics = diags.Dedupe()
	doc.Diagnostics.Sort()
	return doc
}

// build runs the pipeline body.
func (p *pipelineDef) build(diags *diag.List, res *resolver) (ir.Pipeline, []*transformDef) {
	b := &Builder{diags: diags, res: res, path: "pipeline/" + p.id, steps: map[string]bool{}, assets: map[string]string{},
		pl: ir.Pipeline{ID: p.id, Version: p.version, Description: p.description, Pos: p.pos,
			Extracts: []ir.Extract{}, Steps: []ir.Step{}, Loads: []ir.Load{}}}
	if p.id == "" || p.version == "" || p.body == nil {
		b.errorf(ir.CodeBadArgument, p.pos, "pass an id, a version and a body to etl.NewPipeline", "pipeline %q: missing id, version or body", p.id)
		return b.pl, nil
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				b.errorf(ir.CodeBodyPanic, p.pos, "fix the pipeline body; DSL calls never panic, so the panic is in user code", "pipeline %s panicked: %v", p.id, r)
			}
		}()
		p.body(b)
	}()
	return b.pl, b.applied
}

// transformations builds each distinct definition once, reporting ids
// shared by different definitions.
func transformations(defs []*transformDef, diags *diag.List, res *resolver) []ir.Transformation {
	out := []ir.Transformation{}
	byID := map[string]*transformDef{}
	for _, d := range defs {
		prev, ok := byID[d.id]
		if ok && prev != d {
			diags.Add(diag.Diagnostic{Code: ir.CodeDuplicateID, Severity: diag.Error, Pos: d.pos, Path: "transformation/" + d.id,
				Message: fmt.Sprintf("transformation id %s is declared twice (also at %s)", d.id, prev.pos), Hint: "give every transformation its own id"})
		}
		if ok {
			continue
		}
		byID[d.id] = d
		if d.id == "" {
			diags.Add(diag.Diagnostic{Code: ir.CodeBadArgument, Severity: diag.Error, Pos: d.pos, Path: "transformation",
				Message: "transformation has an empty id", Hint: "pass an id to etl.Transform"})
		}
		out = append(out, d.transformationIR(diags, res))
	}
	return out
}

// hasContract reports whether doc already holds contract id.
func hasContract(doc *ir.Document, id string) bool {
	for _, c := range doc.Contracts {
		if c.ID == id {
			return true
		}
	}
	return false
}

// Document builds the IR document of this pipeline alone (DocumentOf(p)).
func (p *Pipeline) Document() *ir.Document { return DocumentOf(p) }
