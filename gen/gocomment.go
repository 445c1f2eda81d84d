package gen

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// GoComment makes s the text of a one-line Go comment, for jennifer's
// Comment (which writes a /* */ block, with no escaping, when the text
// holds a newline): every line break, other control or non-printable
// character (NUL, U+2028, a BOM, bidirectional controls) and invalid UTF-8
// byte is written as its Go escape (\n, \x00, \u2028, \ufffd), a backslash
// as \\ and a tab as a space, so a name
// or description can neither end the comment nor make the file invalid
// Go. A text that would start a comment marker of its own (// or /*) gets
// a leading space.
func GoComment(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r > 0x7f && !unicode.IsPrint(r) && r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r > 0xffff && !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	out := b.String()
	if strings.HasPrefix(out, "//") || strings.HasPrefix(out, "/*") {
		out = " " + out
	}
	return out
}
