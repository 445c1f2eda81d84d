// Package stalegenerated is a contract loader test case: a package whose generated file is stale and whose other files need it.
package stalegenerated

import (
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
	// At is when it happened.
	At time.Time `json:"at" contract:"eventtime"`
}
