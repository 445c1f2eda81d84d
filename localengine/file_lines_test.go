package localengine

import (
	"bytes"
	"strings"
	"testing"
)

// lineEnd finds the first line end as bytes.IndexAny does.
func TestLineEnd(t *testing.T) {
	for _, s := range []string{
		"", "no end", "a\nb", "a\rb", "a\r\nb", "\n", "\r", "ab\n\r", "ab\rcd\n",
		strings.Repeat("x", 200) + "\n" + strings.Repeat("y", 50) + "\r",
		strings.Repeat("x", 300) + "\r" + strings.Repeat("y", 50),
		strings.Repeat("x", 5000),
	} {
		if got, want := lineEnd([]byte(s)), bytes.IndexAny([]byte(s), "\r\n"); got != want {
			t.Errorf("lineEnd(%.20q…) = %d, want %d", s, got, want)
		}
	}
}
