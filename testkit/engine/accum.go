package engine

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// Acc is the running state of one aggregate of one group; exported fields
// so that state snapshots (gob) can carry it.
type Acc struct {
	N      int64 // rows counted (count, avg)
	Sum    any   // int64, float64 or decimal.Decimal (sum, avg)
	V      any   // min, max, first, last
	Has    bool  // V is set
	Seen   map[string]bool
	Ignore bool // unused; keeps gob from eliding an all-zero Acc
}

// aggFn is one compiled aggregate: name, argument and result type.
type aggFn struct {
	name string
	kind string // count, sum, avg, min, max, first, last, approx_count_distinct
	arg  evalFn // nil for count(*)
	out  contracts.Type
}

// add folds one row into a.
func (f *aggFn) add(a *Acc, r Row) {
	var v any
	if f.arg != nil {
		v = f.arg(r)
	}
	switch f.kind {
	case "count":
		if f.arg == nil || v != nil {
			a.N++
		}
	case "sum", "avg":
		if v != nil {
			a.N++
			a.Sum = addNumbers(a.Sum, v)
		}
	case "min", "max":
		if v == nil {
			return
		}
		c, _ := compareValues(v, a.V)
		if !a.Has || (f.kind == "min" && c < 0) || (f.kind == "max" && c > 0) {
			a.V, a.Has = v, true
		}
	case "first":
		if !a.Has {
			a.V, a.Has = v, true
		}
	case "last":
		a.V, a.Has = v, true
	case "approx_count_distinct":
		if v != nil {
			if a.Seen == nil {
				a.Seen = map[string]bool{}
			}
			a.Seen[string(keyString(nil, v))] = true
		}
	}
}

// merge folds b (a later session) into a (session merging).
func (f *aggFn) merge(a *Acc, b Acc) {
	switch f.kind {
	case "count":
		a.N += b.N
	case "sum", "avg":
		a.N += b.N
		if b.Sum != nil {
			a.Sum = addNumbers(a.Sum, b.Sum)
		}
	case "min", "max":
		if b.Has {
			c, _ := compareValues(b.V, a.V)
			if !a.Has || (f.kind == "min" && c < 0) || (f.kind == "max" && c > 0) {
				a.V, a.Has = b.V, true
			}
		}
	case "first":
		if !a.Has {
			a.V, a.Has = b.V, b.Has
		}
	case "last":
		if b.Has {
			a.V, a.Has = b.V, true
		}
	case "approx_count_distinct":
		for k := range b.Seen {
			if a.Seen == nil {
				a.Seen = map[string]bool{}
			}
			a.Seen[k] = true
		}
	}
}

// result is the aggregate's value, typed as Spark types it (infer): count
// is a non-null int64, sum of integers int64 and of decimal(p,s)
// decimal(p+10,s), avg a double or decimal(p+4,s+4) rounded half up;
// approx_count_distinct is exact here.
func (f *aggFn) result(a *Acc) any {
	switch f.kind {
	case "count":
		return a.N
	case "approx_count_distinct":
		return int64(len(a.Seen))
	case "sum":
		return castValue(a.Sum, f.out)
	case "avg":
		return avgOf(a, f.out)
	}
	if !a.Has {
		return nil
	}
	return a.V
}

func avgOf(a *Acc, out contracts.Type) any {
	if a.N == 0 || a.Sum == nil {
		return nil
	}
	if out.Kind == contracts.KindDecimal {
		d, _ := asDecimal(a.Sum)
		return d.DivRound(decimal.NewFromInt(a.N), int32(out.Scale))
	}
	f, _ := asFloat(a.Sum)
	return f / float64(a.N)
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
	panic(fmt.Sprintf("engine: sum of %T", sum)) // the planner types sums; unreachable
}
