// Package case119 is a contract loader test case: two fields with one column name.
package case119

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
	// Key also claims the id column.
	Key string `json:"id"`
}
