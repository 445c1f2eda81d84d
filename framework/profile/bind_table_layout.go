package profile

import (
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// tableLayout checks the layout options of a sink's table (partition_by,
// table_properties) against the contract the table holds (the load's, or
// a CDF MERGE's target) and the sink's writes: Spark would fail the CREATE
// or the first write that breaks them.
func (bc *binder) tableLayout(s *AssetBinding, c *contracts.Contract, changes bool, path string) {
	a := s.Asset
	if c != nil && a.Has(PartitionByOption) {
		bc.partitionBy(a, c, path)
	}
	props := s.TableProperties()
	if props[PropAppendOnly] == "true" && (s.Role == RoleMergeSink || changes) {
		bc.report(diag.Error, CodeAppendOnlyMerge, a.Options[TablePropertiesOption].Pos, path,
			"remove delta.appendOnly, or load into an append sink (write_mode: append)",
			"table_properties of asset %s set delta.appendOnly, and the sink %s: Delta fails the first batch that matches a row of the table (DELTA_CANNOT_MODIFY_APPEND_ONLY)",
			a.Name, mergeWhat(changes))
	}
	if props[PropChangeDataFeed] != "true" {
		bc.changeFeedReaders(a, path)
	}
}

func mergeWhat(changes bool) string {
	if changes {
		return "applies Change Data Feed rows (updates and deletes)"
	}
	return "MERGEs each micro-batch (updates rows)"
}

// partitionBy checks each partition column: a distinct, top-level column
// of c of a type Spark partitions by, and not every column.
func (bc *binder) partitionBy(a *Asset, c *contracts.Contract, path string) {
	cols, pos := a.Strings(PartitionByOption), a.Options[PartitionByOption].Pos
	names := fieldNames(c)
	for i, col := range cols {
		f, ok := c.Field(col)
		switch {
		case !ok:
			bc.report(diag.Error, CodePartitionColumn, pos, path, "partition by columns of contract "+c.ID+": "+commaList(names)+suggest(col, names),
				"partition_by[%d] is not a column of contract %s", i, c.ID)
		case slices.Index(cols, col) < i:
			bc.report(diag.Error, CodePartitionColumn, pos, path, "list each partition column once",
				"partition_by[%d] repeats column %q", i, col)
		case f.Type.Kind == contracts.KindStruct || f.Type.Kind == contracts.KindArray:
			bc.report(diag.Error, CodePartitionColumn, pos, path, "partition by a scalar column, e.g. a date derived from event time (etl.ToDate)",
				"partition column %q of contract %s is of kind %s: Spark cannot partition by it (INVALID_PARTITION_COLUMN_DATA_TYPE)", col, c.ID, f.Type.Kind)
		case f.Type.Kind == contracts.KindTimestamp || f.Type.Kind == contracts.KindFloat64 || f.Type.Kind == contracts.KindDecimal:
			bc.report(diag.Warning, CodePartitionFine, pos, path, "partition by a coarser column the transformation derives, e.g. etl.ToDate(...).As(event_date)",
				"partition column %q of contract %s is of kind %s: the table gets one directory per distinct value (tiny files, a slow log)", col, c.ID, f.Type.Kind)
		}
	}
	if len(cols) >= len(c.Fields) && len(c.Fields) > 0 {
		bc.report(diag.Error, CodePartitionColumn, pos, path, "leave at least one column of contract "+c.ID+" out of partition_by",
			"partition_by lists every column of contract %s: Spark refuses it (ALL_PARTITION_COLUMNS_NOT_ALLOWED)", c.ID)
	}
}

func fieldNames(c *contracts.Contract) []string {
	out := make([]string, len(c.Fields))
	for i := range c.Fields {
		out[i] = c.Fields[i].Name
	}
	return out
}

// changeFeedReaders reports a sink table that a Change Data Feed source of
// the profile reads (the same table or path) while the sink creates it
// without delta.enableChangeDataFeed: Delta records no change data then,
// and the source fails.
func (bc *binder) changeFeedReaders(sink *Asset, path string) {
	for _, name := range bc.p.AssetNames() {
		src, _ := bc.p.Asset(name)
		if src == nil || src.Plugin.Source == nil || src.Plugin.Source.Rows != RowsChanges || !sameTable(src, sink) {
			continue
		}
		bc.report(diag.Error, CodeChangeFeedOff, sink.Pos, path,
			"add table_properties: {delta.enableChangeDataFeed: \"true\"} to asset "+sink.Name,
			"asset %s reads the Change Data Feed of the table asset %s writes, and %s does not create it with delta.enableChangeDataFeed: Delta records no change data, and reading it fails",
			src.Name, sink.Name, sink.Name)
	}
}

// sameTable reports whether two assets name the same table or path.
func sameTable(a, b *Asset) bool {
	if t := a.String("table"); t != "" {
		return strings.EqualFold(t, b.String("table")) // catalog names are case-insensitive
	}
	return a.Has("path") && b.Has("path") && a.Path("path") == b.Path("path")
}
