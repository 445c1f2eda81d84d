package planner

import (
	"sort"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/infer"
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
}

// Plan checks a pipeline document bound to a profile and builds its plan. It
// is a pure function: no I/O. It reports every problem at once: the DSL's own
// diagnostics carried in the document, schema inference and output checks
// (infer.Document), the profile's capability checks
// (profile.Bind, per pipeline) and the planner's rules; sorted, without
// duplicates. The model is built even when there are errors (for docs and
// explanations) but must not be executed then. prof may be nil when only the
// definition and streaming rules are wanted: no capability, sink or
// checkpoint-root checks run then.
func Plan(doc *ir.Document, prof *profile.Profile, opts Options) (*Model, diag.List) {
	if doc == nil {
		doc = &ir.Document{}
	}
	var bound diag.List
	env := FromProfile(prof)
	if prof != nil {
		for _, id := range pipelineIDs(doc, opts) {
			b, d := profile.Bind(prof, doc, id)
			bound = append(bound, d...)
			applyBinding(env, b)
		}
		bound = dropUsedAssetNotes(bound, doc, opts)
	}
	m, d := PlanEnv(doc, env, opts)
	return m, mergeDiags(bound, d)
}

// PlanEnv is Plan with a planner Env built by the caller instead of a
// profile (tests, tools that bind assets themselves). Profile capability
// checks are not run.
func PlanEnv(doc *ir.Document, env *Env, opts Options) (*Model, diag.List) {
	if doc == nil {
		doc = &ir.Document{}
	}
	if env == nil {
		env = &Env{}
	}
	if env.Assets == nil {
		env.Assets = map[string]AssetBinding{}
	}
	c := analyze(doc, env, opts)
	rules := opts.Rules
	if rules == nil {
		rules = DefaultRules()
	}
	for _, r := range rules {
		r.Check(c)
	}
	first := append(append(diag.List(nil), doc.Diagnostics...), infer.Document(doc)...)
	return buildModel(c), mergeDiags(first, c.diags)
}

// analyze indexes the document, expands every query and infers its facts
// and output mode.
func analyze(doc *ir.Document, env *Env, opts Options) *Checker {
	c := &Checker{ix: newIndex(doc), env: env}
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
			q.sink, q.bound = env.Assets[q.name]
			// The command line wins over the profile's output_mode.
			if m := opts.OutputModes[q.name]; m != "" {
				q.sink.OutputMode, q.forcedBy = m, forcedByOption
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

// applyBinding takes the merge keys and write modes profile.Bind resolved
// (merge keys default to the contract's primary key).
func applyBinding(env *Env, b *profile.Binding) {
	if b == nil {
		return
	}
	for _, s := range b.Sinks {
		if s.Asset == nil {
			continue
		}
		a := env.Assets[s.Asset.Name]
		if len(s.MergeKeys) > 0 {
			a.MergeKeys = s.MergeKeys
		}
		if s.WriteMode.Name != "" {
			a.WriteMode, a.OutputModes = s.WriteMode.Name, s.WriteMode.OutputModes
		}
		env.Assets[s.Asset.Name] = a
	}
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

// sortedSet returns the keys of a set, sorted.
func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
