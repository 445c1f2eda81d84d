package profile

import "slices"

// SinkStore says what a sink's outputs are to etlgen's own commands.
type SinkStore string

// The stores of sink plugins.
const (
	// StoreNone: nothing etlgen reads back or deletes (a Kafka topic, a
	// test's memory table).
	StoreNone SinkStore = ""
	// StoreFiles: JSON-lines part files and a sink log in the asset's
	// path: `etlgen show` reads the committed files, `run --fresh` on the
	// local engine deletes the files a checkpoint wrote, and a local run's
	// report goes next to the first such sink.
	StoreFiles SinkStore = "files"
	// StoreTable: a table (Delta, Iceberg) whose rows and commits outlive
	// the checkpoint: `etlgen show` reads it through the Spark session, and
	// `run --fresh` on Spark names it among what to delete by hand.
	StoreTable SinkStore = "table"
)

// ServerFacts say how an asset of a plugin is placed as a server of an
// ODCS contract.
type ServerFacts struct {
	// Format is the data format the asset stores (json, delta, iceberg).
	Format string
	// Place says which options locate it.
	Place ServerPlace
	// Table places an asset of PlaceWarehouse from its options (those of
	// the redacted profile, a secret or an environment reference read as
	// ""): its table's directory, its catalog and its catalog-qualified
	// name; ok false when the options do not place it.
	Table func(options map[string]string) (dir, catalog, name string, ok bool)
}

// ServerPlace names the options that locate an asset as an ODCS server.
type ServerPlace string

// The ways of placing an asset as an ODCS server.
const (
	// PlaceBroker: a Kafka server, the resource's bootstrap servers, and
	// the plugin's Subscription options (topic, pattern, partitions) as
	// custom properties.
	PlaceBroker ServerPlace = "broker"
	// PlacePath: the asset's `path` (an s3 or a local server) or its
	// catalog `table` (a custom server).
	PlacePath ServerPlace = "path"
	// PlaceWarehouse: a table of a catalog (Iceberg's Hadoop catalog), by
	// its directory under the warehouse, with its catalog and table
	// (ServerFacts.Table).
	PlaceWarehouse ServerPlace = "warehouse"
)

// InMemory reports whether the named engine keeps the plugin's tables in
// memory for one process (InMemoryOn).
func (p *Plugin) InMemory(engine string) bool { return slices.Contains(p.InMemoryOn, engine) }

// PartialMergeKeysSpec is the allow_partial_merge_keys option of the merge
// sinks (delta, memory): it lets a merge sink match on part of the loaded
// contract's primary key (ETL-P344 otherwise).
var PartialMergeKeysSpec = Option{Name: "allow_partial_merge_keys", Type: TypeBool,
	OnlyWith:    &Condition{Name: "write_mode", Value: WriteMerge},
	Description: "Allow merge_keys that cover only part of the primary key. Delta's MERGE then updates every target row of a key with one source row, inserts every source row of a new key, and fails the batch (DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE) when several source rows match one target row; both engines do the same."}
