// Package case108 is a contract loader test case: bad max_payload values.
package case108

// Negative has a negative limit.
// +etl:contract id=negative version=1.0.0 max_payload=-1
type Negative struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Units has a limit with a unit.
// +etl:contract id=units version=1.0.0 max_payload=1MiB
type Units struct {
	// ID identifies the event.
	ID string `json:"id"`
}
