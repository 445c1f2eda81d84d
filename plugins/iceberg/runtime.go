package iceberg

import _ "embed" // the runtime module

// runtimeModule is the Spark program's runtime module of the plugin
// (runtime/iceberg.py, shipped as etlgen_runtime/iceberg.py): imported by
// a program that writes an Iceberg table, it registers the iceberg sink
// kind — idempotent append and MERGE by the snapshot summary, the commit
// of a batch, the table's layout — with the runtime's registry
// (etlgen_runtime/sinks.py). Its tests, runtime/test_iceberg.py, run in
// make pytest.
//
//go:embed runtime/iceberg.py
var runtimeModule []byte
