// Package case123 is a contract loader test case: two event-time fields.
package case123

import (
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// At is when it happened.
	At time.Time `json:"at" contract:"eventtime"`
	// Seen is when it was seen.
	Seen time.Time `json:"seen" contract:"eventtime"`
}
