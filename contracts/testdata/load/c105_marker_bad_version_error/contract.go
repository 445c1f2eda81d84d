// Package case105 is a contract loader test case: versions that are not MAJOR.MINOR.PATCH.
package case105

// Short has a two-part version.
// +etl:contract id=short version=1.0
type Short struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Prefixed has a v-prefixed version.
// +etl:contract id=prefixed version=v1.0.0
type Prefixed struct {
	// ID identifies the event.
	ID string `json:"id"`
}
