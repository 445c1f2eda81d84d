// Package case133 is a contract loader test case: two contract markers on one type.
package case133

// Event is an event.
// +etl:contract id=event version=1.0.0
// +etl:contract id=event-v2 version=2.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
}
