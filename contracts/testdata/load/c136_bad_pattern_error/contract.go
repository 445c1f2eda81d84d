// Package case140 is a contract loader test case: pattern= expressions
// outside the subset where Java (Spark) and Go agree.
package case140

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A ends with $, which Java also matches before a final line terminator.
	A string `json:"a" validate:"pattern=^[a-z]+$"`
	// B uses a backreference.
	B string `json:"b" validate:"pattern=(a)\\1"`
	// C uses a lookahead.
	C string `json:"c" validate:"pattern=a(?=b)"`
	// D folds case.
	D string `json:"d" validate:"pattern=(?i)abc"`
	// E uses a word boundary.
	E string `json:"e" validate:"pattern=\\bword\\b"`
	// F has a POSIX class.
	F string `json:"f" validate:"pattern=[[:alpha:]]+"`
	// G has no pattern.
	G string `json:"g" validate:"pattern="`
	// H is not a string.
	H int64 `json:"h" validate:"pattern=^[0-9]+\\z"`
	// I uses | outside a pattern.
	I string `json:"i" validate:"required|email"`
}
