// Package case130 is a contract loader test case: a marker on a type that is not a struct.
package case130

// Status is a payment status.
// +etl:contract id=status version=1.0.0
type Status string

// Pair is generic.
// +etl:contract id=pair version=1.0.0
type Pair[T any] struct {
	// A is the first value.
	A T `json:"a"`
}
