package localengine

import (
	"strings"
	"unicode"
)

// charClass is a set of ASCII characters of RFC 2396 (java.net.URI's
// grammar), optionally with escapes: %XX and the visible non-ASCII
// characters java.net.URI lets through unescaped.
type charClass struct {
	ascii   string
	escaped bool
}

// The character classes of java.net.URI.
const (
	digits   = "0123456789"
	alpha    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	alphanum = alpha + digits
	hexChars = digits + "ABCDEFabcdef"
	mark     = "-_.!~*'()"
	reserved = ";/?:@&=+$,[]"
)

var (
	classURIC     = charClass{reserved + alphanum + mark, true}
	classPath     = charClass{alphanum + mark + ":@&=+$," + ";/", true}
	classUserInfo = charClass{alphanum + mark + ";:&=+$,", true}
	classRegName  = charClass{alphanum + mark + "$,;:@&=+", true}
	classServer   = charClass{alphanum + mark + ";:&=+$," + "-" + ".:@[]", true}
	classServerPc = charClass{classServer.ascii + "%", true}
	classScheme   = charClass{alphanum + "+-.", false}
	classScopeID  = charClass{alphanum + "_.", false}
	classAlpha    = charClass{alpha, false}
	classAlphanum = charClass{alphanum, false}
	classHostPart = charClass{alphanum + "-", false}
	classDigit    = charClass{digits, false}
	classDigitDot = charClass{digits + ".", false}
	classHex      = charClass{hexChars, false}
)

// has reports whether r is one of the class's ASCII characters.
func (c charClass) has(r rune) bool { return r > 0 && r < 128 && strings.ContainsRune(c.ascii, r) }

// visibleNonASCII is what java.net.URI accepts unescaped beyond ASCII:
// not a space separator and not a control character.
func visibleNonASCII(r rune) bool {
	return r > 128 && !unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) && !(r >= 0x7F && r <= 0x9F)
}
