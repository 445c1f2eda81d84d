package localengine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

func layoutCols(names ...string) *Schema {
	var cols []Column
	for _, n := range names {
		kind := contracts.KindInt64
		if k, ok := strings.CutSuffix(n, ":int32"); ok {
			n, kind = k, contracts.KindInt32
		}
		cols = append(cols, Column{Name: n, Type: contracts.Type{Kind: kind}})
	}
	return NewSchema(cols)
}

func layoutRow(n int) []Row {
	r := make(Row, n)
	for i := range r {
		r[i] = int64(i)
	}
	return []Row{r}
}

// TestDeltaTableLayout: the local engine's CREATE TABLE IF NOT EXISTS with
// a layout, and the appends after it, as Delta 4.1 does them on the stack
// (TestLiveDeltaLayout): a new table takes the layout, an existing one must
// have it; an append of a column the table lacks needs merge_schema; a
// wider type needs delta.enableTypeWidening too.
func TestDeltaTableLayout(t *testing.T) {
	cdf := TableLayout{PartitionBy: []string{"d"}, Properties: map[string]string{"delta.enableChangeDataFeed": "true"}}
	tests := []struct {
		name    string
		first   TableLayout // the layout the table is created with
		second  TableLayout // the layout a later sink opens it with
		batches []*Schema   // appended in order
		merge   bool        // merge_schema
		want    string      // the error, "" for none
	}{
		{name: "same layout", first: cdf, second: cdf, batches: []*Schema{layoutCols("a", "d")}},
		{name: "no layout asked", first: cdf, second: TableLayout{}, batches: []*Schema{layoutCols("a", "d")}},
		{name: "other partitions", first: cdf, second: TableLayout{PartitionBy: []string{"a"}}, want: "partitioned by [d], the profile says [a]"},
		{name: "property missing", first: TableLayout{}, second: cdf, want: "property delta.enableChangeDataFeed is not set"},
		{name: "property differs", first: TableLayout{Properties: map[string]string{"team": "a"}}, second: TableLayout{Properties: map[string]string{"team": "b"}},
			want: "property team is a, the profile says b"},
		{name: "column added without merge_schema", first: cdf, second: cdf, batches: []*Schema{layoutCols("a", "d"), layoutCols("a", "d", "m")},
			want: "[DELTA_METADATA_MISMATCH]"},
		{name: "column added with merge_schema", first: cdf, second: cdf, batches: []*Schema{layoutCols("a", "d"), layoutCols("a", "d", "m"), layoutCols("a", "d")}, merge: true},
		{name: "type widened", first: cdf, second: cdf, batches: []*Schema{layoutCols("a:int32", "d"), layoutCols("a", "d")}, merge: true,
			want: "[DELTA_FAILED_TO_MERGE_FIELDS]"},
		{name: "type widened with type widening", first: TableLayout{Properties: map[string]string{"delta.enableTypeWidening": "true"}},
			batches: []*Schema{layoutCols("a:int32", "d"), layoutCols("a", "d")}, merge: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := NewDeltaCatalog(nil).Table("silver.t")
			if err := tb.Create(tt.first); err != nil {
				t.Fatal(err)
			}
			err := tb.Create(tt.second)
			sink := &DeltaSink{Table: tb, MergeSchema: tt.merge}
			for i, s := range tt.batches {
				if err != nil {
					break
				}
				_, err = sink.Write("cp", int64(i), s, layoutRow(len(s.Cols)))
			}
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want one with %q", err, tt.want)
			}
		})
	}
}

// TestDeltaTableAppendOnly: a table created with delta.appendOnly takes
// inserts and fails an update or delete; a table a sink created without
// delta.enableChangeDataFeed records no change feed for a delta-cdf
// source, one a test wrote without a sink does.
func TestDeltaTableAppendOnly(t *testing.T) {
	c := NewDeltaCatalog(nil)
	tb := c.Table("silver.t")
	if err := tb.Create(TableLayout{Properties: map[string]string{"delta.appendOnly": "true"}}); err != nil {
		t.Fatal(err)
	}
	if err := tb.SetKeys("id"); err != nil {
		t.Fatal(err)
	}
	row := json.RawMessage(`{"id":1,"v":"a"}`)
	if _, err := tb.Insert(row); err != nil {
		t.Fatalf("insert: %v", err)
	}
	if _, err := tb.Merge("cp", 0, []json.RawMessage{json.RawMessage(`{"id":2,"v":"b"}`)}, nil); err != nil {
		t.Fatalf("a MERGE that inserts: %v", err)
	}
	if _, err := tb.Update(json.RawMessage(`{"id":1,"v":"c"}`)); err == nil || !strings.Contains(err.Error(), "DELTA_CANNOT_MODIFY_APPEND_ONLY") {
		t.Errorf("update: %v, want DELTA_CANNOT_MODIFY_APPEND_ONLY", err)
	}
	if _, err := tb.Merge("cp", 1, []json.RawMessage{json.RawMessage(`{"id":1,"v":"d"}`)}, nil); err == nil {
		t.Error("a MERGE that updates an append-only table succeeded")
	}
	if tb.ChangeFeed() {
		t.Error("a table a sink created without delta.enableChangeDataFeed records a change feed")
	}
	if !c.Table("raw.t").ChangeFeed() {
		t.Error("a table no sink created records no change feed")
	}
}
