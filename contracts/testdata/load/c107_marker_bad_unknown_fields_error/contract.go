// Package case107 is a contract loader test case: an unknown unknown_fields policy.
package case107

// Event is an event.
// +etl:contract id=event version=1.0.0 unknown_fields=drop
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
}
