// Package case114 is a contract loader test case: unknown contract tag keys.
package case114

import (
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id" contract:"primary"`
	// At is when it happened.
	At time.Time `json:"at" contract:"event_time"`
}
