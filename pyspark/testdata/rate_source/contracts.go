// Package ratesource is the pyspark golden and live case of Spark's rate
// source: generated typed rows (timestamp, value), no payload validation,
// tagged by a stateless step with their minute and appended to a Delta table. ir.json is its
// IR (`etlgen ir`, checked by TestCaseIRs; rewrite it with -update).
package ratesource

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import "time"

// Tick is one row of the rate source: exactly its columns (ETL-P346).
// +etl:contract id=rate-tick version=1.0.0 owner=etlgen-tests domain=tests status=active
type Tick struct {
	// Timestamp is when the rate source generated the row.
	Timestamp time.Time `json:"timestamp" contract:"eventtime"`
	// Value counts the rows from 0.
	Value int64 `json:"value"`
}

// TaggedTick is a tick with the minute of the hour it was generated in.
// +etl:contract id=tagged-tick version=1.0.0 owner=etlgen-tests domain=tests status=active
type TaggedTick struct {
	// Timestamp is when the rate source generated the row.
	Timestamp time.Time `json:"timestamp"`
	// Value counts the rows from 0.
	Value int64 `json:"value"`
	// Minute is the minute of the hour of Timestamp.
	Minute int32 `json:"minute"`
}
