// Package case104 is a contract loader test case: contract ids that are not kebab case.
package case104

// Camel has a camel-case id.
// +etl:contract id=OrderEvent version=1.0.0
type Camel struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Snake has a snake-case id.
// +etl:contract id=order_event version=1.0.0
type Snake struct {
	// ID identifies the event.
	ID string `json:"id"`
}
