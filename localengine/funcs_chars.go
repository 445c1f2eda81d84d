package localengine

// Spark's strings (UTF8String) are UTF-8 bytes read without validation: a
// character is as long as its first byte says (sequence lead bytes C2-DF 2,
// E0-EF 3, F0-F4 4; any other byte, ASCII or not, 1), whatever follows.
// length and substring count characters that way, so that invalid UTF-8
// (stray continuation bytes, an encoded surrogate, a lead byte past
// U+10FFFF) gives Spark's answer, not Go's rune count.

// charWidth is the length of the character a byte starts
// (UTF8String.numBytesForFirstByte).
func charWidth(b byte) int {
	switch {
	case b >= 0xC2 && b <= 0xDF:
		return 2
	case b >= 0xE0 && b <= 0xEF:
		return 3
	case b >= 0xF0 && b <= 0xF4:
		return 4
	}
	return 1
}

// charStarts are the byte offsets of the characters of s, and len(s).
func charStarts(s string) []int {
	out := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); i += charWidth(s[i]) {
		out = append(out, i)
	}
	return append(out, len(s))
}

// length is Spark's length(s): its characters.
func length(a []any) any { return int32(len(charStarts(a[0].(string))) - 1) }

// substring is Spark's substring(s, pos, len) (UTF8String.substringSQL):
// pos is 1-based, 0 is the first character too, a negative pos counts
// from the end; the characters before the start are cut from len.
func substring(a []any) any {
	s := a[0].(string)
	starts := charStarts(s)
	chars := int64(len(starts) - 1)
	pos, _ := asInt(a[1])
	n, _ := asInt(a[2])
	start := int64(0)
	switch {
	case pos > 0:
		start = pos - 1
	case pos < 0:
		start = chars + pos
	}
	end := start + n
	start = max(start, 0)
	if start >= end || start >= chars {
		return ""
	}
	return s[starts[start]:starts[min(end, chars)]]
}
