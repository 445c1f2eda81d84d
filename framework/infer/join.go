package infer

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// join: left columns, then right columns; equal keys of the same name appear
// once (USING semantics); outer joins make the optional side nullable; semi
// and anti joins keep the left columns only.
func join(w *walker, n *ir.Node, in []Schema) (Schema, bool) {
	if n.Join == nil || len(in) != 2 {
		w.errorf(ir.CodeTypeMismatch, n.Pos, "join two streams with etl.On keys", "join needs two inputs and a join spec")
		return Schema{}, false
	}
	j, left, right := n.Join, in[0], in[1]
	using := w.joinKeys(n, left, right)
	if j.TimeRange != nil {
		w.timeColumn(j.TimeRange.LeftTime, left, n.Pos, "join left time")
		w.timeColumn(j.TimeRange.RightTime, right, n.Pos, "join right time")
	}
	if j.Type == ir.JoinSemi || j.Type == ir.JoinAnti {
		return left, true
	}
	leftNull := j.Type == ir.JoinRight || j.Type == ir.JoinFull
	rightNull := j.Type == ir.JoinLeft || j.Type == ir.JoinFull
	var out Schema
	for _, c := range left.Columns {
		if r, ok := using[c.Name]; ok {
			c.Nullable = usingNullable(j.Type, c.Nullable, r.Nullable)
			c.Lineage = mergeLineage(c.Lineage, r.Lineage)
		} else {
			c.Nullable = c.Nullable || leftNull
		}
		out.Columns = append(out.Columns, c)
	}
	for _, c := range right.Columns {
		if _, ok := using[c.Name]; ok {
			continue
		}
		c.Nullable = c.Nullable || rightNull
		out.Columns = append(out.Columns, c)
	}
	w.unique(out, n.Pos)
	return out, true
}

// joinKeys checks the key pairs and returns the right columns of keys that
// have the same name on both sides (merged into one output column).
func (w *walker) joinKeys(n *ir.Node, left, right Schema) map[string]Column {
	using := map[string]Column{}
	j := n.Join
	if len(j.LeftKeys) != len(j.RightKeys) {
		w.errorf(ir.CodeTypeMismatch, n.Pos, "pair every left key with a right key", "join has %d left and %d right keys", len(j.LeftKeys), len(j.RightKeys))
		return using
	}
	for i, lk := range j.LeftKeys {
		l, r := w.column(lk, left, n.Pos), w.column(j.RightKeys[i], right, n.Pos)
		if !l.ok || !r.ok {
			continue
		}
		if l.t.Kind != r.t.Kind {
			w.errorf(ir.CodeTypeMismatch, n.Pos, "join keys of one type", "join key %s is %s but %s is %s", lk, typeString(l.t), j.RightKeys[i], typeString(r.t))
		}
		if lk == j.RightKeys[i] {
			rc, _ := right.Column(lk)
			using[lk] = rc
		}
	}
	return using
}

// usingNullable is the nullability of a merged key column.
func usingNullable(t ir.JoinType, l, r bool) bool {
	switch t {
	case ir.JoinLeft:
		return l
	case ir.JoinRight:
		return r
	case ir.JoinFull:
		return l && r
	}
	return l && r
}
