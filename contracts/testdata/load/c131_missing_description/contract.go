// Package case131 is a contract loader test case: warnings for missing doc comments (not errors).
package case131

// +etl:contract id=event version=1.0.0
type Event struct {
	ID string `json:"id"`
	// Name names the event.
	Name string `json:"name"`
	Tag  string `json:"tag"` // Tag is documented by a line comment.
}
