// Package case124 is a contract loader test case: event-time fields that are not required timestamps.
package case124

import (
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// At is a string.
	At string `json:"at" contract:"eventtime"`
}

// Optional is an event with an optional event time.
// +etl:contract id=optional version=1.0.0
type Optional struct {
	// At may be missing.
	At *time.Time `json:"at" contract:"eventtime"`
}
