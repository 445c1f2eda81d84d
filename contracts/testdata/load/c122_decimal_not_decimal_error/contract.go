// Package case122 is a contract loader test case: decimal(p,s) on other types.
package case122

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// Amount is a float.
	Amount float64 `json:"amount" contract:"decimal(18,2)"`
	// Name is a string.
	Name string `json:"name" contract:"decimal(5,0)"`
}
