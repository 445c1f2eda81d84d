// Package case116 is a contract loader test case: bad constraint and key arguments.
package case116

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A is not compared with a number.
	A int64 `json:"a" validate:"gt=abc"`
	// B has a negative length.
	B string `json:"b" validate:"max=-1"`
	// C has key position 0.
	C int64 `json:"c" contract:"pk=0"`
	// D has an empty oneof.
	D string `json:"d" validate:"oneof="`
	// E gives email an argument.
	E string `json:"e" validate:"email=x"`
	// F has no prefix.
	F string `json:"f" validate:"startswith"`
	// G compares an integer with a fraction.
	G int64 `json:"g" validate:"gt=1.5"`
	// H compares an int32 with a number out of its range.
	H int32 `json:"h" validate:"lt=3000000000"`
	// I has an example without a value.
	I string `json:"i" contract:"example"`
	// J gives pii a value.
	J string `json:"j" contract:"pii=yes"`
}
