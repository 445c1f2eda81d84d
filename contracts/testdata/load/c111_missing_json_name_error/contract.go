// Package case111 is a contract loader test case: fields without a json name.
package case111

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// NoTag has no json tag.
	NoTag string
	// OnlyOptions has a json tag without a name.
	OnlyOptions string `json:",omitempty"`
	// Skipped is not part of the contract.
	Skipped    string `json:"-"`
	unexported string
}

var _ = Event{}.unexported
