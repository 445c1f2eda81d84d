package pyspark

import (
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// Event-time columns in the generated program. Spark marks a column that
// carries a watermark with spark.watermarkDelayMs metadata, and a stateful
// operator finds its event time by that metadata. An alias of a column
// keeps it; any other expression drops it — a CAST to the type the column
// already has included (measured on Spark 4.1: a window aggregation after a
// join whose conforming select CASTs the event time fails at start with
// STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION). So the program casts only
// what changes type, and re-attaches the metadata of a WindowTime column
// as Spark's own window_time does (ResolveWindowTime: an alias with the
// window's metadata); Spark's window struct itself is gone once the
// aggregation's select flattens it into window_start / window_end.

// windowTimeMetadata renders the withMetadata calls that make the
// WindowTime columns of projection n event-time columns, with the delay of
// the window's watermark (planner.StepPlan.EventTimes); "" when there are
// none. withColumn would drop an alias's metadata, withMetadata sets it.
func windowTimeMetadata(sp *planner.StepPlan, n *ir.Node) string {
	if sp == nil {
		return ""
	}
	marks := sp.EventTimes(n)
	var b strings.Builder
	for _, c := range n.Columns {
		d, ok := marks[c.Name]
		if !ok || c.Expr == nil || c.Expr.Kind != ir.ExprCall || c.Expr.Func() != ir.FuncWindowTime {
			continue
		}
		fmt.Fprintf(&b, ".withMetadata(%s, {\"spark.watermarkDelayMs\": %d})", PyString(c.Name), d.Milliseconds())
	}
	return b.String()
}

// inputTypes are the Spark SQL types of the columns node n reads (its
// first input's inferred schema); nil when unknown.
func inputTypes(sp *planner.StepPlan, n *ir.Node) map[string]string {
	if sp == nil || len(n.Inputs) == 0 {
		return nil
	}
	s, ok := sp.Node(n.Inputs[0])
	if !ok {
		return nil
	}
	out := map[string]string{}
	for _, c := range s.Columns {
		out[c.Name] = sparksql.SQLType(c.Type)
	}
	return out
}

// conformFrom is conform for rows whose column types are known: a column
// already of its field's type is selected by name (keeping its metadata),
// the others are CAST.
func conformFrom(c *contracts.Contract, have map[string]string) []string {
	out := conform(c, nil)
	for i, f := range c.Fields {
		if t, ok := have[f.Name]; ok && t == sparksql.SQLType(f.Type) && !slices.Contains([]contracts.Kind{contracts.KindStruct, contracts.KindArray}, f.Type.Kind) {
			out[i] = SQLIdent(f.Name)
		}
	}
	return out
}
