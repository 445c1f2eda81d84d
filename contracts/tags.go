package contracts

import (
	"fmt"
	"strconv"
	"strings"
)

// tagItem is one entry of a contract tag, a validate tag or a marker line:
// `key`, `key=value` or `key(arg,arg)`.
type tagItem struct {
	Key      string
	Args     []string // inside parentheses
	HasArgs  bool     // the item had parentheses, even empty ones
	Value    string   // after '='
	HasValue bool     // the item had '=', even with an empty value
}

// String renders the item in the syntax parseItems reads.
func (it tagItem) String() string {
	s := it.Key
	if it.HasArgs {
		s += "(" + strings.Join(it.Args, ",") + ")"
	}
	if it.HasValue {
		s += "=" + it.Value
	}
	return s
}

// itemSyntax says how one kind of list is written.
type itemSyntax struct {
	// sep separates items: ',' for tags, ' ' for marker lines (any run of
	// blanks).
	sep byte
	// quoted allows "double quoted" values, unquoted with strconv.Unquote.
	quoted bool
}

var (
	tagSyntax    = itemSyntax{sep: ','}
	markerSyntax = itemSyntax{sep: ' ', quoted: true}
)

// parseItems splits s into items. The grammar, with sep the separator:
//
//	list  = item { sep item }
//	item  = key [ "(" arg { "," arg } ")" ] [ "=" value ]
//	key   = letter { letter | digit | "_" }
//	arg   = any bytes but "," and ")"
//	value = any bytes but sep (or a Go "quoted string" when allowed)
//
// It never panics; the error names the byte offset of the problem.
func parseItems(s string, syn itemSyntax) ([]tagItem, error) {
	p := itemParser{s: s, syn: syn}
	return p.list()
}

type itemParser struct {
	s   string
	i   int
	syn itemSyntax
}

func (p *itemParser) errorf(format string, args ...any) error {
	return fmt.Errorf("at offset %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *itemParser) list() ([]tagItem, error) {
	var items []tagItem
	p.skipBlanks()
	if p.i == len(p.s) {
		return nil, nil
	}
	for {
		it, err := p.item()
		if err != nil {
			return items, err
		}
		items = append(items, it)
		if !p.separator() {
			return items, nil
		}
	}
}

// separator consumes one separator and reports whether another item follows.
func (p *itemParser) separator() bool {
	if p.syn.sep == ' ' {
		p.skipBlanks()
		return p.i < len(p.s)
	}
	if p.i < len(p.s) && p.s[p.i] == p.syn.sep {
		p.i++
		return true
	}
	return false
}

func (p *itemParser) skipBlanks() {
	if p.syn.sep != ' ' {
		return
	}
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *itemParser) item() (tagItem, error) {
	var it tagItem
	key, err := p.key()
	if err != nil {
		return it, err
	}
	it.Key = key
	if p.peek('(') {
		if it.Args, err = p.args(); err != nil {
			return it, err
		}
		it.HasArgs = true
	}
	if p.peek('=') {
		p.i++
		if it.Value, err = p.value(); err != nil {
			return it, err
		}
		it.HasValue = true
	}
	if p.i < len(p.s) && !p.atSep() {
		return it, p.errorf("unexpected %q after %q", p.s[p.i], it.String())
	}
	return it, nil
}

func (p *itemParser) peek(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *itemParser) atSep() bool {
	c := p.s[p.i]
	if p.syn.sep == ' ' {
		return c == ' ' || c == '\t'
	}
	return c == p.syn.sep
}

func (p *itemParser) key() (string, error) {
	start := p.i
	for p.i < len(p.s) && isKeyByte(p.s[p.i], p.i == start) {
		p.i++
	}
	if p.i == start {
		if p.i == len(p.s) {
			return "", p.errorf("missing key at end of input")
		}
		return "", p.errorf("expected a key, found %q", p.s[p.i])
	}
	return p.s[start:p.i], nil
}

func isKeyByte(c byte, first bool) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		return true
	case c >= '0' && c <= '9':
		return !first
	}
	return false
}

func (p *itemParser) args() ([]string, error) {
	p.i++ // '('
	end := strings.IndexByte(p.s[p.i:], ')')
	if end < 0 {
		return nil, p.errorf("missing ')'")
	}
	inner := p.s[p.i : p.i+end]
	p.i += end + 1
	if strings.TrimSpace(inner) == "" {
		return nil, nil
	}
	args := strings.Split(inner, ",")
	for i := range args {
		args[i] = strings.TrimSpace(args[i])
	}
	return args, nil
}

func (p *itemParser) value() (string, error) {
	if p.syn.quoted && p.peek('"') {
		return p.quotedValue()
	}
	start := p.i
	for p.i < len(p.s) && !p.atSep() {
		p.i++
	}
	return p.s[start:p.i], nil
}

func (p *itemParser) quotedValue() (string, error) {
	q, err := strconv.QuotedPrefix(p.s[p.i:])
	if err != nil {
		return "", p.errorf("bad quoted value: %v", err)
	}
	p.i += len(q)
	v, err := strconv.Unquote(q)
	if err != nil {
		return "", p.errorf("bad quoted value: %v", err)
	}
	return v, nil
}
