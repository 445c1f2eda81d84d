// Package bad declares an invalid contract for the CLI tests.
package bad

// Bad has a oneof on a number and an unsupported type.
// +etl:contract id=bad version=1.0.0
type Bad struct {
	// Count is a number with an enum.
	Count int64 `json:"count" validate:"oneof=1 2"`
	// Ratio is a float32.
	Ratio float32 `json:"ratio"`
}
