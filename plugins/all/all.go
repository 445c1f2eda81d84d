// Package all imports every plugin package, so that each registers its
// spec with the profile package and its parts with the engines
// (profile.RegisterDefault, pyspark.Register, localengine.Register).
//
// It is the one list of the plugins that live in their own folder,
// plugins/<name>: the top of the program imports it (cmd/etlgen through
// internal/cli, testkit, run, and the test packages that bind real
// profiles), never a package an engine or the planner depends on.
// TestEveryPluginFolderListed fails when a folder under plugins/ is not
// imported here.
package all

import (
	_ "github.com/etlgen/etlgen/plugins/delta"     // Delta Lake tables
	_ "github.com/etlgen/etlgen/plugins/deltacdf"  // a Delta table's Change Data Feed
	_ "github.com/etlgen/etlgen/plugins/filejson"  // JSON-lines files in a directory
	_ "github.com/etlgen/etlgen/plugins/iceberg"   // Iceberg tables (Spark engine)
	_ "github.com/etlgen/etlgen/plugins/kafkajson" // JSON records of Kafka topics
	_ "github.com/etlgen/etlgen/plugins/memory"    // in-process streams and tables for tests
	_ "github.com/etlgen/etlgen/plugins/rate"      // generated rows
)
