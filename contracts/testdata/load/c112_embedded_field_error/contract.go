// Package case112 is a contract loader test case: an embedded struct.
package case112

// Base holds common fields.
type Base struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Event embeds Base.
// +etl:contract id=event version=1.0.0
type Event struct {
	Base
	// Name names the event.
	Name string `json:"name"`
}
