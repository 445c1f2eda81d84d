package jsonscan

import (
	"strconv"
	"unicode/utf8"
)

// AppendUnescaped appends the decoded form of a string's contents (the bytes
// between its quotes, already checked by Parse) to dst.
func AppendUnescaped(dst, src []byte) []byte {
	for i := 0; i < len(src); {
		c := src[i]
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		switch src[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, _ := hex4(src, i+2)
			i += 6
			if r >= 0xD800 && r <= 0xDBFF {
				lo, _ := hex4(src, i+2)
				r = (r-0xD800)<<10 | (lo - 0xDC00) + 0x10000
				i += 6
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default: // '"', '\\', '/'
			dst = append(dst, src[i+1])
		}
		i += 2
	}
	return dst
}

// StringBytes returns the decoded bytes of string node n: the raw contents
// when it has no escapes, else the contents decoded into buf[:0].
func StringBytes(data []byte, n Node, buf []byte) (decoded, scratch []byte) {
	if n.Flags&Escaped == 0 {
		return data[n.Start+1 : n.End-1], buf
	}
	return unescapeNode(data, n, buf)
}

func unescapeNode(data []byte, n Node, buf []byte) (decoded, scratch []byte) {
	buf = AppendUnescaped(buf[:0], n.Contents(data))
	return buf, buf
}

func quote(b []byte) string { return strconv.Quote(string(b)) }
