// Package case106 is a contract loader test case: an unknown status.
package case106

// Event is an event.
// +etl:contract id=event version=1.0.0 status=live
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
}
