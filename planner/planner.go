package planner

import (
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// Options tune one planning run.
type Options struct {
	// Pipelines restricts planning to these pipeline ids; empty means every
	// pipeline of the document. Checkpoint identities are checked across all
	// planned pipelines.
	Pipelines []string
	// Rules replaces the default rule set (DefaultRules) when non-nil.
	Rules []Rule
	// OutputModes forces the output mode of queries, by query name (the
	// load's asset), instead of inferring it; the rules then check it.
	OutputModes map[string]string
	// WorkDir is the working directory of the process that will run the
	// plan: relative local paths of the profile (relative to it when the
	// profile was loaded by a relative file name) are made absolute
	// against it before sink and source locations are compared
	// (ETL-K505, ETL-K506). Empty compares relative paths only with
	// relative ones.
	WorkDir string
}

// Plan checks a pipeline document bound to a profile and builds its plan. It
// is a pure function: no I/O. It reports every problem at once: the DSL's own
// diagnostics carried in the document, schema inference and output checks
// (package infer), the profile's capability checks (profile.Bind, per
// pipeline), the planner's rules and the capabilities of the profile's
// engine; sorted, without duplicates. A profile with errors of its own is
// still bound as far as it goes, so the pipeline's problems are reported
// with the profile's. The model is built even when there are errors (for
// docs and explanations) but must not be executed then. prof may be nil
// when only the definition and streaming rules are wanted: no capability,
// sink or checkpoint-root checks run then.
func Plan(doc *ir.Document, prof *profile.Profile, opts Options) (*Model, diag.List) {
	if doc == nil {
		doc = &ir.Document{}
	}
	e, bound := bindEnv(doc, prof, pipelineIDs(doc, opts))
	e.WorkDir = opts.WorkDir
	bound = dropUsedAssetNotes(bound, doc, opts)
	modes, badModes := forcedModes(opts.OutputModes)
	opts.OutputModes = modes
	c := analyze(doc, e, opts)
	c.diags = append(c.diags, badModes...)
	c.unknownForcedQueries(modes)
	rules := opts.Rules
	if rules == nil {
		rules = DefaultRules()
	}
	for _, r := range rules {
		r.Check(c)
	}
	inf := inferDocument(doc)
	first := append(append(append(bound, doc.Diagnostics...), checkParams(doc)...), inf.diags...)
	return buildModel(c, inf), mergeDiags(first, c.diags)
}

// analyze indexes the document, expands every query and infers its facts
// and output mode.
func analyze(doc *ir.Document, e *env, opts Options) *Checker {
	c := &Checker{ix: newIndex(doc), env: e}
	want := map[string]bool{}
	for _, id := range pipelineIDs(doc, opts) {
		want[id] = true
	}
	for i := range doc.Pipelines {
		if !want[doc.Pipelines[i].ID] {
			continue
		}
		pp := newPipe(c.ix, &doc.Pipelines[i])
		pp.buildQueries()
		for _, q := range pp.queries {
			pp.computeFacts(q.root)
			q.sink = e.Sinks[q.name]
			q.bound = q.sink != nil
			if q.bound {
				q.forcedMode = q.sink.OutputMode()
			}
			// The command line wins over the profile's output_mode.
			if m := opts.OutputModes[q.name]; m != "" {
				q.forcedMode, q.forcedBy = m, forcedByOption
			}
			q.inferMode()
		}
		c.pipes = append(c.pipes, pp)
	}
	return c
}

func pipelineIDs(doc *ir.Document, opts Options) []string {
	if len(opts.Pipelines) > 0 {
		return opts.Pipelines
	}
	ids := make([]string, len(doc.Pipelines))
	for i, p := range doc.Pipelines {
		ids[i] = p.ID
	}
	return ids
}

// dropUsedAssetNotes drops Bind's "asset not used by pipeline X" notes for
// assets another planned pipeline uses.
func dropUsedAssetNotes(l diag.List, doc *ir.Document, opts Options) diag.List {
	used := map[string]bool{}
	want := map[string]bool{}
	for _, id := range pipelineIDs(doc, opts) {
		want[id] = true
	}
	for _, p := range doc.Pipelines {
		if !want[p.ID] {
			continue
		}
		for _, e := range p.Extracts {
			used[e.Asset] = true
		}
		for _, ld := range p.Loads {
			used[ld.Asset] = true
		}
	}
	var out diag.List
	for _, d := range l {
		if d.Code == profile.CodeUnusedAsset && used[strings.TrimPrefix(d.Path, "assets.")] {
			continue
		}
		out = append(out, d)
	}
	return out
}

// mergeDiags joins the DSL's (or Bind's) diagnostics with the planner's:
// identical diagnostics appear once, and a planner definition diagnostic
// (D26x–D27x) is dropped where the earlier list already reports a D2xx
// problem at the same position — the DSL said it first. The result is sorted.
func mergeDiags(first, planner diag.List) diag.List {
	dslAt := map[diag.Position]bool{}
	for _, d := range first {
		if strings.HasPrefix(d.Code, "ETL-D2") && d.Pos.IsValid() {
			dslAt[d.Pos] = true
		}
	}
	seen := map[diag.Diagnostic]bool{}
	var out diag.List
	add := func(d diag.Diagnostic) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, d := range first {
		add(d)
	}
	for _, d := range planner {
		if isPlannerDefinition(d.Code) && dslAt[d.Pos] {
			continue
		}
		add(d)
	}
	out.Sort()
	return out
}

func isPlannerDefinition(code string) bool {
	return strings.HasPrefix(code, "ETL-D26") || strings.HasPrefix(code, "ETL-D27")
}
