// Package partitionedsink is the pyspark golden and live case of a Delta
// sink's table layout, the silver pattern of seed 004: the rate source's
// ticks, tagged with the UTC date of their timestamp, appended to a table
// partitioned by that date, created with table properties, its schema
// allowed to grow (merge_schema). ../partitioned_sink_v2 is the next
// version, with one column more. ir.json is its IR (`etlgen ir`, checked
// by TestCaseIRs; rewrite it with -update).
package partitionedsink

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
)

// Tick is one row of the rate source: exactly its columns (ETL-P346).
// +etl:contract id=rate-tick version=1.0.0 owner=etlgen-tests domain=tests status=active
type Tick struct {
	// Timestamp is when the rate source generated the row.
	Timestamp time.Time `json:"timestamp" contract:"eventtime"`
	// Value counts the rows from 0.
	Value int64 `json:"value"`
}

// DatedTick is a tick with the date it was generated on, the partition
// column of its table.
// +etl:contract id=dated-tick version=1.0.0 owner=etlgen-tests domain=tests status=active
type DatedTick struct {
	// Timestamp is when the rate source generated the row.
	Timestamp time.Time `json:"timestamp"`
	// Value counts the rows from 0.
	Value int64 `json:"value"`
	// EventDate is the UTC date of Timestamp.
	EventDate contracts.Date `json:"event_date"`
}
