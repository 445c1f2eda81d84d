package etl

import (
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// JoinType is the kind of a join: Inner, Left, Right, Full, Semi or Anti.
type JoinType = ir.JoinType

// The join types.
const (
	Inner = ir.JoinInner
	Left  = ir.JoinLeft
	Right = ir.JoinRight
	Full  = ir.JoinFull
	Semi  = ir.JoinSemi
	Anti  = ir.JoinAnti
)

// JoinCond is a join condition: On (equal keys) or Within (event-time range).
type JoinCond interface {
	apply(j *joinSpec)
}

// joinSpec collects a join's conditions.
type joinSpec struct {
	j     ir.Join
	spans []windowSpan
	multi bool
}

// onCond is an equality between a left and a right column.
type onCond struct{ left, right string }

func (c onCond) apply(j *joinSpec) {
	j.j.LeftKeys = append(j.j.LeftKeys, c.left)
	j.j.RightKeys = append(j.j.RightKeys, c.right)
}

// On joins rows whose left column equals the right column.
func On[T any](left, right Col[T]) JoinCond { return onCond{left.name, right.name} }

// withinCond bounds the right event time around the left one.
type withinCond struct {
	r            ir.TimeRange
	lower, upper Duration
}

func (c withinCond) apply(j *joinSpec) {
	if j.j.TimeRange != nil {
		j.multi = true
	}
	r := c.r
	j.j.TimeRange = &r
	j.spans = append(j.spans, windowSpan{"join lower bound", c.lower}, windowSpan{"join upper bound", c.upper})
}

// Within bounds a stream-stream join in event time: rightTime BETWEEN
// leftTime + lower AND leftTime + upper (lower may be negative).
func Within(leftTime, rightTime Col[time.Time], lower, upper Duration) JoinCond {
	return withinCond{
		r: ir.TimeRange{LeftTime: leftTime.name, RightTime: rightTime.name,
			Lower: ir.Duration(lower.String()), Upper: ir.Duration(upper.String())},
		lower: lower, upper: upper,
	}
}

// Join joins s (left) with other (right) on equal keys and, for two streams,
// an event-time range. Pass a Static as other for a stream-static join. Key
// columns of the same name appear once in the output; semi and anti joins
// keep the left columns only. A semi join of two streams emits each left
// row once, when its first match within the range arrives; Spark has no
// anti join of two streams (the planner reports ETL-S414).
func (s Stream[T]) Join(other Frame, how JoinType, conds ...JoinCond) Stream[Row] {
	var spec joinSpec
	spec.j.Type = how
	for _, c := range conds {
		if c != nil {
			c.apply(&spec)
		}
	}
	var right *stream
	if other != nil {
		right = other.frame()
	}
	if right != nil {
		spec.j.Static = right.static
	}
	leftStatic := s.s != nil && s.s.static
	out := s.s.derive(ir.OpJoin, typeRow, []*stream{right}, func(n *ir.Node) { j := spec.j; n.Join = &j })
	if out == nil {
		return Stream[Row]{}
	}
	out.static = false
	checkJoin(out, spec, leftStatic)
	return Stream[Row]{out}
}

// checkJoin records problems of a join's definition on its node.
func checkJoin(out *stream, spec joinSpec, leftStatic bool) {
	pos := out.node.Pos
	if len(spec.j.LeftKeys) == 0 {
		out.plan.errorf(ir.CodeBadArgument, pos, "add etl.On(left, right) conditions", "join has no equality keys")
	}
	if leftStatic {
		out.plan.errorf(ir.CodeBadArgument, pos, "call Join on the stream and pass the static side as its argument", "the left side of a join is static")
	}
	if spec.multi {
		out.plan.errorf(ir.CodeBadArgument, pos, "give one etl.Within condition", "join has more than one time range")
	}
	for _, sp := range spec.spans {
		if sp.d.err != nil || !sp.d.set {
			checkDuration(out, sp.what, sp.d, false)
		}
	}
	if len(spec.spans) == 2 && spec.spans[0].d.d > spec.spans[1].d.d {
		out.plan.errorf(ir.CodeBadDuration, pos, "put the smaller bound first", "join lower bound %s is after upper bound %s",
			spec.spans[0].d.d, spec.spans[1].d.d)
	}
}

// Static is a bounded table (the static side of a stream-static join): a
// static extract in a pipeline, or a static input of TransformStatic.
type Static[T any] struct {
	s *stream
}

func (t Static[T]) frame() *stream { return t.s }

// Where keeps the rows of the table for which pred is true.
func (t Static[T]) Where(pred Typed[bool]) Static[T] {
	return Static[T]{Stream[T]{t.s}.Where(pred).s}
}

// Select replaces the table's columns with the given ones.
func (t Static[T]) Select(cols ...Selection) Static[Row] {
	return Static[Row]{Stream[T]{t.s}.Select(cols...).s}
}

// Repartition hash-partitions the table into n partitions by the given
// columns (round-robin with none), as Stream.Repartition does.
func (t Static[T]) Repartition(n int, cols ...Named) Static[T] {
	return Static[T]{Stream[T]{t.s}.Repartition(n, cols...).s}
}
