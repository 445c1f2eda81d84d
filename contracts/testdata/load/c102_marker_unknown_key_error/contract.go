// Package case102 is a contract loader test case: an unknown marker key.
package case102

// Event is an event.
// +etl:contract id=event version=1.0.0 team=orders
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
}
