package localengine

import (
	"fmt"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// join compiles a stream–stream or stream–static join: inner and left
// outer; right and full outer for stream–stream joins with a time range;
// left semi for both; left anti for stream–static joins only (Spark's
// UnsupportedOperationChecker: "LeftAnti joins with a streaming
// DataFrame/Dataset on the right are not supported").
func (c *compiler) join(sp *planner.StepPlan, n *ir.Node, ins []operator) (operator, error) {
	st, jn := sp.Step, n.Join
	if jn == nil || len(ins) != 2 {
		return nil, fmt.Errorf("join needs two inputs")
	}
	if jn.Type == ir.JoinAnti && !jn.Static {
		return nil, fmt.Errorf("step %s: a stream–stream anti join is not supported: Spark rejects LeftAnti joins with a streaming right side", st.ID)
	}
	ls, rs := ins[0].schema(), ins[1].schema()
	j := &joinOp{name: st.ID + "/join", typ: jn.Type, static: jn.Static,
		left: joinSide{in: ins[0], tcol: -1, wcol: -1}, right: joinSide{in: ins[1], tcol: -1, wcol: -1},
		keyWm: -1, state: [2]keyedState[[]*joinRow]{newKeyedState(joinRowsCodec), newKeyedState(joinRowsCodec)}}
	if err := j.bindKeys(jn, ls, rs); err != nil {
		return nil, err
	}
	if err := j.bindRange(jn, ls, rs); err != nil {
		return nil, err
	}
	if !jn.Static {
		j.keyWm = watermarkedKey(j.left.keys, ls, j.right.keys, rs)
	}
	out, err := inferred(sp, n, ls, rs)
	if err != nil {
		return nil, err
	}
	j.out = out
	j.bindOutput(jn, ls, rs)
	return j, nil
}

func (j *joinOp) bindKeys(jn *ir.Join, ls, rs *Schema) error {
	for i, k := range jn.LeftKeys {
		l, r := ls.Index(k), rs.Index(jn.RightKeys[i])
		if l < 0 || r < 0 {
			return fmt.Errorf("unknown join key %s = %s", k, jn.RightKeys[i])
		}
		j.left.keys, j.right.keys = append(j.left.keys, l), append(j.right.keys, r)
	}
	return nil
}

// bindRange resolves the time-range columns, or (without a range) each
// side's event-time column for late-row filtering.
func (j *joinOp) bindRange(jn *ir.Join, ls, rs *Schema) error {
	for i, col := range ls.Cols {
		if col.EventTime && j.left.wcol < 0 {
			j.left.wcol = i
		}
	}
	for i, col := range rs.Cols {
		if col.EventTime && j.right.wcol < 0 {
			j.right.wcol = i
		}
	}
	j.left.tcol, j.right.tcol = j.left.wcol, j.right.wcol
	tr := jn.TimeRange
	if tr == nil {
		return nil
	}
	j.left.tcol, j.right.tcol = ls.Index(tr.LeftTime), rs.Index(tr.RightTime)
	lo, err1 := time.ParseDuration(string(tr.Lower))
	hi, err2 := time.ParseDuration(string(tr.Upper))
	if j.left.tcol < 0 || j.right.tcol < 0 || err1 != nil || err2 != nil {
		return fmt.Errorf("bad join time range %+v", *tr)
	}
	j.lower, j.upper, j.ranged = lo.Microseconds(), hi.Microseconds(), true
	j.left.evict = j.left.wcol >= 0 && rs.Cols[j.right.tcol].EventTime
	j.right.evict = j.right.wcol >= 0 && ls.Cols[j.left.tcol].EventTime
	return nil
}

// watermarkedKey is the position of the first join key whose left column
// is an event-time column, else of the first whose right column is
// (joinKeyOrdinalForWatermark); -1 when no key is.
func watermarkedKey(lk []int, ls *Schema, rk []int, rs *Schema) int {
	for _, side := range []struct {
		keys []int
		s    *Schema
	}{{lk, ls}, {rk, rs}} {
		for i, c := range side.keys {
			if side.s.Cols[c].EventTime {
				return i
			}
		}
	}
	return -1
}

// bindOutput maps output columns (left, then right without the keys of the
// same name: USING semantics) to the concatenated input row.
func (j *joinOp) bindOutput(jn *ir.Join, ls, rs *Schema) {
	using := map[string]int{}
	for i, k := range jn.LeftKeys {
		if k == jn.RightKeys[i] {
			using[k] = rs.Index(k)
		}
	}
	nl := len(ls.Cols)
	for li, col := range ls.Cols {
		if ri, ok := using[col.Name]; ok {
			j.merged = append(j.merged, li, nl+ri)
			j.outMap = append(j.outMap, -len(j.merged)/2)
			continue
		}
		j.outMap = append(j.outMap, li)
	}
	for ri, col := range rs.Cols {
		if _, ok := using[col.Name]; !ok {
			j.outMap = append(j.outMap, nl+ri)
		}
	}
}
