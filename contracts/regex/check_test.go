package regex

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckAccepts(t *testing.T) {
	cases := []struct{ pattern, goPattern string }{
		{``, ``},
		{`abc`, `abc`},
		{`^a+b*c?\z`, `\Aa+b*c?\z`},
		{`\Aa{2}b{1,}c{0,3}?\z`, `\Aa{2}b{1,}c{0,3}?\z`},
		{`a.b`, `a[^\n\r\x{85}\x{2028}\x{2029}]b`},
		{`(?s)a.b`, `a(?s:.)b`},
		{`(?s:.).`, `(?:(?s:.))[^\n\r\x{85}\x{2028}\x{2029}]`},
		{`\s\S[\s]`, `[[:space:]][[:^space:]][[:space:]]`},
		{`\d\w\D\W[\d\w]`, `\d\w\D\W[\d\w]`},
		{`(a|b)|`, `(a|b)|`},
		{`(?:ab)+(?<host>[a-z0-9.-]+)`, `(?:ab)+(?P<host>[a-z0-9\x{2E}\x{2D}]+)`},
		{`\.\*\+\?\(\)\[\]\{\}\|\^\$\\\/\-`, `\x{2E}\x{2A}\x{2B}\x{3F}\x{28}\x{29}\x{5B}\x{5D}\x{7B}\x{7D}\x{7C}\x{5E}\x{24}\x{5C}\x{2F}\x{2D}`},
		{`\t\n\r\f\a\x41\x{E9}\x{1F600}😀`, `\x{9}\x{A}\x{D}\x{C}\x{7}A\x{E9}\x{1F600}\x{1F600}`},
		{`[^a-z_-]`, `[^a-z\x{5F}\x{2D}]`},
		{`[-a]`, `[\x{2D}a]`},
		{`[é-ü😀]`, `[\x{E9}-\x{FC}\x{1F600}]`},
		{`(a*)?`, `(a*)?`},
		{`x{1000}`, `x{1000}`},
		{`a&b[&]`, `a\x{26}b[\x{26}]`},
		{`(?<a1>x)(?<b>y)`, `(?P<a1>x)(?P<b>y)`},
	}
	for _, c := range cases {
		t.Run(c.pattern, func(t *testing.T) {
			got, err := Translate(c.pattern)
			if err != nil {
				t.Fatalf("Translate(%q): %v", c.pattern, err)
			}
			if got != c.goPattern {
				t.Errorf("Translate(%q) = %q, want %q", c.pattern, got, c.goPattern)
			}
		})
	}
}

func TestCheckRefuses(t *testing.T) {
	cases := []struct {
		pattern string
		offset  int
		problem string
	}{
		{`abc$`, 3, "$"},
		{`(a)\1`, 3, "backreference"},
		{`(?<n>a)\k<n>`, 7, "backreference"},
		{`a(?=b)`, 1, "lookahead"},
		{`a(?!b)`, 1, "negative lookahead"},
		{`(?<=a)b`, 0, "lookbehind"},
		{`(?<!a)b`, 0, "negative lookbehind"},
		{`a*+`, 2, "possessive"},
		{`a{2}+`, 4, "possessive"},
		{`(?>a)`, 0, "atomic"},
		{`a\Z`, 1, `\Z`},
		{`\bword\b`, 0, `\b`},
		{`a\B`, 1, `\B`},
		{`[[:alpha:]]`, 1, "POSIX"},
		{`[a[b]]`, 2, "nested"},
		{`[a-z&&[^b]]`, 4, "intersection"},
		{`(?i)abc`, 0, "(?i)"},
		{`a(?i:b)`, 1, "(?i)"},
		{`(?m)^a`, 0, "(?m)"},
		{`(?U)a*`, 0, "(?U)"},
		{`(?x)a b`, 0, "(?x)"},
		{`a(?s)b`, 1, "(?s) not at the start"},
		{`(?-s)a`, 0, "inline flag"},
		{`a{,3}`, 1, "{"},
		{`a{1001}`, 1, "above 1000"},
		{`a{3,2}`, 1, "n > m"},
		{`a{x}`, 1, "{"},
		{`\Qa.b\E`, 0, `\Q`},
		{`\x{D800}`, 0, "scalar"},
		{`\x{110000}`, 0, "scalar"},
		{`\xZZ`, 0, "hex digits"},
		{`\u00e9`, 0, `\uXXXX`},
		{`\0101`, 0, "octal"},
		{`\p{L}`, 0, "property"},
		{`\P{Lu}`, 0, "property"},
		{`(?P<n>a)`, 0, "(?P<name>"},
		{`(?<1a>x)`, 3, "group name"},
		{`(?<a>x)(?<a>y)`, 10, "twice"},
		{`\v`, 0, `\v`},
		{`\e`, 0, `\e`},
		{`\h`, 0, `outside the subset`},
		{`\R`, 0, `outside the subset`},
		{`\é`, 0, `outside the subset`},
		{`(a*)*`, 4, "empty string"},
		{`(a|)+`, 4, "empty string"},
		{`(?:a?b?){2}`, 8, "empty string"},
		{`()*`, 2, "empty string"},
		{`^*`, 1, "assertion"},
		{`*a`, 0, "nothing to repeat"},
		{`a|?`, 2, "nothing to repeat"},
		{`a**`, 2, "after a quantifier"},
		{`a]`, 1, "unescaped ]"},
		{`a}`, 1, "unescaped }"},
		{`[]a]`, 1, "] first"},
		{`[^]a]`, 2, "] first"},
		{`[a-z-0]`, 4, "neither a range"},
		{`[\d-z]`, 3, "starts at a class escape"},
		{`[a-\d]`, 3, "ends at a class escape"},
		{`[z-a]`, 1, "before its start"},
		{`[abc`, 0, "without its ]"},
		{`(abc`, 0, "without its )"},
		{`abc)`, 3, "unmatched )"},
		{`abc\`, 3, "trailing backslash"},
		{"a\xffb", 1, "invalid UTF-8"},
		{"[\xff]", 1, "invalid UTF-8"},
		{`(?#c)`, 0, "comment"},
		{`\G`, 0, `\G`},
		{`\C`, 0, `\C`},
		{`(?:(?:(?:a{1000}){1000}){1000})`, 0, "Go cannot compile"},
	}
	for _, c := range cases {
		t.Run(c.pattern, func(t *testing.T) {
			err := Check(c.pattern)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Check(%q) = %v, want an *Error", c.pattern, err)
			}
			if e.Offset != c.offset || !strings.Contains(e.Problem, c.problem) {
				t.Errorf("Check(%q) = offset %d %q, want offset %d and a problem with %q", c.pattern, e.Offset, e.Problem, c.offset, c.problem)
			}
			if e.Hint == "" {
				t.Errorf("Check(%q): no hint", c.pattern)
			}
		})
	}
}

func TestCompileFindAll(t *testing.T) {
	cases := []struct {
		pattern string
		ok      bool
	}{
		{`a+`, true}, {`a|b*c`, true}, {`(a*)b`, true}, {`a*`, false}, {`a|`, false}, {``, false}, {`(?:a?)`, false}, {`^`, false}, {`a{0,2}`, false}, {`\z`, false},
	}
	for _, c := range cases {
		_, err := CompileFindAll(c.pattern)
		if (err == nil) != c.ok {
			t.Errorf("CompileFindAll(%q) = %v, want ok %v", c.pattern, err, c.ok)
		}
	}
}
