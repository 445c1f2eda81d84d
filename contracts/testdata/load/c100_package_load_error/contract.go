// Package case100 is a contract loader test case: a directory with two package names.
package case100

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
}
