// Package case126 is a contract loader test case: duplicate and missing key positions.
package case126

// Dup has two fields at position 1.
// +etl:contract id=dup version=1.0.0
type Dup struct {
	// A is the key.
	A string `json:"a" contract:"pk=1"`
	// B is the key too.
	B string `json:"b" contract:"pk=1"`
}

// Gap has no position 2.
// +etl:contract id=gap version=1.0.0
type Gap struct {
	// A is the first key column.
	A string `json:"a" contract:"pk=1"`
	// C is the third key column.
	C string `json:"c" contract:"pk=3"`
}

// Mixed has a bare pk that lands on an explicit position.
// +etl:contract id=mixed version=1.0.0
type Mixed struct {
	// A is at position 2.
	A string `json:"a" contract:"pk=2"`
	// B is the second key field, so position 2 as well.
	B string `json:"b" contract:"pk"`
}
