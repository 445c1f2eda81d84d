package jsonscan

import (
	"fmt"
	"math"
)

// The parser limits of docs/validation.md, Jackson's defaults as Spark
// applies them, so that Spark and Go agree.
const (
	// DefaultMaxDepth is the deepest nesting of objects and arrays Parse
	// accepts when Parser.MaxDepth is zero (Jackson's 1000 minus the array
	// the Spark check wraps the payload in).
	DefaultMaxDepth = 999
	// MaxNumberLength is Jackson's StreamReadConstraints.maxNumberLength:
	// the most digits a number literal may have, counted as numberLength
	// counts them.
	MaxNumberLength = 1000
	// MaxNameLength is the longest member name, in UTF-16 code units.
	MaxNameLength = 50000
)

// SyntaxError says why a payload is not one well-formed JSON value.
type SyntaxError struct {
	// Offset is the byte offset where the problem was found.
	Offset int
	// Msg describes the problem in lower case.
	Msg string
}

// Error renders the message with its offset.
func (e *SyntaxError) Error() string { return fmt.Sprintf("%s at offset %d", e.Msg, e.Offset) }

// Parser parses payloads onto a reusable tape. The zero value is ready to
// use; a Parser is not safe for concurrent use.
type Parser struct {
	// Tape holds the nodes of the last parsed payload; Tape[0] is its root.
	Tape []Node
	// MaxDepth bounds the nesting of objects and arrays; 0 means
	// DefaultMaxDepth.
	MaxDepth int

	data []byte
	pos  int
	n    int         // nodes on the tape: Tape[:n] during a parse
	keys []memberKey // stack of the member names of the objects being parsed
	dup  dupChecker
}

// Parse checks that data is exactly one JSON value, with optional
// whitespace around it, and fills p.Tape. data must be valid UTF-8.
func (p *Parser) Parse(data []byte) error {
	p.Tape, p.keys, p.data, p.pos, p.n = p.Tape[:cap(p.Tape)], p.keys[:0], data, 0, 0
	defer func() { p.Tape = p.Tape[:p.n] }()
	if len(data) > math.MaxInt32 {
		return p.fail("payload too large to scan")
	}
	p.skipSpace()
	if p.pos == len(data) {
		return p.fail("empty payload")
	}
	if err := p.value(1); err != nil {
		return err
	}
	p.skipSpace()
	if p.pos != len(data) {
		return p.fail("unexpected data after the JSON value")
	}
	return nil
}

func (p *Parser) fail(msg string) error { return &SyntaxError{Offset: p.pos, Msg: msg} }

func (p *Parser) failf(format string, args ...any) error {
	return &SyntaxError{Offset: p.pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *Parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value parses one value starting at p.pos (whitespace already skipped).
func (p *Parser) value(depth int) error {
	if p.pos >= len(p.data) {
		return p.fail("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == 't':
		return p.literal("true", True)
	case c == 'f':
		return p.literal("false", False)
	case c == 'n':
		return p.literal("null", Null)
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	default:
		return p.failf("unexpected character %q", rune(c))
	}
}

// push adds a node for a value starting at p.pos and returns its index.
// During a parse Tape is kept at its full capacity and p.n counts the
// nodes, which saves a slice-header store per node.
func (p *Parser) push(k Kind) int {
	if p.n == len(p.Tape) {
		p.grow()
	}
	p.Tape[p.n] = Node{Start: int32(p.pos), Kind: k}
	p.n++
	return p.n - 1
}

func (p *Parser) grow() {
	t := make([]Node, max(64, 2*len(p.Tape)))
	copy(t, p.Tape)
	p.Tape = t
}

// finish closes node i at p.pos.
func (p *Parser) finish(i int) {
	p.Tape[i].End = int32(p.pos)
	p.Tape[i].Next = int32(p.n)
}

func (p *Parser) literal(word string, k Kind) error {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return p.fail("invalid literal")
	}
	i := p.push(k)
	p.pos += len(word)
	p.finish(i)
	return nil
}

func (p *Parser) depthCheck(depth int) error {
	limit := p.MaxDepth
	if limit <= 0 {
		limit = DefaultMaxDepth
	}
	if depth > limit {
		return p.failf("nesting deeper than %d levels", limit)
	}
	return nil
}
