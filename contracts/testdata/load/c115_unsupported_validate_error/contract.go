// Package case115 is a contract loader test case: validator tags outside the supported vocabulary.
package case115

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// Phone is a phone number.
	Phone string `json:"phone" validate:"e164"`
	// Tags are labels.
	Tags []string `json:"tags" validate:"dive,required"`
	// Other is compared with a sibling field.
	Other int64 `json:"other" validate:"gtfield=Tags"`
}
