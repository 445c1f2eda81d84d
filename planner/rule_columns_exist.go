package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleColumnsExist: the event-time columns of watermarks and windows, dedup
// keys, repartition keys and join keys are columns of the operator's input; event-time columns
// are timestamps. (The DSL's schema inference reports most of these first;
// the planner's duplicate at the same position is dropped.)
var ruleColumnsExist = Rule{
	Name:    "columns-exist",
	Summary: "watermark, window, dedup, repartition and join columns exist; event-time columns are timestamps",
	Codes:   []string{CodeUnknownColumn, CodeEventTimeNotTimestamp},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			for _, u := range columnUses(n) {
				checkColumn(c, q.pp, n, u)
			}
		})
	},
}

type columnUse struct {
	side      int // input index
	name      string
	what      string
	timestamp bool
}

func columnUses(n *qnode) []columnUse {
	var out []columnUse
	switch x := n.node; {
	case x.Op == ir.OpWatermark:
		out = append(out, columnUse{0, x.Column, "watermark column", true})
	case x.Op == ir.OpAggregate && x.Window != nil:
		out = append(out, columnUse{0, x.Window.TimeColumn, "window time column", true})
	case x.Op == ir.OpDropDuplicates || x.Op == ir.OpDropDuplicatesWithinWM:
		for _, k := range x.Keys {
			out = append(out, columnUse{0, k, "dedup key", false})
		}
	case x.Op == ir.OpRepartition:
		for _, k := range x.Keys {
			out = append(out, columnUse{0, k, "repartition key", false})
		}
	case x.Op == ir.OpJoin && x.Join != nil:
		for _, k := range x.Join.LeftKeys {
			out = append(out, columnUse{0, k, "left join key", false})
		}
		for _, k := range x.Join.RightKeys {
			out = append(out, columnUse{1, k, "right join key", false})
		}
	}
	return out
}

func checkColumn(c *Checker, pp *pipe, n *qnode, u columnUse) {
	cols := kidFacts(n, u.side).cols
	if len(cols) == 0 {
		return // input schema unknown: nothing to check against
	}
	typ, ok := cols[u.name]
	switch {
	case !ok:
		c.report(CodeUnknownColumn, diag.Error, pp.posOf(n), pp.opPath(n), "use a column of the operator's input (the generated column accessors list them)",
			fmt.Sprintf("%s %q is not a column of the input of step %s", u.what, u.name, n.step))
	case u.timestamp && typ != "timestamp" && typ != "":
		c.report(CodeEventTimeNotTimestamp, diag.Error, pp.posOf(n), pp.opPath(n), "event time must be a time.Time field (timestamp)",
			fmt.Sprintf("%s %q has type %s, not timestamp", u.what, u.name, typ))
	}
}
