package gen

import (
	"slices"

	"github.com/etlgen/etlgen/contracts"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// siteColumn is one column of a sink with the source fields it derives
// from, traced back through the pipeline's steps.
type siteColumn struct {
	Column string
	// From are the source fields, "<asset>.<field>", sorted.
	From []string
	// Via are the steps the value passes, from the source to the sink.
	Via []string
	// Note says why no source field is known, when none is.
	Note string
}

// columnTracer traces sink columns of one pipeline back to its extracts,
// through the inferred lineage of every step's plan (planner.StepPlan's
// Inferred schema, built with the step's parameters).
type columnTracer struct {
	m     *Model
	steps map[string]*planner.StepPlan
	// extracts maps an extract's asset to its contract id.
	extracts map[string]string
}

func newColumnTracer(m *Model, pp *planner.PipelinePlan) *columnTracer {
	t := &columnTracer{m: m, steps: map[string]*planner.StepPlan{}, extracts: map[string]string{}}
	for i := range pp.Steps {
		t.steps[pp.Steps[i].Step.ID] = &pp.Steps[i]
	}
	for _, ex := range pp.IR().Extracts {
		t.extracts[ex.Asset] = ex.Contract
	}
	return t
}

// sinkColumns traces each field of the load's contract; fields are the
// contract's top-level columns (nested fields travel with their parent).
func (t *columnTracer) sinkColumns(ld ir.Load) []siteColumn {
	c, ok := contractOf(t.m, ld.Contract)
	if !ok {
		return nil
	}
	var out []siteColumn
	for _, f := range c.Fields {
		sc := siteColumn{Column: f.Name}
		from, via, note := t.trace(ld.From, f.Name, 0)
		if row, ok := t.wholeRow(ld.From, f); ok {
			from, note = []string{row}, ""
		}
		slices.Reverse(via)
		sc.From, sc.Via, sc.Note = sortedUnique(from), uniqueInOrder(via), note
		if len(sc.From) == 0 && sc.Note == "" {
			sc.Note = "no source field: a constant, a count or a column the step adds"
		}
		out = append(out, sc)
	}
	return out
}

// trace follows column col of stream ref back to source fields; depth
// guards a cyclic model (the planner reports the cycle).
func (t *columnTracer) trace(ref ir.Ref, col string, depth int) (from, via []string, note string) {
	if depth > len(t.steps)+1 {
		return nil, nil, "the pipeline's graph has a cycle"
	}
	if id, ok := t.extracts[ref.Node]; ok {
		return t.fromExtract(ref, id, col)
	}
	sp, ok := t.steps[ref.Node]
	if !ok {
		return nil, nil, "reads " + ref.Node + ", which is not a node of the pipeline"
	}
	if ref.Port != "" && ref.Port != ir.PortOut {
		return nil, []string{sp.Step.ID}, "rows of step " + sp.Step.ID + "'s " + ref.Port + " output: not traced"
	}
	c, ok := sp.Schema.Column(col)
	if !ok {
		return nil, []string{sp.Step.ID}, "step " + sp.Step.ID + " has no column " + col
	}
	via = []string{sp.Step.ID}
	for _, src := range c.Lineage {
		in, ok := bindingOf(sp.Step, src.Input)
		if !ok {
			continue
		}
		f, v, n := t.trace(in, src.Column, depth+1)
		from, via = append(from, f...), append(via, v...)
		if note == "" {
			note = n
		}
	}
	if len(from) > 0 {
		note = ""
	}
	return from, via, note
}

// fromExtract maps a column read from an extract to the source field of
// the same name; a column the source contract lacks was added by the
// routing of rejected or late rows (reason, payload, watermark).
func (t *columnTracer) fromExtract(ref ir.Ref, contract, col string) (from, via []string, note string) {
	if c, ok := contractOf(t.m, contract); ok {
		if _, ok := c.Field(col); !ok {
			return nil, nil, "added by etlgen when it routes " + ref.Port + " rows of " + ref.Node + "; not a source field"
		}
	}
	return []string{ref.Node + "." + col}, nil, ""
}

// wholeRow reports whether sink field f, read straight from an extract,
// is a struct of the extract's fields (a late or rejected record carrying
// the event): it derives from the whole source row, "<asset>.*".
func (t *columnTracer) wholeRow(ref ir.Ref, f contracts.Field) (string, bool) {
	id, ok := t.extracts[ref.Node]
	if !ok || f.Type.Kind != contracts.KindStruct || len(f.Type.Fields) == 0 {
		return "", false
	}
	c, ok := contractOf(t.m, id)
	if !ok {
		return "", false
	}
	for _, sub := range f.Type.Fields {
		if _, ok := c.Field(sub.Name); !ok {
			return "", false
		}
	}
	return ref.Node + ".*", true
}

// bindingOf is what the step binds to its input name.
func bindingOf(st *ir.Step, input string) (ir.Ref, bool) {
	for _, b := range st.Inputs {
		if b.Input == input {
			return b.From, true
		}
	}
	return ir.Ref{}, false
}

// uniqueInOrder drops repeats, keeping the first of each.
func uniqueInOrder(in []string) []string {
	var out []string
	for _, s := range in {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// sortedUnique sorts and removes repeats.
func sortedUnique(in []string) []string {
	out := slices.Clone(in)
	slices.Sort(out)
	return slices.Compact(out)
}
