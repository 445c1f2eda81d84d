package regex

import "testing"

// TestCompileMeansJava pins the translations against java.util.regex's
// documented answers (the recorded corpus in testdata proves them on
// Spark).
func TestCompileMeansJava(t *testing.T) {
	cases := []struct {
		pattern, subject string
		want             bool
	}{
		{`a.b`, "a\nb", false},
		{`a.b`, "a\rb", false},
		{`a.b`, "a\u0085b", false},
		{`a.b`, "a\u2028b", false},
		{`a.b`, "a\u2029b", false},
		{`a.b`, "a\tb", true},
		{`a.b`, "a😀b", true},
		{`(?s)a.b`, "a\rb", true},
		{`a(?s:.)b`, "a\u2028b", true},
		{`a\sb`, "a\x0bb", true},
		{`a[\s]b`, "a\x0bb", true},
		{`a\Sb`, "a\x0bb", false},
		{`a[^\s]b`, "a\x0bb", false},
		{`^\d+\z`, "١٢", false},
		{`^\w+\z`, "é", false},
		{`^abc\z`, "abc\n", false},
		{`^[^a]\z`, "\n", true},
		{`b`, "abc", true},
	}
	for _, c := range cases {
		re, err := Compile(c.pattern)
		if err != nil {
			t.Fatalf("Compile(%q): %v", c.pattern, err)
		}
		if got := re.MatchString(c.subject); got != c.want {
			t.Errorf("%q matches %q = %v, want %v", c.pattern, c.subject, got, c.want)
		}
	}
}
