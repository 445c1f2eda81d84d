// Package events declares the JSON event lines a generated PySpark program
// prints on stdout (etlgen_runtime.events.emit, the runtime package
// pyspark ships with every program) and parses them: each kind's payload
// type, declared once (eventKinds), decoded once (ParseEvent). The runner
// (sparkrun) and package run read the payloads; the runtime's unit tests
// check every line it emits against the same declaration
// (pyspark/runtime/tests/event_schema.json, written by TestEventSchemaFile
// -update).
package events
