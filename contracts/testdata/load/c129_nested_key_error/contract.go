// Package case129 is a contract loader test case: keys inside an anonymous nested struct.
package case129

import (
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// Inner is an anonymous struct.
	Inner struct {
		// ID is marked as a key.
		ID string `json:"id" contract:"pk,unique"`
		// At is marked as event time.
		At time.Time `json:"at" contract:"eventtime"`
	} `json:"inner"`
}
