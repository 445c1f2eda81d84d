package profile

import (
	"regexp"
	"strconv"
	"strings"
)

// icebergWriteModes are the write modes of the iceberg plugin. Iceberg has
// no txnAppId: each write records the writer's identity and batch id in
// its snapshot summary, and a batch id a snapshot already records is
// skipped.
var icebergWriteModes = []WriteMode{
	{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend}, Delivery: &SinkGuarantee{
		Name: "idempotent Iceberg append", Level: EffectivelyExactlyOnce, Requirements: []string{
			"each batch's snapshot records etlgen.app_id (a stable id of the checkpoint identity) and etlgen.batch_id in its summary; a batch id a snapshot of the table already records is skipped; a new checkpoint re-appends",
			"one writer per checkpoint: the check and the commit are two steps, not one transaction",
		}}},
	{Name: WriteMerge, Role: RoleMergeSink, OutputModes: []string{OutputAppend, OutputUpdate, OutputComplete}, Delivery: &SinkGuarantee{
		Name: "idempotent Iceberg MERGE", Level: EffectivelyExactlyOnce, Requirements: []string{
			"each batch's MERGE snapshot records etlgen.app_id and etlgen.batch_id in its summary; a batch id a snapshot of the table already records is skipped",
			"one writer per checkpoint: the check and the commit are two steps, not one transaction",
		}}},
}

// The options of the iceberg plugin that name its table.
const (
	IcebergCatalogOption   = "catalog"
	IcebergWarehouseOption = "warehouse"
	// IcebergDefaultCatalog is the catalog name when the asset sets none.
	IcebergDefaultCatalog = "iceberg"
)

// iceberg is the iceberg plugin: an Apache Iceberg table in a Hadoop
// catalog whose warehouse is a path (the stack's S3 store), written by
// foreachBatch (DataFrameWriterV2 append, or MERGE INTO).
func iceberg() Plugin {
	return Plugin{
		Name:        PluginIceberg,
		Display:     "Iceberg",
		SparkFormat: "iceberg",
		Summary: "An Apache Iceberg table in a Hadoop catalog (warehouse on S3 or a file system): foreachBatch append or MERGE, " +
			"idempotent per batch id through the snapshot summary. Spark engine only.",
		Roles:        []Role{RoleAppendSink, RoleMergeSink},
		Engines:      []string{EnginePySpark},
		ResourceKind: "s3",
		Store:        StoreTable,
		Server:       &ServerFacts{Format: "iceberg", Place: PlaceWarehouse},
		bindSpark:    icebergCatalogs,
		Options: []Option{
			{Name: IcebergCatalogOption, Type: TypeString, Default: IcebergDefaultCatalog, Check: checkIcebergCatalog,
				Description: "Name of the Spark catalog (spark.sql.catalog.<name>, a Hadoop catalog) the generated program configures in its session; assets of one catalog share its warehouse."},
			{Name: IcebergWarehouseOption, Type: TypePath, Required: true,
				Description: "Warehouse of the Hadoop catalog, e.g. s3a://warehouse/iceberg; a table lives at <warehouse>/<namespace>/<table>."},
			{Name: "table", Type: TypeString, Required: true, Check: checkIcebergTable,
				Description: "Namespace and table in the catalog, e.g. curated.customer_order_windows (created from the loaded contract when absent)."},
			{Name: "write_mode", Type: TypeString, Default: WriteAppend, Enum: []string{WriteAppend, WriteMerge},
				Description: "append: foreachBatch append (writeTo(...).append()); foreach-batch-merge: MERGE INTO each micro-batch on merge_keys. Both idempotent per batch id."},
			{Name: "merge_keys", Type: TypeStringList, OnlyWith: &Condition{Name: "write_mode", Value: WriteMerge},
				Description: "Columns the MERGE matches on; the primary-key columns of the loaded contract. Default: the contract's primary key."},
			PartitionBySpec,
			icebergPropertiesOption,
			OutputModeSpec(icebergWriteModes),
		},
		WriteModes: icebergWriteModes,
		Packages:   []string{icebergRuntimes["4.1"]},
		Identity:   icebergIdentity,
		Location:   IcebergLocation,
		SessionConf: func(a *Asset) map[string]string {
			return IcebergCatalogConf(icebergCatalog(a), a.Path(IcebergWarehouseOption))
		},
	}
}

// IcebergCatalogConf is the session conf that makes name a Hadoop catalog
// of Iceberg tables under warehouse.
func IcebergCatalogConf(name, warehouse string) map[string]string {
	key := "spark.sql.catalog." + name
	return map[string]string{key: "org.apache.iceberg.spark.SparkCatalog", key + ".type": "hadoop", key + ".warehouse": warehouse}
}

func icebergCatalog(a *Asset) string {
	if c := a.String(IcebergCatalogOption); c != "" {
		return c
	}
	return IcebergDefaultCatalog
}

// icebergIdentity is the table's name in Spark: catalog.namespace.table.
func icebergIdentity(a *Asset) string { return icebergCatalog(a) + "." + a.String("table") }

// IcebergLocation returns the directory of an iceberg asset's table.
func IcebergLocation(a *Asset) string {
	return IcebergTableDir(a.Path(IcebergWarehouseOption), a.String("table"))
}

// IcebergTableDir is where a Hadoop catalog keeps table (namespace.table)
// of warehouse: the namespace and table as directories under it.
func IcebergTableDir(warehouse, table string) string {
	return strings.TrimSuffix(warehouse, "/") + "/" + strings.ReplaceAll(table, ".", "/")
}

var catalogName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func checkIcebergCatalog(v Value) error {
	name := v.Text()
	switch {
	case strings.EqualFold(name, "spark_catalog"):
		return &checkError{Code: CodeIcebergCatalog, Message: "catalog spark_catalog is the session catalog (Delta's on the stack), not an Iceberg catalog",
			Hint: "name another catalog, e.g. " + IcebergDefaultCatalog}
	case !catalogName.MatchString(name):
		return &checkError{Code: CodeIcebergCatalog, Message: "the catalog name is not a plain identifier",
			Hint: "use letters, digits and underscores, starting with a letter, e.g. " + IcebergDefaultCatalog}
	}
	return nil
}

func checkIcebergTable(v Value) error {
	parts := strings.Split(v.Text(), ".")
	for _, p := range parts {
		if strings.TrimSpace(p) == "" || strings.ContainsAny(p, "`/ ") {
			parts = nil
			break
		}
	}
	if len(parts) < 2 {
		return &checkError{Code: CodeIcebergTable, Message: "the table is not namespace.table (two or more dot-separated names, no space, slash or backquote)",
			Hint: "write the namespace and the table name, dot-separated, without the catalog, e.g. curated.order_windows"}
	}
	return nil
}

var icebergPropertiesOption = Option{Name: TablePropertiesOption, Type: TypeStringMap, OnlyRoles: sinkRoles, Check: checkIcebergProperties,
	Description: "Table properties the table is created with (TBLPROPERTIES), e.g. format-version: \"2\" or " +
		"write.parquet.compression-codec: zstd; no delta.* key. A table that exists without one of them (or with another value) fails the query at start, before it writes."}

// checkIcebergProperties checks table_properties of an iceberg asset:
// the keys Spark reserves, no environment reference, no Delta property.
func checkIcebergProperties(v Value) error {
	for _, k := range sortedKeys(v.Map) {
		if strings.HasPrefix(strings.ToLower(k), "delta.") {
			return &checkError{Code: CodeTableProperty, Path: k, Message: "key " + strconv.Quote(k) + " is a Delta table property, and the table is an Iceberg table",
				Hint: "remove it, or bind the asset to the delta plugin"}
		}
		if err := checkTableProperty(k, v.Map[k]); err != nil {
			err.Path = k
			return err
		}
	}
	return nil
}

// icebergRuntimes are Iceberg's Spark runtimes the stack's Maven mirror
// serves, by Spark line (scripts/versions.env: ICEBERG_ARTIFACT); there is
// none for Spark 4.2.
var icebergRuntimes = map[string]string{"4.1": "org.apache.iceberg:iceberg-spark-runtime-4.1_2.13"}

// IcebergRuntime returns the Maven coordinates (group:artifact) of
// Iceberg's Spark runtime for a Spark line such as "4.1"; false when none
// is served for it.
func IcebergRuntime(line string) (string, bool) {
	r, ok := icebergRuntimes[line]
	return r, ok
}

// CheckIcebergSparkLine refuses an iceberg asset on a profile whose Spark
// line has no Iceberg runtime (ETL-P361), as the binder does for each
// iceberg asset (bind_checks.go); nil when the line has one.
func CheckIcebergSparkLine(line string) error {
	if _, ok := IcebergRuntime(line); ok {
		return nil
	}
	lines := sortedKeys(icebergRuntimes)
	return &checkError{Code: CodeIcebergSparkLine, Message: "no Iceberg Spark runtime is served for Spark " + line,
		Hint: "target Spark " + commaList(lines) + " for this profile, or bind the asset to the delta plugin"}
}
