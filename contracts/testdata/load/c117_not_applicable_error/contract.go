// Package case117 is a contract loader test case: constraints on types they do not apply to.
package case117

import (
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A is a number with a oneof.
	A int64 `json:"a" validate:"oneof=1 2 3"`
	// B is a number with a format.
	B int64 `json:"b" validate:"email"`
	// C is a string compared as a number.
	C string `json:"c" validate:"gt=3"`
	// D is a number with a length.
	D int64 `json:"d" validate:"len=3"`
	// E is a bool with a minimum.
	E bool `json:"e" validate:"min=1"`
	// F is a timestamp compared as a number.
	F time.Time `json:"f" validate:"gt=0"`
	// G is a slice with a oneof.
	G []string `json:"g" validate:"oneof=a b"`
}
