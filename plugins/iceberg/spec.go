package iceberg

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// writeModes are the write modes of the iceberg plugin. Iceberg has no
// txnAppId: each write records the writer's identity and batch id in its
// snapshot summary, and a batch id a snapshot already records is skipped.
var writeModes = []profile.WriteMode{
	{Name: profile.WriteAppend, Role: profile.RoleAppendSink, OutputModes: []string{profile.OutputAppend}, Delivery: &profile.SinkGuarantee{
		Name: "idempotent Iceberg append", Level: profile.EffectivelyExactlyOnce, Requirements: []string{
			"each batch's snapshot records etlgen.app_id (a stable id of the checkpoint identity) and etlgen.batch_id in its summary; a batch id a snapshot of the table already records is skipped; a new checkpoint re-appends",
			"one writer per checkpoint: the check and the commit are two steps, not one transaction",
		}}},
	{Name: profile.WriteMerge, Role: profile.RoleMergeSink, OutputModes: []string{profile.OutputAppend, profile.OutputUpdate, profile.OutputComplete}, Delivery: &profile.SinkGuarantee{
		Name: "idempotent Iceberg MERGE", Level: profile.EffectivelyExactlyOnce, Requirements: []string{
			"each batch's MERGE snapshot records etlgen.app_id and etlgen.batch_id in its summary; a batch id a snapshot of the table already records is skipped",
			"one writer per checkpoint: the check and the commit are two steps, not one transaction",
		}}},
}

// The options of the iceberg plugin that name its table.
const (
	CatalogOption   = "catalog"
	WarehouseOption = "warehouse"
	TableOption     = "table"
	// DefaultCatalog is the catalog name when the asset sets none.
	DefaultCatalog = "iceberg"
)

// Spec is the iceberg plugin: an Apache Iceberg table in a Hadoop catalog
// whose warehouse is a path (the stack's S3 store), written by
// foreachBatch (DataFrameWriterV2 append, or MERGE INTO).
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:        Name,
		Display:     "Iceberg",
		SparkFormat: "iceberg",
		Summary: "An Apache Iceberg table in a Hadoop catalog (warehouse on S3 or a file system): foreachBatch append or MERGE, " +
			"idempotent per batch id through the snapshot summary. Spark engine only.",
		Roles:        []profile.Role{profile.RoleAppendSink, profile.RoleMergeSink},
		Engines:      []string{profile.EnginePySpark},
		ResourceKind: "s3",
		Store:        profile.StoreTable,
		Server:       &profile.ServerFacts{Format: "iceberg", Place: profile.PlaceWarehouse, Table: serverTable},
		BindSpark:    checkCatalogs,
		Options: []profile.Option{
			{Name: CatalogOption, Type: profile.TypeString, Default: DefaultCatalog, Check: checkCatalog,
				Description: "Name of the Spark catalog (spark.sql.catalog.<name>, a Hadoop catalog) the generated program configures in its session; assets of one catalog share its warehouse."},
			{Name: WarehouseOption, Type: profile.TypePath, Required: true,
				Description: "Warehouse of the Hadoop catalog, e.g. s3a://warehouse/iceberg; a table lives at <warehouse>/<namespace>/<table>."},
			{Name: TableOption, Type: profile.TypeString, Required: true, Check: checkTable,
				Description: "Namespace and table in the catalog, e.g. curated.customer_order_windows (created from the loaded contract when absent)."},
			{Name: profile.WriteModeOption, Type: profile.TypeString, Default: profile.WriteAppend, Enum: []string{profile.WriteAppend, profile.WriteMerge},
				Description: "append: foreachBatch append (writeTo(...).append()); foreach-batch-merge: MERGE INTO each micro-batch on merge_keys. Both idempotent per batch id."},
			{Name: "merge_keys", Type: profile.TypeStringList, OnlyWith: &profile.Condition{Name: profile.WriteModeOption, Value: profile.WriteMerge},
				Description: "Columns the MERGE matches on; the primary-key columns of the loaded contract. Default: the contract's primary key."},
			profile.PartitionBySpec,
			propertiesOption,
			profile.OutputModeSpec(writeModes),
		},
		WriteModes: writeModes,
		Packages:   []string{runtimes["4.1"]},
		Identity:   identity,
		Location:   Location,
		SessionConf: func(a *profile.Asset) map[string]string {
			return CatalogConf(catalog(a), a.Path(WarehouseOption))
		},
	}
}

// CatalogConf is the session conf that makes name a Hadoop catalog of
// Iceberg tables under warehouse.
func CatalogConf(name, warehouse string) map[string]string {
	key := "spark.sql.catalog." + name
	return map[string]string{key: "org.apache.iceberg.spark.SparkCatalog", key + ".type": "hadoop", key + ".warehouse": warehouse}
}

func catalog(a *profile.Asset) string {
	if c := a.String(CatalogOption); c != "" {
		return c
	}
	return DefaultCatalog
}

// identity is the table's name in Spark: catalog.namespace.table.
func identity(a *profile.Asset) string { return catalog(a) + "." + a.String(TableOption) }

// Location returns the directory of an iceberg asset's table.
func Location(a *profile.Asset) string {
	return TableDir(a.Path(WarehouseOption), a.String(TableOption))
}

// TableDir is where a Hadoop catalog keeps table (namespace.table) of
// warehouse: the namespace and table as directories under it.
func TableDir(warehouse, table string) string {
	return strings.TrimSuffix(warehouse, "/") + "/" + strings.ReplaceAll(table, ".", "/")
}

// serverTable places an asset as an ODCS server (ServerFacts.Table): its
// table's directory under the warehouse, its catalog (the default when
// unset) and catalog.namespace.table.
func serverTable(opts map[string]string) (dir, cat, name string, ok bool) {
	table, warehouse, cat := opts[TableOption], opts[WarehouseOption], opts[CatalogOption]
	if cat == "" {
		cat = DefaultCatalog
	}
	if table == "" || warehouse == "" {
		return "", "", "", false
	}
	return TableDir(warehouse, table), cat, cat + "." + table, true
}

var catalogName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func checkCatalog(v profile.Value) error {
	name := v.Text()
	switch {
	case strings.EqualFold(name, "spark_catalog"):
		return &profile.CheckError{Code: profile.CodeIcebergCatalog, Message: "catalog spark_catalog is the session catalog (Delta's on the stack), not an Iceberg catalog",
			Hint: "name another catalog, e.g. " + DefaultCatalog}
	case !catalogName.MatchString(name):
		return &profile.CheckError{Code: profile.CodeIcebergCatalog, Message: "the catalog name is not a plain identifier",
			Hint: "use letters, digits and underscores, starting with a letter, e.g. " + DefaultCatalog}
	}
	return nil
}

func checkTable(v profile.Value) error {
	parts := strings.Split(v.Text(), ".")
	for _, p := range parts {
		if strings.TrimSpace(p) == "" || strings.ContainsAny(p, "`/ ") {
			parts = nil
			break
		}
	}
	if len(parts) < 2 {
		return &profile.CheckError{Code: profile.CodeIcebergTable, Message: "the table is not namespace.table (two or more dot-separated names, no space, slash or backquote)",
			Hint: "write the namespace and the table name, dot-separated, without the catalog, e.g. curated.order_windows"}
	}
	return nil
}

var propertiesOption = profile.Option{Name: profile.TablePropertiesOption, Type: profile.TypeStringMap,
	OnlyRoles: []profile.Role{profile.RoleAppendSink, profile.RoleMergeSink}, Check: checkProperties,
	Description: "Table properties the table is created with (TBLPROPERTIES), e.g. format-version: \"2\" or " +
		"write.parquet.compression-codec: zstd; no delta.* key. A table that exists without one of them (or with another value) fails the query at start, before it writes."}

// checkProperties checks table_properties of an iceberg asset: the keys
// Spark reserves, no environment reference, no Delta property.
func checkProperties(v profile.Value) error {
	for _, k := range slices.Sorted(maps.Keys(v.Map)) {
		if strings.HasPrefix(strings.ToLower(k), "delta.") {
			return &profile.CheckError{Code: profile.CodeTableProperty, Path: k, Message: "key " + strconv.Quote(k) + " is a Delta table property, and the table is an Iceberg table",
				Hint: "remove it, or bind the asset to the delta plugin"}
		}
		if err := profile.CheckTableProperty(k, v.Map[k]); err != nil {
			err.(*profile.CheckError).Path = k
			return err
		}
	}
	return nil
}
