package profile

import (
	"slices"
	"strings"
	"testing"
)

// TestIcebergBinding: an iceberg asset is an append or merge sink on the
// Spark engine, effectively exactly once, named catalog.namespace.table;
// the local engine refuses it (ETL-P332), a catalog name must be an
// identifier other than spark_catalog (ETL-P358), the table
// namespace.table (ETL-P359), one catalog has one warehouse (ETL-P360),
// no delta.* table property (ETL-P350), and no iceberg asset on a Spark
// line without an Iceberg runtime (ETL-P361).
func TestIcebergBinding(t *testing.T) {
	const ice = "{plugin: iceberg, warehouse: s3a://w/ice, table: curated.windows"
	tests := []struct {
		name, engine, windows, rejected string
		identity                        string
		sparkLine                       string
		want                            []string
	}{
		{name: "merge", engine: EnginePySpark, windows: ice + ", catalog: lake, write_mode: foreach-batch-merge}", identity: "lake.curated.windows"},
		{name: "append, default catalog", engine: EnginePySpark, windows: ice + ", partition_by: [customer_id], table_properties: {format-version: '2'}}",
			identity: "iceberg.curated.windows"},
		{name: "local engine", engine: EngineLocal, windows: ice + "}", want: []string{CodeEngineMismatch}},
		{name: "session catalog", engine: EnginePySpark, windows: ice + ", catalog: spark_catalog}", want: []string{CodeIcebergCatalog}},
		{name: "catalog not an identifier", engine: EnginePySpark, windows: ice + ", catalog: 'a-b'}", want: []string{CodeIcebergCatalog}},
		{name: "table without namespace", engine: EnginePySpark, windows: "{plugin: iceberg, warehouse: s3a://w/ice, table: windows}", want: []string{CodeIcebergTable}},
		{name: "delta property", engine: EnginePySpark, windows: ice + ", table_properties: {delta.appendOnly: 'true'}}", want: []string{CodeTableProperty}},
		{name: "one catalog, two warehouses", engine: EnginePySpark, windows: ice + "}",
			rejected: "{plugin: iceberg, warehouse: s3a://w/other, table: q.rejected}", want: []string{CodeIcebergWarehouse}},
		{name: "Spark 4.2 has no runtime", engine: EnginePySpark, windows: ice + "}", sparkLine: "4.2", want: []string{CodeIcebergSparkLine}},
		{name: "two catalogs", engine: EnginePySpark, windows: ice + "}",
			rejected: "{plugin: iceberg, catalog: other, warehouse: s3a://w/other, table: q.rejected}", identity: "iceberg.curated.windows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := icebergProfile(tc.engine, tc.windows, tc.rejected)
			if tc.sparkLine != "" {
				text = strings.Replace(text, `connect_url: "sc://h:1"}`, `connect_url: "sc://h:1", spark_version: "`+tc.sparkLine+`"}`, 1)
			}
			p, diags := Parse("t.yaml", []byte(text))
			var b *Binding
			if p != nil && len(diags) == 0 {
				b, diags = Bind(p, exampleDoc(), examplePipeline)
			}
			if got := sortedCodes(diags); !slices.Equal(got, tc.want) {
				t.Fatalf("codes = %v, want %v\n%s", got, tc.want, render(diags))
			}
			if tc.want != nil {
				return
			}
			s, _ := b.Sink("customer_order_windows")
			if got := s.Identity(); got != tc.identity {
				t.Errorf("identity = %q, want %q", got, tc.identity)
			}
			if g := s.WriteMode.Guarantee(s.Asset.Plugin.Name, tc.engine); g.Level != EffectivelyExactlyOnce {
				t.Errorf("guarantee = %+v, want effectively exactly once", g)
			}
		})
	}
}

func icebergProfile(engine, windows, rejected string) string {
	if rejected == "" {
		rejected = "{plugin: file-json, path: /tmp/r}"
	}
	events := "{plugin: memory}"
	if engine == EnginePySpark {
		events = "{plugin: kafka-json, resource: k, topic: e}"
	}
	return "name: t\nengine: " + engine + "\ntest: true\nexecution: {trigger: available-now, checkpoint_root: /tmp/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\nassets:\n" +
		"  order_events: " + events + "\n  rejected_order_events: " + rejected + "\n  late_order_events: {plugin: file-json, path: /tmp/l}\n" +
		"  customer_order_windows: " + windows + "\n"
}
