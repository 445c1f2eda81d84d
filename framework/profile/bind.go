package profile

import (
	"slices"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Binding is a pipeline bound to a profile: every extract and load resolved
// to an asset whose plugin supports its role, on an engine that supports the
// trigger. The planner reads it and carries each AssetBinding in its plan.
type Binding struct {
	Profile    *Profile
	PipelineID string
	Engine     *Engine
	Trigger    Trigger
	// CheckpointRoot is the profile's root, resolved (Profile.CheckpointRoot).
	CheckpointRoot string
	Sources        []AssetBinding // in extract order
	Sinks          []AssetBinding // in load order
	// GateOutputs are the outputs of the pipeline's quarantine gates, bound
	// as sinks of the gated load's contract, in gate order.
	GateOutputs []AssetBinding
}

// Source returns the source bound to the named asset.
func (b *Binding) Source(asset string) (*AssetBinding, bool) { return findBinding(b.Sources, asset) }

// Sink returns the sink bound to the named asset.
func (b *Binding) Sink(asset string) (*AssetBinding, bool) { return findBinding(b.Sinks, asset) }

func findBinding(l []AssetBinding, asset string) (*AssetBinding, bool) {
	for i := range l {
		if l[i].Asset.Name == asset {
			return &l[i], true
		}
	}
	return nil, false
}

// Packages returns the Maven coordinates (group:artifact) the Spark engine
// needs for the bound plugins, sorted and without duplicates.
func (b *Binding) Packages() []string {
	var out []string
	for _, l := range [][]AssetBinding{b.Sources, b.Sinks} {
		for _, s := range l {
			out = append(out, s.Asset.Plugin.Packages...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Bind checks that profile p can run pipeline pipelineID of doc and returns
// the binding. Every problem is reported; the Binding is nil only when the
// pipeline is not in the document, and must not be used when the list has
// errors.
func Bind(p *Profile, doc *ir.Document, pipelineID string) (*Binding, diag.List) {
	bc := &binder{p: p, doc: doc, contracts: map[string]*contracts.Contract{}}
	for i := range doc.Contracts {
		bc.contracts[doc.Contracts[i].ID] = &doc.Contracts[i]
	}
	pl := bc.pipeline(pipelineID)
	if pl == nil {
		return nil, bc.diags
	}
	b := &Binding{Profile: p, PipelineID: pipelineID, Trigger: p.Trigger(), CheckpointRoot: p.CheckpointRoot()}
	bc.engine(b)
	bc.checkpoint()
	for _, e := range pl.Extracts {
		if s, ok := bc.source(pl, e); ok {
			b.Sources = append(b.Sources, s)
		}
	}
	for _, l := range pl.Loads {
		if s, ok := bc.sink(pl, l); ok {
			b.Sinks = append(b.Sinks, s)
		}
	}
	bc.staticQuarantines(pl, b)
	bc.gateOutputs(pl, b)
	bc.deployment(b)
	bc.eventTimes(pl)
	bc.unused(pl, b)
	bc.diags.Sort()
	return b, bc.diags
}

// binder holds the state of one Bind call.
type binder struct {
	p         *Profile
	doc       *ir.Document
	contracts map[string]*contracts.Contract
	diags     diag.List
}

func (bc *binder) report(sev diag.Severity, code string, pos diag.Position, path, hint, format string, args ...any) {
	bc.diags.Add(diag.Diagnostic{Code: code, Severity: sev, Pos: pos, Path: path,
		Message: sprintf(format, args...), Hint: hint})
}

// pipeline finds the pipeline by id.
func (bc *binder) pipeline(id string) *ir.Pipeline {
	var ids []string
	for i := range bc.doc.Pipelines {
		if bc.doc.Pipelines[i].ID == id {
			return &bc.doc.Pipelines[i]
		}
		ids = append(ids, bc.doc.Pipelines[i].ID)
	}
	bc.report(diag.Error, CodePipelineNotFound, diag.Position{}, id, "pipelines in the document: "+listText(ids)+suggest(id, ids),
		"pipeline %q is not in the IR document", id)
	return nil
}

// contract returns the named contract, reporting it when missing.
func (bc *binder) contract(id string, pos diag.Position, path string) *contracts.Contract {
	c, ok := bc.contracts[id]
	if !ok {
		bc.report(diag.Error, CodeContractNotFound, pos, path, "register the contract (etlgen gen) and rebuild the IR",
			"contract %q is not in the IR document", id)
	}
	return c
}
