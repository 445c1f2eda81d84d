package regex

// class reads a character class [...] or [^...]. Java reads a nested [
// as a union and && as an intersection, Go both literally; both are
// refused, as is anything but single characters, ranges and the class
// escapes.
func (p *parser) class() error {
	at := p.pos
	p.pos++
	p.out.WriteByte('[')
	if p.more() && p.peek() == '^' {
		p.pos++
		p.out.WriteByte('^')
	}
	if p.more() && p.peek() == ']' {
		return p.fail(p.pos, "a ] first in a class (Java and Go read it differently)", `escape it as \]`)
	}
	first := p.pos
	for p.more() && p.peek() != ']' {
		if err := p.classItem(first); err != nil {
			return err
		}
	}
	if !p.more() {
		return p.fail(at, "a class without its ]", `close the class, or escape a literal bracket as \[`)
	}
	p.pos++
	p.out.WriteByte(']')
	return nil
}

// classItem reads one character, range or class escape of a class whose
// items start at first.
func (p *parser) classItem(first int) error {
	at := p.pos
	switch {
	case p.has("[:"):
		return p.fail(at, "a POSIX class [:name:] (Java reads it as a nested class)", "list the ranges, e.g. [A-Za-z] for [:alpha:]")
	case p.has("["):
		return p.fail(at, "a [ inside a class (Java reads it as a nested class)", `escape it as \[`)
	case p.has("&&"):
		return p.fail(at, "&& inside a class (Java reads it as an intersection)", `escape it as \&`)
	case p.has("-") && (at == first || p.has("-]")):
		p.pos++
		p.out.WriteString(goChar('-'))
		return nil
	case p.has("-"):
		return p.fail(at, "a - that is neither a range nor first or last in the class", `escape it as \-`)
	case p.has(`\`) && p.pos+1 < len(p.src) && classEscapes[p.src[p.pos+1]][1] != "":
		p.out.WriteString(classEscapes[p.src[p.pos+1]][1])
		p.pos += 2
		if p.has("-") && !p.has("-]") {
			return p.fail(p.pos, "a range that starts at a class escape", `escape the - as \-`)
		}
		return nil
	}
	lo, err := p.classChar()
	if err != nil {
		return err
	}
	p.out.WriteString(goChar(lo))
	if !p.has("-") || p.has("-]") {
		return nil
	}
	p.pos++
	hiAt := p.pos
	if p.has(`\`) && p.pos+1 < len(p.src) && classEscapes[p.src[p.pos+1]][1] != "" {
		return p.fail(hiAt, "a range that ends at a class escape", `escape the - as \-`)
	}
	hi, err := p.classChar()
	if err != nil {
		return err
	}
	if hi < lo {
		return p.fail(at, "a range whose end is before its start", "write the smaller character first")
	}
	p.out.WriteString("-" + goChar(hi))
	return nil
}

// classChar reads one character inside a class.
func (p *parser) classChar() (rune, error) {
	switch {
	case p.has("["), p.has("&&"):
		return 0, p.fail(p.pos, "a [ or && as a range end (Java reads it as a class operator)", `escape it with \`)
	case p.has(`\`):
		if p.pos+1 >= len(p.src) {
			return 0, p.fail(p.pos, "a trailing backslash", `write \\ for a literal backslash`)
		}
		return p.escapedChar()
	}
	return p.char()
}
