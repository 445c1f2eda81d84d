// Package partitionedsinkv2 is version 2 of ../partitioned_sink: its
// sink contract gains a column (minute, optional), an additive change the
// table takes on its next append with merge_schema (TestLiveDeltaLayout).
package partitionedsinkv2

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
// +etl:contract id=dated-tick version=1.1.0 owner=etlgen-tests domain=tests status=active
type DatedTick struct {
	// Timestamp is when the rate source generated the row.
	Timestamp time.Time `json:"timestamp"`
	// Value counts the rows from 0.
	Value int64 `json:"value"`
	// EventDate is the UTC date of Timestamp.
	EventDate contracts.Date `json:"event_date"`
	// Minute is the minute of the hour of Timestamp, added in 1.1.0.
	Minute *int32 `json:"minute"`
}
