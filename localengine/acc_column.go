package localengine

import (
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// accLayout is how an accColumn stores the accumulators of one aggregate:
// only the accState fields its function reads and writes (accum.go).
type accLayout uint8

const (
	layoutFull  accLayout = iota // min_by, max_by, approx_count_distinct: every field
	layoutCount                  // count: N
	layoutSum                    // sum, avg: N and the sum
	layoutValue                  // min, max, first, last: V and Has
)

// layoutOf is the layout of the accumulators of aggregate function k.
func layoutOf(k ir.Func) accLayout {
	switch k {
	case ir.AggCount:
		return layoutCount
	case ir.AggSum, ir.AggAvg:
		return layoutSum
	case ir.AggMin, ir.AggMax, ir.AggFirst, ir.AggLast:
		return layoutValue
	}
	return layoutFull
}

// sumCell is the accState of a sum or an average.
type sumCell struct {
	sum    any
	n      int64
	intSum int64
	exp    int32
	scaled bool
}

// valueCell is the accState of min, max, first or last.
type valueCell struct {
	v   any
	has bool
}

// accColumn holds the accumulators of one aggregate for every group of a
// groupTable, indexed by group number, in its layout's cells: a count
// takes 8 bytes a group, a sum 40, a min or max 24, where an accState
// takes 80. The aggregate functions fold and merge accStates (accum.go):
// load copies a cell out into one, store copies it back.
type accColumn struct {
	layout accLayout
	counts column[int64]
	sums   column[sumCell]
	values column[valueCell]
	full   column[accState]
}

// grow appends the zero accumulator of a new group.
func (c *accColumn) grow() {
	switch c.layout {
	case layoutCount:
		c.counts.grow()
	case layoutSum:
		c.sums.grow()
	case layoutValue:
		c.values.grow()
	default:
		c.full.grow()
	}
}

// load sets *a to the accumulator of group g.
func (c *accColumn) load(g int32, a *accState) {
	switch c.layout {
	case layoutCount:
		*a = accState{N: *c.counts.at(g)}
	case layoutSum:
		s := c.sums.at(g)
		*a = accState{N: s.n, Sum: s.sum, Scaled: s.scaled, IntSum: s.intSum, Exp: s.exp}
	case layoutValue:
		v := c.values.at(g)
		*a = accState{V: v.v, Has: v.has}
	default:
		*a = *c.full.at(g)
	}
}

// fold folds row r into group g's accumulator of f in place, as f.add
// would through load and store, for a count, a min or max, and a sum or
// average of decimals that stays scaled (accState.addScaled); it reports
// false, having done nothing, otherwise.
func (c *accColumn) fold(g int32, f *aggFn, r Row) bool {
	switch {
	case (f.kind == ir.AggSum || f.kind == ir.AggAvg) && c.layout == layoutSum && f.arg != nil:
		return c.sums.at(g).addScaled(f.arg(r))
	case f.kind == ir.AggCount && c.layout == layoutCount:
		if f.arg == nil || f.arg(r) != nil {
			*c.counts.at(g)++
		}
		return true
	case (f.kind == ir.AggMin || f.kind == ir.AggMax) && c.layout == layoutValue && f.arg != nil:
		v := f.arg(r)
		if v == nil {
			return true
		}
		cell := c.values.at(g)
		if !cell.has {
			cell.v, cell.has = v, true
			return true
		}
		if k, _ := compareValues(v, cell.v); (f.kind == ir.AggMin && k < 0) || (f.kind == ir.AggMax && k > 0) {
			cell.v = v
		}
		return true
	}
	return false
}

// addScaled folds v into a sum kept scaled, as accState.add and addScaled
// do, and reports true; false, having done nothing, when v is not a
// decimal or the sum would not stay scaled.
func (s *sumCell) addScaled(v any) bool {
	if v == nil {
		return true
	}
	d, ok := v.(decimal.Decimal)
	fresh := s.sum == nil && !s.scaled
	if !ok || !(s.scaled || fresh) || (!fresh && d.Exponent() != s.exp) || d.NumDigits() > 18 {
		return false
	}
	base := s.intSum
	if fresh {
		base = 0
	}
	c := d.CoefficientInt64()
	sum := base + c
	if (c > 0 && sum < base) || (c < 0 && sum > base) {
		return false
	}
	s.n++
	s.intSum, s.exp, s.scaled = sum, d.Exponent(), true
	return true
}

// store sets the accumulator of group g to *a, of which it keeps the
// fields of its layout.
func (c *accColumn) store(g int32, a *accState) {
	switch c.layout {
	case layoutCount:
		*c.counts.at(g) = a.N
	case layoutSum:
		*c.sums.at(g) = sumCell{sum: a.Sum, n: a.N, intSum: a.IntSum, exp: a.Exp, scaled: a.Scaled}
	case layoutValue:
		*c.values.at(g) = valueCell{v: a.V, has: a.Has}
	default:
		*c.full.at(g) = *a
	}
}

// clear resets the accumulator of group g, releasing what it refers to.
func (c *accColumn) clear(g int32) { c.store(g, &accState{}) }

// reset removes every group's accumulator.
func (c *accColumn) reset() {
	c.counts.reset()
	c.sums.reset()
	c.values.reset()
	c.full.reset()
}
