package regex

import (
	"errors"
	"regexp"
	"testing"
)

// FuzzCheck: Check never panics, refuses with an *Error whose offset lies
// in the pattern, and what it accepts Portable writes too (or refuses a
// class beyond the BMP) in a form RE2 compiles.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{`^a+\z`, `(a|b)*?c`, `[^\s\d-]`, `(?s).`, `(?<n>x)`, `a{2,3}`, `\x{1F600}`, `[[:alpha:]]`, `(a*)*`, `a$`, "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		err := Check(pattern)
		var e *Error
		switch {
		case err == nil:
			out, err := Portable(pattern)
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("Portable(%q): %v", pattern, err)
			}
			if _, cerr := regexp.Compile(out); err == nil && cerr != nil {
				t.Fatalf("Portable(%q) = %q, which RE2 refuses: %v", pattern, out, cerr)
			}
		case !errors.As(err, &e):
			t.Fatalf("Check(%q) = %v, not an *Error", pattern, err)
		case e.Offset < 0 || e.Offset > len(pattern):
			t.Fatalf("Check(%q): offset %d outside the pattern", pattern, e.Offset)
		}
	})
}
