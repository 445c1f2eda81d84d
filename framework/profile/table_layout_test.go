package profile

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// sparkProfile binds the example pipeline on Spark; windows is the asset
// line of customer_order_windows.
func sparkProfile(windows string) string {
	return "name: t\nengine: pyspark\nexecution: {trigger: once, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\nassets:\n" +
		"  order_events: {plugin: kafka-json, resource: k, topic: t}\n" +
		"  rejected_order_events: {plugin: delta, table: q.r}\n  late_order_events: {plugin: delta, table: q.l}\n" +
		"  customer_order_windows: " + windows + "\n"
}

// withEventDate adds a date column to the windows' contract.
func withEventDate(d *ir.Document) {
	c := &d.Contracts[1]
	c.Fields = append(c.Fields, contracts.Field{Name: "event_date", Type: contracts.Type{Kind: contracts.KindDate}},
		contracts.Field{Name: "tags", Type: contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindString}}})
}

// TestTableLayoutParse: the table options' shapes and table properties,
// checked by profile.Parse, one code per problem.
func TestTableLayoutParse(t *testing.T) {
	tests := []struct {
		name, windows string
		want          []string
	}{
		{"partition and properties", `{plugin: delta, table: c.w, partition_by: [event_date], table_properties: {delta.enableChangeDataFeed: true, delta.logRetentionDuration: "interval 30 days", team: orders}}`, nil},
		{"merge_schema on append", `{plugin: delta, table: c.w, merge_schema: true}`, nil},
		{"every property type", `{plugin: delta, table: c.w, table_properties: {delta.checkpointInterval: "20", delta.dataSkippingNumIndexedCols: "-1", delta.checkpointPolicy: v2, delta.feature.deletionVectors: supported, delta.deletedFileRetentionDuration: "7 days"}}`, nil},
		{"merge_schema on a merge sink", `{plugin: delta, table: c.w, write_mode: foreach-batch-merge, merge_schema: true}`, []string{CodeOptionNotApplies}},
		{"partition_by not a list", `{plugin: delta, table: c.w, partition_by: event_date}`, []string{CodeWrongType}},
		{"unknown delta key", `{plugin: delta, table: c.w, table_properties: {delta.enableChangeFeed: true}}`, []string{CodeTableProperty}},
		{"delta key in another case", `{plugin: delta, table: c.w, table_properties: {delta.enablechangedatafeed: true}}`, []string{CodeTableProperty}},
		{"reserved keys", `{plugin: delta, table: c.w, table_properties: {owner: me, location: /tmp/x, comment: c}}`, []string{CodeTableProperty, CodeTableProperty, CodeTableProperty}},
		{"bool of another spelling", `{plugin: delta, table: c.w, table_properties: {delta.appendOnly: "yes"}}`, []string{CodeTableProperty}},
		{"int below its minimum", `{plugin: delta, table: c.w, table_properties: {delta.checkpointInterval: "0"}}`, []string{CodeTableProperty}},
		{"interval that is not one", `{plugin: delta, table: c.w, table_properties: {delta.logRetentionDuration: forever}}`, []string{CodeTableProperty}},
		{"enum value", `{plugin: delta, table: c.w, table_properties: {delta.isolationLevel: WriteSerializable}}`, []string{CodeTableProperty}},
		{"unknown feature", `{plugin: delta, table: c.w, table_properties: {delta.feature.nosuch: supported}}`, []string{CodeTableProperty}},
		{"env reference", `{plugin: delta, table: c.w, table_properties: {team: "${env:TEAM}"}}`, []string{CodeTableProperty}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := Parse("t.yaml", []byte(sparkProfile(tt.windows)))
			if codes := sortedCodes(got); !slices.Equal(codes, tt.want) {
				t.Errorf("codes = %v, want %v\n%s", codes, tt.want, render(got))
			}
		})
	}
}

// TestTableLayoutBind: the table options against the loaded contract, the
// write mode and the profile's CDF sources.
func TestTableLayoutBind(t *testing.T) {
	const cdfReader = "  changes: {plugin: delta-cdf, table: C.W}\n"
	tests := []struct {
		name, windows, extra string
		want                 []string
	}{
		{name: "partition by a date", windows: `{plugin: delta, table: c.w, partition_by: [event_date]}`},
		{name: "partition by two columns", windows: `{plugin: delta, table: c.w, partition_by: [event_date, customer_id]}`},
		{name: "merge sink partitioned", windows: `{plugin: delta, table: c.w, write_mode: foreach-batch-merge, partition_by: [event_date]}`},
		{name: "partition column unknown", windows: `{plugin: delta, table: c.w, partition_by: [event_day]}`, want: []string{CodePartitionColumn}},
		{name: "partition column twice", windows: `{plugin: delta, table: c.w, partition_by: [event_date, event_date]}`, want: []string{CodePartitionColumn}},
		{name: "partition by an array", windows: `{plugin: delta, table: c.w, partition_by: [tags]}`, want: []string{CodePartitionColumn}},
		{name: "partition by every column", windows: `{plugin: delta, table: c.w, partition_by: [customer_id, window_start, window_end, paid_order_count, event_date, tags]}`,
			want: []string{CodePartitionColumn, CodePartitionColumn, CodePartitionFine, CodePartitionFine}},
		{name: "partition by a timestamp", windows: `{plugin: delta, table: c.w, partition_by: [window_start]}`, want: []string{CodePartitionFine}},
		{name: "append only append", windows: `{plugin: delta, table: c.w, table_properties: {delta.appendOnly: true}}`},
		{name: "append only merge", windows: `{plugin: delta, table: c.w, write_mode: foreach-batch-merge, table_properties: {delta.appendOnly: true}}`,
			want: []string{CodeAppendOnlyMerge}},
		{name: "append only false merge", windows: `{plugin: delta, table: c.w, write_mode: foreach-batch-merge, table_properties: {delta.appendOnly: false}}`},
		{name: "cdf read without change feed", windows: `{plugin: delta, table: c.w}`, extra: cdfReader, want: []string{CodeUnusedAsset, CodeChangeFeedOff}},
		{name: "cdf read with change feed", windows: `{plugin: delta, table: c.w, table_properties: {delta.enableChangeDataFeed: true}}`, extra: cdfReader,
			want: []string{CodeUnusedAsset}},
		{name: "cdf of another table", windows: `{plugin: delta, table: c.other}`, extra: cdfReader, want: []string{CodeUnusedAsset}},
		{name: "static side ignores no layout", windows: `{plugin: delta, table: c.w}`,
			extra: "  customers: {plugin: delta, table: dim.c, partition_by: [raw_payload]}\n", want: []string{CodeOptionNotApplies}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, diags := Parse("t.yaml", []byte(sparkProfile(tt.windows)+tt.extra))
			if len(diags) != 0 {
				t.Fatalf("parse:\n%s", render(diags))
			}
			doc := exampleDoc()
			withEventDate(doc)
			doc.Pipelines[0].Extracts = append(doc.Pipelines[0].Extracts, ir.Extract{Asset: "customers", Contract: "rejected-order-event", Static: true})
			if tt.extra == "" || tt.extra[2:11] != "customers" {
				doc.Pipelines[0].Extracts = doc.Pipelines[0].Extracts[:1]
			}
			_, got := Bind(p, doc, examplePipeline)
			if codes := sortedCodes(got); !slices.Equal(codes, tt.want) {
				t.Errorf("codes = %v, want %v\n%s", codes, tt.want, render(got))
			}
		})
	}
}

// TestTableLayoutBinding: the binding carries the layout the engines read.
func TestTableLayoutBinding(t *testing.T) {
	p, diags := Parse("t.yaml", []byte(sparkProfile(`{plugin: delta, table: c.w, partition_by: [event_date], merge_schema: true, table_properties: {delta.appendOnly: true, team: orders}}`)))
	if len(diags) != 0 {
		t.Fatal(render(diags))
	}
	doc := exampleDoc()
	withEventDate(doc)
	b, diags := Bind(p, doc, examplePipeline)
	if len(diags) != 0 {
		t.Fatal(render(diags))
	}
	s, _ := b.Sink("customer_order_windows")
	if diff := cmp.Diff([]string{"event_date"}, s.PartitionBy()); diff != "" {
		t.Error(diff)
	}
	if diff := cmp.Diff(map[string]string{"delta.appendOnly": "true", "team": "orders"}, s.TableProperties()); diff != "" {
		t.Error(diff)
	}
	if !s.MergeSchema() {
		t.Error("merge_schema not set")
	}
	if r, _ := b.Sink("rejected_order_events"); r.PartitionBy() != nil || r.TableProperties() != nil || r.MergeSchema() {
		t.Errorf("rejected_order_events has a layout: %v %v", r.PartitionBy(), r.TableProperties())
	}
}
