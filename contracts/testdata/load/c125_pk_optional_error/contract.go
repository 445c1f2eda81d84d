// Package case125 is a contract loader test case: a primary key on an optional field.
package case125

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID may be missing.
	ID *string `json:"id" contract:"pk"`
}
