package localengine

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/profile"
)

// TableLayout is what a sink creates a Delta table with besides its
// columns: the partition columns and the table properties of its profile
// (partition_by, table_properties).
type TableLayout struct {
	PartitionBy []string
	Properties  map[string]string
}

// TableLayoutMarker starts the error of a sink whose table exists with
// another layout than its profile's (the Spark program's
// TABLE_LAYOUT_MARKER).
const TableLayoutMarker = "[ETLGEN_TABLE_LAYOUT]"

// Create is a sink's CREATE TABLE IF NOT EXISTS: a table no sink created
// and nobody wrote takes the layout; an existing one keeps its own and
// fails when it lacks what l asks (the partition columns when l has some,
// each property with its value), as the Spark program fails before its
// query starts. A table tests wrote without a sink has no properties.
func (t *DeltaTable) Create(l TableLayout) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.created && len(t.versions) == 1 {
		t.created, t.layout = true, TableLayout{PartitionBy: slices.Clone(l.PartitionBy), Properties: maps.Clone(l.Properties)}
		return nil
	}
	t.created = true
	var problems []string
	if l.PartitionBy != nil && !slices.Equal(l.PartitionBy, t.layout.PartitionBy) {
		problems = append(problems, fmt.Sprintf("partitioned by [%s], the profile says [%s]",
			strings.Join(t.layout.PartitionBy, ", "), strings.Join(l.PartitionBy, ", ")))
	}
	for _, k := range slices.Sorted(maps.Keys(l.Properties)) {
		got, ok := t.layout.Properties[k]
		switch want := l.Properties[k]; {
		case !ok:
			problems = append(problems, fmt.Sprintf("property %s is not set (the profile says %s)", k, want))
		case got != want && !strings.EqualFold(got, want):
			problems = append(problems, fmt.Sprintf("property %s is %s, the profile says %s", k, got, want))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s table %s exists with another layout than the profile's: %s", TableLayoutMarker, t.Name, strings.Join(problems, "; "))
	}
	return nil
}

// Layout returns the table's partition columns and properties.
func (t *DeltaTable) Layout() TableLayout {
	t.mu.Lock()
	defer t.mu.Unlock()
	return TableLayout{PartitionBy: slices.Clone(t.layout.PartitionBy), Properties: maps.Clone(t.layout.Properties)}
}

// Columns returns the table's columns, nil for a table no sink created.
func (t *DeltaTable) Columns() []Column {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.cols)
}

// ChangeFeed reports whether the table records its Change Data Feed: a
// table a sink created does with delta.enableChangeDataFeed=true, one a
// test wrote without a sink always does.
func (t *DeltaTable) ChangeFeed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.created || strings.EqualFold(t.layout.Properties[profile.PropChangeDataFeed], "true")
}

// appendOnlyLocked fails changes that update or delete rows of an
// append-only table (delta.appendOnly=true), as Delta does.
func (t *DeltaTable) appendOnlyLocked(changes []Change) error {
	if !strings.EqualFold(t.layout.Properties[profile.PropAppendOnly], "true") {
		return nil
	}
	for _, c := range changes {
		if c.Type != "insert" {
			return fmt.Errorf("[DELTA_CANNOT_MODIFY_APPEND_ONLY] table %s is configured to only allow appends (delta.appendOnly)", t.Name)
		}
	}
	return nil
}

// evolveLocked checks the columns of a batch against the table's, as a
// Delta append does: a table whose columns are not known yet (new, or
// written by a test without a sink) takes the batch's columns; a column the table lacks is added with mergeSchema and fails
// the batch without (DELTA_METADATA_MISMATCH); a column of another type
// fails it (DELTA_FAILED_TO_MERGE_FIELDS), unless mergeSchema widens an
// int32 to an int64 on a table with delta.enableTypeWidening. A table no
// sink created is not checked.
func (t *DeltaTable) evolveLocked(s *Schema, mergeSchema bool) error {
	if !t.created {
		return nil
	}
	if t.cols == nil {
		t.cols = slices.Clone(s.Cols)
		return nil
	}
	cols := slices.Clone(t.cols)
	var added []string
	for _, c := range s.Cols {
		i := slices.IndexFunc(cols, func(h Column) bool { return h.Name == c.Name })
		switch {
		case i < 0:
			added = append(added, c.Name)
			cols = append(cols, Column{Name: c.Name, Type: c.Type})
		case reflect.DeepEqual(cols[i].Type, c.Type):
		case mergeSchema && t.widens(cols[i].Type, c.Type):
			cols[i].Type = c.Type
		default:
			return fmt.Errorf("[DELTA_FAILED_TO_MERGE_FIELDS] table %s: failed to merge fields %q and %q (%s, %s)", t.Name, c.Name, c.Name, cols[i].Type.Kind, c.Type.Kind)
		}
	}
	if len(added) > 0 && !mergeSchema {
		return fmt.Errorf("[DELTA_METADATA_MISMATCH] table %s: a metadata mismatch was detected when writing: columns %s are not in the table (merge_schema adds them)", t.Name, strings.Join(added, ", "))
	}
	t.cols = cols
	return nil
}

func (t *DeltaTable) widens(from, to contracts.Type) bool {
	return strings.EqualFold(t.layout.Properties[profile.PropTypeWidening], "true") &&
		from.Kind == contracts.KindInt32 && to.Kind == contracts.KindInt64
}

// project keeps the columns of s the table has, when it knows its columns
// (a MERGE leaves out the others); a table a sink created whose columns
// are not known yet takes the batch's.
func (t *DeltaTable) project(s *Schema, rows []Row) (*Schema, []Row) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.created && t.cols == nil {
		t.cols = slices.Clone(s.Cols)
	}
	if t.cols == nil {
		return s, rows
	}
	var keep []int
	var cols []Column
	for i, c := range s.Cols {
		if slices.ContainsFunc(t.cols, func(h Column) bool { return h.Name == c.Name }) {
			keep, cols = append(keep, i), append(cols, c)
		}
	}
	if len(keep) == len(s.Cols) {
		return s, rows
	}
	out := make([]Row, len(rows))
	for j, r := range rows {
		out[j] = make(Row, len(keep))
		for k, i := range keep {
			out[j][k] = r[i]
		}
	}
	return NewSchema(cols), out
}
