// Package patternfields is a contract loader test case: pattern= on string
// fields, with '|', an escaped comma (0x2C) and backslashes.
package patternfields

// Device is a device seen in a page view.
// +etl:contract id=device version=1.0.0
type Device struct {
	// Kind is mobile, desktop or tablet, lower case.
	Kind string `json:"kind" validate:"required,pattern=^(?:mobile|desktop|tablet)\\z"`
	// Model is two to four upper-case letters, a dash and digits.
	Model *string `json:"model" validate:"pattern=^[A-Z]{20x2C4}-\\d+\\z,max=32"`
	// Tags are free-form labels without spaces.
	Tags []string `json:"tags"`
}
