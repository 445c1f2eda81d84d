package infer

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Plan infers the schema that node produces, given the contracts bound to
// the transformation's inputs (by input name). An into node yields its
// input's schema: compare it with the output contract using CheckOutput.
func Plan(node *ir.Node, inputs map[string]*contracts.Contract) (Schema, diag.List) {
	w := &walker{inputs: inputs}
	s, _ := w.node(node)
	return s, w.diags
}

// Nodes infers node like Plan and returns the schema of every node of the
// plan whose inputs could be inferred, the root's included.
func Nodes(node *ir.Node, inputs map[string]*contracts.Contract) (map[*ir.Node]Schema, diag.List) {
	w := &walker{inputs: inputs}
	w.node(node)
	return w.schemas(), w.diags
}

// schemas returns the memoised schemas of the nodes inferred without a
// problem that made them unknown.
func (w *walker) schemas() map[*ir.Node]Schema {
	out := make(map[*ir.Node]Schema, len(w.nodes))
	for n, r := range w.nodes {
		if r.ok {
			out[n] = r.s
		}
	}
	return out
}

// operator infers one operator from the schemas of its inputs.
type operator func(w *walker, n *ir.Node, in []Schema) (Schema, bool)

// operators maps each plan operator to its inference.
var operators map[ir.Op]operator

func init() {
	operators = map[ir.Op]operator{
		ir.OpFilter: filter, ir.OpSelect: selectCols, ir.OpWithColumn: withColumn,
		ir.OpWatermark: watermark, ir.OpAggregate: aggregate,
		ir.OpDropDuplicates: dropDuplicates, ir.OpDropDuplicatesWithinWM: dropDuplicates,
		ir.OpJoin: join, ir.OpUnion: union, ir.OpSort: sortRows, ir.OpLimit: same, ir.OpIntoOutput: same,
		ir.OpRepartition: repartition,
	}
}

// node infers n after its inputs; ok is false when a problem made the
// schema unknown (later operators then stay silent).
func (w *walker) node(n *ir.Node) (Schema, bool) {
	if n == nil {
		return Schema{}, false
	}
	if r, ok := w.nodes[n]; ok {
		return r.s, r.ok
	}
	s, ok := w.infer(n)
	if w.nodes == nil {
		w.nodes = map[*ir.Node]inferred{}
	}
	w.nodes[n] = inferred{s: s, ok: ok}
	return s, ok
}

// infer computes the schema of n from its inputs' (memoised) schemas.
func (w *walker) infer(n *ir.Node) (Schema, bool) {
	if n.Op == ir.OpInput {
		return w.input(n)
	}
	in := make([]Schema, len(n.Inputs))
	for i, c := range n.Inputs {
		s, ok := w.node(c)
		if !ok {
			return Schema{}, false
		}
		in[i] = s
	}
	op, ok := operators[n.Op]
	if !ok || len(in) == 0 {
		w.errorf(ir.CodeTypeMismatch, n.Pos, "build plans with the etl DSL", "unknown operator %q or missing input", n.Op)
		return Schema{}, false
	}
	return op(w, n, in)
}

// input is the schema of a declared input.
func (w *walker) input(n *ir.Node) (Schema, bool) {
	c, ok := w.inputs[n.Input]
	if !ok || c == nil {
		w.errorf(ir.CodeUnknownInput, n.Pos, "read only the transformation's declared inputs", "unknown input %s", n.Input)
		return Schema{}, false
	}
	return FromContract(c, n.Input), true
}

// same passes the input schema through (limit, into).
func same(_ *walker, _ *ir.Node, in []Schema) (Schema, bool) { return in[0], true }

// filter keeps the schema; IsNotNull conjuncts make their column non-null.
func filter(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	v := w.expr(n.Predicate, in[0], n.Pos)
	if !v.ok {
		return in[0], true
	}
	if v.t.Kind != contracts.KindBool {
		w.errorf(ir.CodeTypeMismatch, n.Pos, "filter with a boolean expression", "filter predicate is %s, not bool", typeString(v.t))
	}
	out := Schema{Columns: append([]Column(nil), in[0].Columns...)}
	for _, name := range notNullColumns(n.Predicate) {
		for i := range out.Columns {
			if out.Columns[i].Name == name {
				out.Columns[i].Nullable = false
			}
		}
	}
	return out, true
}

// notNullColumns lists the columns c of isnotnull(c) top-level conjuncts.
func notNullColumns(e *ir.Expr) []string {
	switch {
	case e == nil || e.Kind != ir.ExprCall:
		return nil
	case e.Func() == ir.FuncAnd:
		var out []string
		for _, a := range e.Args {
			out = append(out, notNullColumns(a)...)
		}
		return out
	case e.Func() == ir.FuncIsNotNull && len(e.Args) == 1 && e.Args[0].Kind == ir.ExprColumn:
		return []string{e.Args[0].Name}
	}
	return nil
}

// namedColumns infers a list of named expressions.
func (w *walker) namedColumns(cols []ir.NamedExpr, s Schema, pos diag.Position) ([]Column, bool) {
	out := make([]Column, 0, len(cols))
	ok := true
	for _, c := range cols {
		v := w.expr(c.Expr, s, pos)
		ok = ok && v.ok
		out = append(out, Column{Name: c.Name, Type: v.t, Nullable: v.nullable, Lineage: v.lineage})
	}
	return out, ok
}

// selectCols replaces the columns.
func selectCols(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	cols, ok := w.namedColumns(n.Columns, in[0], n.Pos)
	out := Schema{Columns: cols}
	w.unique(out, n.Pos)
	return out, ok
}

// withColumn adds or replaces columns.
func withColumn(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	cols, ok := w.namedColumns(n.Columns, in[0], n.Pos)
	out := Schema{Columns: append([]Column(nil), in[0].Columns...)}
	for _, c := range cols {
		replaced := false
		for i := range out.Columns {
			if out.Columns[i].Name == c.Name {
				out.Columns[i], replaced = c, true
			}
		}
		if !replaced {
			out.Columns = append(out.Columns, c)
		}
	}
	return out, ok
}

// watermark checks the event-time column is a timestamp.
func watermark(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	w.timeColumn(n.Column, in[0], n.Pos, "watermark")
	return in[0], true
}

// timeColumn checks that name is a timestamp column of s.
func (w *walker) timeColumn(name string, s Schema, pos diag.Position, what string) {
	v := w.column(name, s, pos)
	if v.ok && v.t.Kind != contracts.KindTimestamp {
		w.errorf(ir.CodeTypeMismatch, pos, "use a time.Time column", "%s column %s is %s, not timestamp", what, name, typeString(v.t))
	}
}

// dropDuplicates checks its key columns.
func dropDuplicates(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	for _, k := range n.Keys {
		w.column(k, in[0], n.Pos)
	}
	return in[0], true
}

// repartition checks the partition count and the key columns; the schema
// passes through.
func repartition(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	if n.Partitions < 1 || n.Partitions > ir.MaxPartitions {
		w.errorf(ir.CodeBadArgument, n.Pos, fmt.Sprintf("give a partition count from 1 to %d", ir.MaxPartitions),
			"repartition into %d partitions", n.Partitions)
	}
	for _, k := range n.Keys {
		w.column(k, in[0], n.Pos)
	}
	return in[0], true
}

// sortRows checks its key expressions.
func sortRows(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	w.namedColumns(n.Columns, in[0], n.Pos)
	return in[0], true
}

// unique reports columns of s that share a name.
func (w *walker) unique(s Schema, pos diag.Position) {
	seen := map[string]bool{}
	for _, c := range s.Columns {
		if seen[c.Name] {
			w.errorf(ir.CodeAmbiguousColumn, pos, "rename one of the columns with As or Named", "column %s appears twice", c.Name)
		}
		seen[c.Name] = true
	}
}

// aggregate: group keys, window_start/window_end, then the aggregates.
func aggregate(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	var out Schema
	ok := true
	for _, k := range n.GroupBy {
		v := w.expr(k, in[0], n.Pos)
		ok = ok && v.ok
		out.Columns = append(out.Columns, Column{Name: k.Name, Type: v.t, Nullable: v.nullable, Lineage: v.lineage})
	}
	if n.Window != nil {
		w.timeColumn(n.Window.TimeColumn, in[0], n.Pos, "window")
		lin := []Source(nil)
		if c, found := in[0].Column(n.Window.TimeColumn); found {
			lin = c.Lineage
		}
		for _, name := range []string{"window_start", "window_end"} {
			out.Columns = append(out.Columns, Column{Name: name, Type: tTimestamp, Lineage: lin})
		}
	}
	for _, a := range n.Aggs {
		if a.Expr == nil || a.Expr.Kind != ir.ExprAgg {
			w.errorf(ir.CodeTypeMismatch, n.Pos, "use etl.Count, etl.Sum, ... in Agg", "aggregate column %s is not an aggregate", a.Name)
			ok = false
			continue
		}
		v := w.expr(a.Expr, in[0], n.Pos)
		ok = ok && v.ok
		out.Columns = append(out.Columns, Column{Name: a.Name, Type: v.t, Nullable: v.nullable, Lineage: v.lineage})
	}
	w.unique(out, n.Pos)
	return out, ok
}

// union requires the same columns and types; nullability is the union's.
func union(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	out := Schema{Columns: append([]Column(nil), in[0].Columns...)}
	for _, s := range in[1:] {
		if len(s.Columns) != len(out.Columns) {
			w.errorf(ir.CodeUnionMismatch, n.Pos, "union streams of one contract", "union of %v and %v", out.Names(), s.Names())
			return out, false
		}
		for i := range out.Columns {
			c, found := s.Column(out.Columns[i].Name)
			if !found || !sameType(c.Type, out.Columns[i].Type) {
				w.errorf(ir.CodeUnionMismatch, n.Pos, "union streams of one contract", "union column %s differs between inputs", out.Columns[i].Name)
				return out, false
			}
			out.Columns[i].Nullable = out.Columns[i].Nullable || c.Nullable
			out.Columns[i].Lineage = mergeLineage(out.Columns[i].Lineage, c.Lineage)
		}
	}
	return out, true
}
