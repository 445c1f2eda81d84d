package funcverdicts

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/etl"
)

// RegexSubjects are subjects for the regular-expression functions: the
// hostile strings and a few that the patterns below match in parts.
var RegexSubjects = append(append([]any{}, Strings...), "12-345", "ab12cd", "x@y.com z@w.com",
	"https://Example.com/p?q", "a\nb\r\nc\u2028d", "aaa", "😀😀b", "\u0085\u000b\f")

// regexCases are the regular-expression functions over patterns in the
// subset (contracts/regex), with Java's meaning on both engines.
func regexCases() family {
	f := family{name: "regex"}
	s := typed[string](S)
	for _, p := range []string{`^a`, `b+`, `[a-z]+\d*`, `.`, `(?s).`, `\s+`, `😀+`, `\w+@\w+\.com`, `[^ ]+\z`, `^(?:https?://)?([^/?#]+)`} {
		f.over(fmt.Sprintf("rlike/%q", p), etl.RLike(s, p), S, RegexSubjects)
		f.over(fmt.Sprintf("regexp_substr/%q", p), etl.RegexpSubstr(s, p), S, RegexSubjects)
		f.over(fmt.Sprintf("regexp_count/%q", p), etl.RegexpCount(s, p), S, RegexSubjects)
		f.over(fmt.Sprintf("regexp_replace/%q", p), etl.RegexpReplace(s, p, "<>"), S, RegexSubjects)
	}
	for _, c := range []struct {
		p string
		g int
	}{{`(\d+)-(\d+)`, 2}, {`(a)|(b)`, 2}, {`(a)|(b)`, 1}, {`^(?:https?://)?([^/?#]+)`, 1}, {`(?<w>\w)\w*`, 0}, {`(x)?y`, 1}} {
		f.over(fmt.Sprintf("regexp_extract/%q,%d", c.p, c.g), etl.RegexpExtract(s, c.p, c.g), S, RegexSubjects)
	}
	f.over("rlike/refused-dollar", etl.RLike(s, `a$`), S, RegexSubjects)
	f.over("regexp_extract/refused-group", etl.RegexpExtract(s, `(a)`, 2), S, RegexSubjects)
	f.over("regexp_replace/refused-empty-match", etl.RegexpReplace(s, `b*`, "-"), S, RegexSubjects)
	return f
}
