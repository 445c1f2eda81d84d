// Package case127dep is a contract loader test case: a dependency that does
// not compile. The field whose type it declares resolves (the dependency is
// type-checked from source, as go/packages does); the field whose type is
// undefined does not.
package case127dep

import "github.com/etlgen/etlgen/contracts/testdata/load/c127_broken_dependency_error/dep"

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// ID identifies the event.
	ID string `json:"id"`
	// Amount is declared by the broken dependency.
	Amount dep.Amount `json:"amount"`
	// Payload has an undefined type.
	Payload Undefined `json:"payload"`
}
