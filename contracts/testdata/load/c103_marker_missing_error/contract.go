// Package case103 is a contract loader test case: markers without id or version.
package case103

// NoVersion has no version.
// +etl:contract id=no-version
type NoVersion struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// NoID has no id.
// +etl:contract version=1.0.0
type NoID struct {
	// ID identifies the event.
	ID string `json:"id"`
}
