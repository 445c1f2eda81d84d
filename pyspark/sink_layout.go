package pyspark

import (
	"strings"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/planner"
)

// TableLayout is a table sink's partitioning and table properties for its
// CREATE TABLE (what a plugin's Write passes to
// sparksql.CreateTableDDLWith).
func TableLayout(s *planner.Sink) sparksql.TableLayout {
	l := sparksql.TableLayout{PartitionBy: s.PartitionBy}
	for _, o := range s.TableProperties {
		l.Properties = append(l.Properties, [2]string{o.Name, o.Value})
	}
	return l
}

// LayoutLiteral is the Python literal of the layout the runtime checks an
// existing table against (rt.check_layout, SinkView.Layout):
// {"partition_by": [...], "properties": {...}} with what the profile sets;
// "" when it sets nothing.
func LayoutLiteral(s *planner.Sink) string {
	if len(s.PartitionBy) == 0 && len(s.TableProperties) == 0 {
		return ""
	}
	var parts []string
	if len(s.PartitionBy) > 0 {
		cols := make([]string, len(s.PartitionBy))
		for i, c := range s.PartitionBy {
			cols[i] = PyString(c)
		}
		parts = append(parts, `"partition_by": [`+strings.Join(cols, ", ")+"]")
	}
	if len(s.TableProperties) > 0 {
		props := make([]string, len(s.TableProperties))
		for i, o := range s.TableProperties {
			props[i] = PyString(o.Name) + ": " + PyString(o.Value)
		}
		parts = append(parts, `"properties": {`+strings.Join(props, ", ")+"}")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
