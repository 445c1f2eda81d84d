package jsonscan

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse compares Parse with encoding/json.Valid and checks the tape.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{}`, `[1,"a",{"b":null}]`, `{"a":1,"a":2}`, `"\ud83d\ude00"`, `-0.5e+7`, `{"a":[true,false]}`, ` "x" `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return // the validator rejects these before parsing
		}
		var p Parser
		err := p.Parse(data)
		valid := json.Valid(data)
		if err == nil && !valid {
			t.Fatalf("accepted what encoding/json rejects: %q", data)
		}
		if err != nil {
			msg := err.Error()
			stricter := strings.Contains(msg, "duplicate") || strings.Contains(msg, "nesting") ||
				strings.Contains(msg, "surrogate") || strings.Contains(msg, "longer than")
			if valid && !stricter {
				t.Fatalf("rejected what encoding/json accepts: %q: %v", data, err)
			}
			return
		}
		if int(p.Tape[0].Next) != len(p.Tape) {
			t.Fatalf("root subtree ends at %d of %d nodes", p.Tape[0].Next, len(p.Tape))
		}
		for i, n := range p.Tape {
			if n.Start < 0 || n.End <= n.Start || int(n.End) > len(data) || int(n.Next) <= i || int(n.Next) > len(p.Tape) {
				t.Fatalf("node %d = %+v out of bounds", i, n)
			}
			if n.Kind == String {
				if s := AppendUnescaped(nil, n.Contents(data)); !utf8.Valid(s) {
					t.Fatalf("node %d decodes to invalid UTF-8", i)
				}
			}
		}
	})
}
