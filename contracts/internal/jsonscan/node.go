package jsonscan

// Kind is the JSON kind of a value on the tape.
type Kind uint8

// The JSON kinds.
const (
	Null Kind = iota + 1
	False
	True
	Number
	String
	Object
	Array
)

// String names the kind as JSON does.
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case False, True:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Object:
		return "object"
	case Array:
		return "array"
	}
	return "invalid"
}

// Flags describe a string or number token.
type Flags uint8

// The token flags.
const (
	// Escaped marks a string that contains a backslash escape.
	Escaped Flags = 1 << iota
	// Fraction marks a number written with a '.'.
	Fraction
	// Exponent marks a number written with an 'e' or 'E'.
	Exponent
)

// Node is one JSON value on the tape. An object's members follow it as
// key/value node pairs; an array's elements follow it in order.
type Node struct {
	// Start and End delimit the value's bytes; a string includes its quotes.
	Start, End int32
	// Next is the index of the node after this value's subtree.
	Next int32
	// Len is the number of members (object) or elements (array).
	Len   int32
	Kind  Kind
	Flags Flags
}

// Has reports whether every flag in f is set.
func (n Node) Has(f Flags) bool { return n.Flags&f == f }

// Bytes returns the value's raw bytes in data.
func (n Node) Bytes(data []byte) []byte { return data[n.Start:n.End] }

// Contents returns a string's raw bytes between its quotes (escapes not
// decoded).
func (n Node) Contents(data []byte) []byte { return data[n.Start+1 : n.End-1] }
