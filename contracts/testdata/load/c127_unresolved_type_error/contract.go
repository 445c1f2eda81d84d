// Package case127 is a contract loader test case: a field whose type does not compile.
package case127

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
	// Payload has an undefined type.
	Payload Undefined `json:"payload"`
}
