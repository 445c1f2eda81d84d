// Package case109 is a contract loader test case: two contracts with one id.
package case109

// First is the first event.
// +etl:contract id=event version=1.0.0
type First struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Second reuses the id of First.
// +etl:contract id=event version=2.0.0
type Second struct {
	// ID identifies the event.
	ID string `json:"id"`
}
