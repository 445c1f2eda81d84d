package regex

import "regexp"

// groupName is a group name both engines accept (Java's rule).
var groupName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*`)

// refusedGroups are the (?... openings outside the subset, longest first.
var refusedGroups = []struct{ prefix, problem, hint string }{
	{"(?<=", "a lookbehind", "Go has no lookaround; match the text and extract a group instead"},
	{"(?<!", "a negative lookbehind", "Go has no lookaround; check the condition in a separate expression"},
	{"(?=", "a lookahead", "Go has no lookaround; match the text and extract a group instead"},
	{"(?!", "a negative lookahead", "Go has no lookaround; check the condition in a separate expression"},
	{"(?>", "an atomic group (Java only)", "use a plain group (?:...)"},
	{"(?P", "a (?P<name>...) group (Go and Python only)", "write (?<name>...)"},
	{"(?#", "a comment group (Java only)", "remove the comment"},
	{"(?i", "the (?i) flag (Java folds only ASCII case, Go all of Unicode)", "list both cases, e.g. [Aa]"},
	{"(?m", "the (?m) flag (Java and Go know different line terminators)", "match \\n explicitly"},
	{"(?U", "the (?U) flag (ungreedy in Go, Unicode classes in Java)", "use lazy quantifiers such as *?"},
	{"(?x", "the (?x) flag (Java only)", "remove spaces and comments from the pattern"},
}

// group reads a group: (...), (?:...), (?<name>...), (?s:...) or a leading
// (?s).
func (p *parser) group() (atom, error) {
	at := p.pos
	switch {
	case p.has("(?:"):
		p.pos += 3
		return p.body(at, "(?:", p.dotAll)
	case p.has("(?s:"):
		p.pos += 4
		return p.body(at, "(?:", true)
	case p.has("(?s)"):
		if at != 0 {
			return atom{}, p.fail(at, "(?s) not at the start of the pattern", "put (?s) first, or use a group (?s:...)")
		}
		p.pos += 4
		p.dotAll = true
		return atom{nullable: true, assertion: true}, nil
	case p.has("(?<") && groupName.MatchString(p.src[p.pos+3:]):
		return p.named(at)
	case p.has("(?"):
		return atom{}, p.refusedGroup(at)
	}
	p.pos++
	return p.body(at, "(", p.dotAll)
}

// named reads (?<name>...).
func (p *parser) named(at int) (atom, error) {
	name := groupName.FindString(p.src[at+3:])
	end := at + 3 + len(name)
	if end >= len(p.src) || p.src[end] != '>' {
		return atom{}, p.fail(end, "a group name that is not letters and digits", "name groups with a letter followed by letters and digits, e.g. (?<host>...)")
	}
	if p.names[name] {
		return atom{}, p.fail(at+3, "a group name used twice", "give each group its own name")
	}
	p.names[name] = true
	p.pos = end + 1
	return p.body(at, "(?P<"+name+">", p.dotAll)
}

// refusedGroup explains why a (?... opening is outside the subset.
func (p *parser) refusedGroup(at int) *Error {
	for _, g := range refusedGroups {
		if p.has(g.prefix) {
			return p.fail(at, g.problem, g.hint)
		}
	}
	if p.has("(?<") {
		return p.fail(at+3, "a group name that is not letters and digits", "name groups with a letter followed by letters and digits, e.g. (?<host>...)")
	}
	return p.fail(at, "an inline flag or group form outside the subset", "use (...), (?:...), (?<name>...), a leading (?s) or (?s:...)")
}

// body reads a group's alternation and its ')', writing open first and
// using dotAll inside.
func (p *parser) body(at int, open string, dotAll bool) (atom, error) {
	p.out.WriteString(open)
	saved := p.dotAll
	p.dotAll = dotAll
	nullable, err := p.alternation()
	p.dotAll = saved
	if err != nil {
		return atom{}, err
	}
	if !p.more() {
		return atom{}, p.fail(at, "a group without its )", `close the group, or escape a literal parenthesis as \(`)
	}
	p.pos++
	p.out.WriteByte(')')
	return atom{nullable: nullable}, nil
}
