package etl

import (
	"fmt"
	"reflect"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Stream is a typed stream of rows of Go type T. Inside a transformation body
// it is a node of the logical plan and the plan operators (Where, GroupBy,
// Join, ...) extend it; inside a pipeline it names an extract branch or a step
// output and is passed to steps and loads. Streams of type Row have a shape
// known only to the plan; etl.Into gives them a contract.
type Stream[T any] struct {
	s *stream
}

// Frame is any stream or static table, whatever its row type.
type Frame interface {
	frame() *stream
}

func (s Stream[T]) frame() *stream { return s.s }

// stream is the state behind a Stream or Static value.
type stream struct {
	// node and plan are set inside a transformation body.
	node *ir.Node
	plan *planCtx
	// ref and pipe are set inside a pipeline body.
	ref  ir.Ref
	pipe *Builder
	// goType is the row's Go type; nil or Row when only the plan knows it.
	goType reflect.Type
	static bool
}

// planCtx is the transformation body being built.
type planCtx struct {
	diags *diag.List
	path  string
	res   *resolver
}

// errorf records an error diagnostic on the body.
func (c *planCtx) errorf(code string, pos diag.Position, hint, format string, args ...any) {
	c.diags.Add(diag.Diagnostic{Code: code, Severity: diag.Error, Pos: pos, Path: c.path,
		Message: fmt.Sprintf(format, args...), Hint: hint})
}

// planOp returns the body of a plan-context stream, or records why the
// operator cannot be used here and returns nil.
func (s *stream) planOp(op string) *planCtx {
	switch {
	case s == nil:
		return nil
	case s.plan != nil:
		return s.plan
	case s.pipe != nil:
		s.pipe.errorf(ir.CodeWrongContext, callerPos(), "call plan operators inside an etl.Transform body; a pipeline only extracts, steps and loads",
			"%s applied to pipeline stream %s.%s", op, s.ref.Node, s.ref.Port)
	}
	return nil
}

// derive adds a node of kind op over s (and other inputs) and returns it.
func (s *stream) derive(op ir.Op, goType reflect.Type, others []*stream, fill func(*ir.Node)) *stream {
	c := s.planOp(string(op))
	if c == nil {
		return nil
	}
	n := &ir.Node{Op: op, Inputs: []*ir.Node{s.node}, Pos: callerPos()}
	static := s.static
	for _, o := range others {
		if o == nil || o.plan != c {
			c.errorf(ir.CodeWrongContext, n.Pos, "pass streams of the same transformation body", "%s input is not a stream of this transformation", op)
			return nil
		}
		n.Inputs = append(n.Inputs, o.node)
		static = static && o.static
	}
	if fill != nil {
		fill(n)
	}
	return &stream{node: n, plan: c, goType: goType, static: static}
}

// typeT returns the Go type of T for a stream of T.
func typeT[T any]() reflect.Type { return reflect.TypeFor[T]() }

// Where keeps the rows for which pred is true (Spark filter).
func (s Stream[T]) Where(pred Typed[bool]) Stream[T] {
	return Stream[T]{s.s.derive(ir.OpFilter, typeT[T](), nil, func(n *ir.Node) { n.Predicate = irOf(pred) })}
}

// Filter is Where.
func (s Stream[T]) Filter(pred Typed[bool]) Stream[T] { return s.Where(pred) }

// Select replaces the columns with the given ones.
func (s Stream[T]) Select(cols ...Selection) Stream[Row] {
	return Stream[Row]{s.s.derive(ir.OpSelect, typeRow, nil, func(n *ir.Node) { n.Columns = namedExprs(cols) })}
}

// WithColumn adds columns, or replaces those of the same name.
func (s Stream[T]) WithColumn(cols ...Selection) Stream[Row] {
	return Stream[Row]{s.s.derive(ir.OpWithColumn, typeRow, nil, func(n *ir.Node) { n.Columns = namedExprs(cols) })}
}

// WithWatermark declares c as the event time of the stream with the given
// allowed lateness: the watermark is the max event time seen minus delay.
func (s Stream[T]) WithWatermark(c Col[time.Time], delay Duration) Stream[T] {
	out := s.s.derive(ir.OpWatermark, typeT[T](), nil, func(n *ir.Node) {
		n.Column = c.name
		n.Delay = ir.Duration(delay.String())
	})
	if out != nil {
		checkDuration(out, "watermark delay", delay, true)
	}
	return Stream[T]{out}
}

// DropDuplicates keeps the first row per key (all columns when none given).
// On a stream without a watermark its state grows without bound.
func (s Stream[T]) DropDuplicates(cols ...Named) Stream[T] {
	return Stream[T]{s.s.derive(ir.OpDropDuplicates, typeT[T](), nil, func(n *ir.Node) { n.Keys = names(cols) })}
}

// DropDuplicatesWithinWatermark keeps the first row per key while the
// watermark allows duplicates to arrive; it needs a watermark upstream.
func (s Stream[T]) DropDuplicatesWithinWatermark(cols ...Named) Stream[T] {
	return Stream[T]{s.s.derive(ir.OpDropDuplicatesWithinWM, typeT[T](), nil, func(n *ir.Node) { n.Keys = names(cols) })}
}

// Union appends the rows of other streams of the same type (by column name).
func (s Stream[T]) Union(others ...Stream[T]) Stream[T] {
	in := make([]*stream, len(others))
	for i, o := range others {
		in[i] = o.s
	}
	return Stream[T]{s.s.derive(ir.OpUnion, typeT[T](), in, nil)}
}

// Sort orders the rows. Not supported on streams outside complete-mode
// aggregations: the planner reports it.
func (s Stream[T]) Sort(keys ...Sorter) Stream[T] {
	return Stream[T]{s.s.derive(ir.OpSort, typeT[T](), nil, func(n *ir.Node) {
		for _, k := range keys {
			if k == nil {
				continue
			}
			sk := k.sortKey()
			dir := ir.FuncAsc
			if sk.desc {
				dir = ir.FuncDesc
			}
			n.Columns = append(n.Columns, ir.NamedExpr{Name: sk.name,
				Expr: &ir.Expr{Kind: ir.ExprCall, Name: string(dir), Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: sk.name}}}})
		}
	})}
}

// Limit keeps the first n rows. On a stream it keeps the first n rows the
// query ever reads, across micro-batches (Spark's StreamingGlobalLimitExec,
// its count in the checkpoint's state), then drops the rest; Spark rejects
// it in update output mode (the planner reports it).
func (s Stream[T]) Limit(n int) Stream[T] {
	out := s.s.derive(ir.OpLimit, typeT[T](), nil, func(node *ir.Node) { node.Limit = n })
	if out != nil && n < 0 {
		out.plan.errorf(ir.CodeBadArgument, out.node.Pos, "give a limit ≥ 0", "limit %d is negative", n)
	}
	return Stream[T]{out}
}

// Repartition hash-partitions the rows into n partitions by the given
// columns, Spark's repartition(n, cols...): rows with equal keys land in one
// partition, which shuffles them across executors, e.g. by the grouping key
// before a GroupBy. With no columns the rows are spread round-robin. It is
// stateless and allowed on streams and static tables; the schema and the
// rows are unchanged (the local engine has no partitions and passes them
// through). Schema inference reports n outside 1..ir.MaxPartitions
// (ETL-D213) and a column the input lacks (ETL-D220).
//
// On Spark (4.1, measured) the repartition is an exchange of its own
// (REPARTITION_BY_NUM). A streaming aggregation that follows needs its
// input hashed by exactly its grouping keys into
// spark.sql.shuffle.partitions partitions: GroupBy(k) after
// Repartition(n, k) with n equal to that setting reuses the repartition's
// exchange; another n, other keys, or a window among the grouping keys
// (GroupBy(k, window)) add a second exchange before the state.
func (s Stream[T]) Repartition(n int, cols ...Named) Stream[T] {
	return Stream[T]{s.s.derive(ir.OpRepartition, typeT[T](), nil, func(node *ir.Node) {
		node.Partitions = n
		node.Keys = names(cols)
	})}
}

// Named is anything with a column name, such as a Col.
type Named interface {
	Name() string
}

// Sorter is a sort key: a column (ascending) or Col.Desc().
type Sorter interface {
	sortKey() SortKey
}

// SortKey is a column and a direction.
type SortKey struct {
	name string
	desc bool
}

func (k SortKey) sortKey() SortKey { return k }
func (c Col[T]) sortKey() SortKey  { return SortKey{name: c.name} }

// names returns the column names of cols.
func names(cols []Named) []string {
	out := make([]string, 0, len(cols))
	for _, c := range cols {
		if c != nil {
			out = append(out, c.Name())
		}
	}
	return out
}

// namedExprs returns the IR of selections.
func namedExprs(cols []Selection) []ir.NamedExpr {
	out := make([]ir.NamedExpr, 0, len(cols))
	for _, c := range cols {
		if c != nil {
			out = append(out, c.namedExpr())
		}
	}
	return out
}

// checkDuration records a diagnostic on s's node when d is unset, does not
// parse, is negative, or is zero where zero is not allowed.
func checkDuration(s *stream, what string, d Duration, zeroOK bool) {
	pos := s.node.Pos
	switch {
	case d.err != nil:
		s.plan.errorf(ir.CodeBadDuration, pos, "write a duration like 15m or \"15 minutes\"", "%s: %v", what, d.err)
	case !d.set && !zeroOK:
		s.plan.errorf(ir.CodeBadDuration, pos, "give the "+what+" a value, or a default in the parameter struct", "%s is not set", what)
	case d.d < 0:
		s.plan.errorf(ir.CodeBadDuration, pos, "use a duration ≥ 0", "%s %s is negative", what, d.d)
	case d.d == 0 && !zeroOK:
		s.plan.errorf(ir.CodeBadDuration, pos, "use a duration > 0", "%s must be greater than zero", what)
	}
}
