package jsonscan

import "fmt"

// object parses an object; its members go on the tape as key/value pairs.
func (p *Parser) object(depth int) error {
	if err := p.depthCheck(depth); err != nil {
		return err
	}
	i := p.push(Object)
	base := len(p.keys)
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.finish(i)
		return nil
	}
	var n int32
	for {
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return p.fail("expected a member name")
		}
		if err := p.str(); err != nil {
			return err
		}
		p.keys = append(p.keys, keyOf(p.data, p.n-1, p.Tape[p.n-1]))
		if key := p.Tape[p.n-1]; key.End-key.Start-2 > MaxNameLength {
			if err := p.nameLength(key); err != nil {
				return err
			}
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return p.fail("expected ':' after a member name")
		}
		p.pos++
		p.skipSpace()
		if err := p.value(depth + 1); err != nil {
			return err
		}
		n++
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.fail("unexpected end of input in an object")
		}
		if c := p.data[p.pos]; c == '}' {
			break
		} else if c != ',' {
			return p.fail("expected ',' or '}' in an object")
		}
		p.pos++
		p.skipSpace()
	}
	p.pos++
	p.finish(i)
	p.Tape[i].Len = n
	if at, name, dup := p.dup.find(p.data, p.Tape, p.keys[base:]); dup {
		return &SyntaxError{Offset: at, Msg: "duplicate member name " + quote(name)}
	}
	p.keys = p.keys[:base]
	return nil
}

// array parses an array; its elements follow it on the tape.
func (p *Parser) array(depth int) error {
	if err := p.depthCheck(depth); err != nil {
		return err
	}
	i := p.push(Array)
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.finish(i)
		return nil
	}
	var n int32
	for {
		if err := p.value(depth + 1); err != nil {
			return err
		}
		n++
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.fail("unexpected end of input in an array")
		}
		if c := p.data[p.pos]; c == ']' {
			break
		} else if c != ',' {
			return p.fail("expected ',' or ']' in an array")
		}
		p.pos++
		p.skipSpace()
	}
	p.pos++
	p.finish(i)
	p.Tape[i].Len = n
	return nil
}

// nameLength rejects a member name longer than MaxNameLength UTF-16 code
// units. A name never has more code units than raw bytes, so the caller
// calls it only for names of more than MaxNameLength bytes.
func (p *Parser) nameLength(n Node) error {
	name, _ := StringBytes(p.data, n, nil)
	units := 0
	for _, r := range string(name) {
		units++
		if r > 0xFFFF {
			units++
		}
	}
	if units > MaxNameLength {
		return &SyntaxError{Offset: int(n.Start), Msg: fmt.Sprintf("member name longer than %d characters", MaxNameLength)}
	}
	return nil
}
