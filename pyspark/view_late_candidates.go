package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// lenientTime is the SQL of a payload's timestamp field read without the
// contract's checks: the member's string cast to a timestamp, NULL when it
// is absent or is no timestamp Spark's cast reads. For a payload the
// contract accepts it is the field's value: the contract's form
// (YYYY-MM-DDTHH:MM:SS[.ffffff](Z|+HH:MM), a single member, a JSON string)
// is one that CAST reads as the same instant, the offset given.
func lenientTime(field string) string {
	return fmt.Sprintf("try_cast(get_json_object(CAST(`raw_payload` AS STRING), '$.%s') AS TIMESTAMP)", field)
}

// lateCandidates is the Python expression of the rt.late_max_end call over
// the lenient time of the re-read batch's payloads (lenientTime), which
// rt.late_candidates compares with the watermark to skip the contract's
// validation of every row that cannot be late; "" when it cannot be
// proven that the stateful operator's event time is that payload member
// unchanged: the step must read the source's valid rows directly (no
// upstream step, no static table), its plan up to the operator may only
// filter, set the watermark or repartition, and the time column must be a
// top-level timestamp field of the source's contract with a simple name.
func lateCandidates(st *stepView, src *sourceView, b *batchInput) string {
	if src.contract == nil || src.Typed || len(b.ports) != 1 || b.ports[0] != ir.PortValid || len(b.sh.Lets) != 0 {
		return ""
	}
	for _, in := range st.inputs {
		if in.From.Node != src.Asset {
			return ""
		}
	}
	if !columnsKept(st.late) {
		return ""
	}
	col := lateTimeColumn(st.late)
	if !plainName.MatchString(col) { // a JSONPath member without quoting ($.name)
		return ""
	}
	for _, f := range src.contract.Fields {
		if f.Name == col && f.Type.Kind == contracts.KindTimestamp {
			return maxEndOf(st.late, lenientTime(col))
		}
	}
	return ""
}

// columnsKept reports whether every node between the stateful operator n
// and its step's input keeps each row's columns as they are (a filter, a
// watermark, a repartition), on one input.
func columnsKept(n *ir.Node) bool {
	if len(n.Inputs) != 1 {
		return false
	}
	for x := n.Inputs[0]; ; x = x.Inputs[0] {
		switch x.Op {
		case ir.OpInput:
			return true
		case ir.OpFilter, ir.OpWatermark, ir.OpRepartition:
		default:
			return false
		}
		if len(x.Inputs) != 1 {
			return false
		}
	}
}
