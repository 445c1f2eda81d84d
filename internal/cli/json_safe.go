package cli

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// terminalSafeJSON rewrites JSON text so that it shows on a terminal as
// it is: the C1 controls (U+0080–U+009F), format characters (bidi
// overrides and isolates, zero-width joiners, U+FEFF) and invalid UTF-8
// that encoding/json leaves raw in strings become \u escapes (U+FFFD for
// an invalid byte). The document means the same (outside strings JSON has
// none of them); a reader of `show --format json` in a terminal cannot be
// shown reordered or hidden text.
func terminalSafeJSON(data []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(data))
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			out.WriteString(`\ufffd`)
		case r >= 0x80 && r <= 0x9f, unicode.Is(unicode.Cf, r):
			if r > 0xffff {
				a, b := utf16.EncodeRune(r)
				fmt.Fprintf(&out, `\u%04x\u%04x`, a, b)
			} else {
				fmt.Fprintf(&out, `\u%04x`, r)
			}
		default:
			out.Write(data[i : i+n])
		}
		i += n
	}
	return out.Bytes()
}
