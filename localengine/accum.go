package localengine

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// accState is the running state of one aggregate of one group; exported fields
// so that state snapshots (gob, which matches fields by name) can carry it.
// The fields are ordered so that the struct packs in 80 bytes.
type accState struct {
	N    int64 // rows counted (count, avg)
	Sum  any   // int64, float64 or decimal.Decimal (sum, avg)
	V    any   // min, max, first, last; min_by, max_by: the value at Ord
	Ord  any   // min_by, max_by: the extreme ordering seen
	Seen map[string]bool
	// Scaled sums of decimals of one exponent are kept as an int64
	// coefficient (IntSum × 10^Exp) until they would overflow: no big.Int
	// arithmetic per row. The sum is IntSum×10^Exp + Sum.
	IntSum int64
	Exp    int32
	Scaled bool
	Has    bool // V is set (min_by, max_by: Ord is set)
}

// aggFn is one compiled aggregate: name, argument and result type.
type aggFn struct {
	name string
	kind ir.Func // an aggregate: ir.AggCount, ir.AggSum, ...
	arg  evalFn  // nil for count(*)
	ord  evalFn  // the ordering of min_by and max_by
	out  contracts.Type
}

// add folds one row into a.
func (f *aggFn) add(a *accState, r Row) {
	var v any
	if f.arg != nil {
		v = f.arg(r)
	}
	switch f.kind {
	case ir.AggCount:
		if f.arg == nil || v != nil {
			a.N++
		}
	case ir.AggSum, ir.AggAvg:
		if v == nil {
			return
		}
		a.N++
		if d, ok := v.(decimal.Decimal); ok && a.addScaled(d) {
			return
		}
		a.Sum = addNumbers(a.flush(), v)
	case ir.AggMin, ir.AggMax:
		if v == nil {
			return
		}
		c, _ := compareValues(v, a.V)
		if !a.Has || (f.kind == ir.AggMin && c < 0) || (f.kind == ir.AggMax && c > 0) {
			a.V, a.Has = v, true
		}
	case ir.AggFirst:
		if !a.Has {
			a.V, a.Has = v, true
		}
	case ir.AggLast:
		a.V, a.Has = v, true
	case ir.AggMinBy, ir.AggMaxBy:
		f.by(a, v, f.ord(r), true)
	case ir.AggApproxCountDistinct:
		if v != nil {
			if a.Seen == nil {
				a.Seen = map[string]bool{}
			}
			a.Seen[string(keyString(nil, v))] = true
		}
	}
}

// merge folds b (a later session) into a (session merging).
func (f *aggFn) merge(a *accState, b accState) {
	switch f.kind {
	case ir.AggCount:
		a.N += b.N
	case ir.AggSum, ir.AggAvg:
		a.N += b.N
		if s := b.sum(); s != nil {
			a.Sum = addNumbers(a.flush(), s)
		}
	case ir.AggMin, ir.AggMax:
		if b.Has {
			c, _ := compareValues(b.V, a.V)
			if !a.Has || (f.kind == ir.AggMin && c < 0) || (f.kind == ir.AggMax && c > 0) {
				a.V, a.Has = b.V, true
			}
		}
	case ir.AggFirst:
		if !a.Has {
			a.V, a.Has = b.V, b.Has
		}
	case ir.AggLast:
		if b.Has {
			a.V, a.Has = b.V, true
		}
	case ir.AggMinBy, ir.AggMaxBy:
		f.by(a, b.V, b.Ord, b.Has)
	case ir.AggApproxCountDistinct:
		for k := range b.Seen {
			if a.Seen == nil {
				a.Seen = map[string]bool{}
			}
			a.Seen[k] = true
		}
	}
}

// by folds a value v at ordering ord (set: ord is present) into the
// min_by or max_by state a, the way Spark's MaxMinBy updates and merges its
// buffer (valueWithExtremumOrdering, extremumOrdering): a NULL ordering
// changes nothing; otherwise v replaces the buffered value unless the
// buffered ordering is strictly better (less for min_by, greater for
// max_by). So on a tie the value folded last wins, as on Spark, where the
// predicate is old < new (min_by) or old > new (max_by) and an equal
// ordering takes the new value. The engine folds rows in input order and
// merges a later session into an earlier one, so its ties are
// deterministic: the tied row seen last wins, a later batch over the state
// of earlier ones (Spark merges the restored state first, then the batch's
// rows: StateStoreRestoreExec). On Spark the order of rows of several input
// partitions is not fixed, so a tie there is not deterministic.
func (f *aggFn) by(a *accState, v, ord any, set bool) {
	if !set || ord == nil {
		return
	}
	if a.Has {
		c, _ := compareValues(a.Ord, ord)
		if (f.kind == ir.AggMinBy && c < 0) || (f.kind == ir.AggMaxBy && c > 0) {
			return
		}
	}
	a.V, a.Ord, a.Has = v, ord, true
}

// result is the aggregate's value, typed as Spark types it (infer): count
// is a non-null int64, sum of integers int64 and of decimal(p,s)
// decimal(p+10,s), avg a double or decimal(p+4,s+4) rounded half up;
// approx_count_distinct is exact here. bx (when not nil) boxes a sum.
func (f *aggFn) result(a *accState, bx *boxes) any {
	switch f.kind {
	case ir.AggCount:
		return a.N
	case ir.AggApproxCountDistinct:
		return int64(len(a.Seen))
	case ir.AggSum:
		if a.Scaled && a.Sum == nil && bx != nil {
			return castValue(bx.boxDecimal(bx.newDecimal(a.IntSum, a.Exp)), f.out) // a.sum()
		}
		return castValue(a.sum(), f.out)
	case ir.AggAvg:
		return avgOf(a, f.out)
	}
	if !a.Has {
		return nil
	}
	return a.V
}

func avgOf(a *accState, out contracts.Type) any {
	sum := a.sum()
	if a.N == 0 || sum == nil {
		return nil
	}
	if out.Kind == contracts.KindDecimal {
		d, _ := asDecimal(sum)
		return d.DivRound(decimal.NewFromInt(a.N), int32(out.Scale))
	}
	f, _ := asFloat(sum)
	return f / float64(a.N)
}

// addScaled adds d to the int64 coefficient sum when d has the sum's
// exponent and the result fits; false means use the general path.
func (a *accState) addScaled(d decimal.Decimal) bool {
	if a.Sum == nil && !a.Scaled {
		a.Scaled, a.Exp, a.IntSum = true, d.Exponent(), 0
	}
	if !a.Scaled || d.Exponent() != a.Exp || d.NumDigits() > 18 {
		return false
	}
	c := d.CoefficientInt64()
	s := a.IntSum + c
	if (c > 0 && s < a.IntSum) || (c < 0 && s > a.IntSum) {
		return false
	}
	a.IntSum = s
	return true
}

// flush moves a scaled sum into Sum and returns Sum.
func (a *accState) flush() any {
	if a.Scaled {
		a.Sum, a.Scaled, a.IntSum = a.sum(), false, 0
	}
	return a.Sum
}

// sum is the accumulated sum (nil when nothing was added).
func (a *accState) sum() any {
	if !a.Scaled {
		return a.Sum
	}
	s := decimal.New(a.IntSum, a.Exp)
	if a.Sum == nil {
		return s
	}
	return addNumbers(a.Sum, s)
}

// addNumbers adds two numbers of one family (ints as int64).
func addNumbers(sum, v any) any {
	if sum == nil {
		if i, ok := asInt(v); ok {
			return i
		}
		return v
	}
	switch s := sum.(type) {
	case int64:
		i, _ := asInt(v)
		return s + i
	case float64:
		f, _ := asFloat(v)
		return s + f
	case decimal.Decimal:
		d, _ := asDecimal(v)
		return s.Add(d)
	}
	return nil // not a number: the planner rejects such sums
}
