// Package case128 is a contract loader test case: an unknown classification.
package case128

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// Email is an e-mail address.
	Email string `json:"email" contract:"classification=secret,pii"`
}
