package localengine

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/etlgen/etlgen/framework/ir"
)

// textStrict evaluate the strict text functions (NULL when an argument
// is), with Spark 4.1's semantics: lengths and positions in code points,
// comparisons on UTF-8 bytes.
var textStrict = map[ir.Func]scalarFn{
	ir.FuncIn:          inFn,
	ir.FuncLike:        likeFn,
	ir.FuncStartsWith:  strPred(strings.HasPrefix),
	ir.FuncEndsWith:    strPred(strings.HasSuffix),
	ir.FuncContains:    strPred(strings.Contains),
	ir.FuncReplace:     replaceFn,
	ir.FuncSplitPart:   splitPart,
	ir.FuncLpad:        padFn(true),
	ir.FuncRpad:        padFn(false),
	ir.FuncLtrim:       strFn(func(s string) string { return strings.TrimLeft(s, " ") }),
	ir.FuncRtrim:       strFn(func(s string) string { return strings.TrimRight(s, " ") }),
	ir.FuncLeft:        leftFn,
	ir.FuncRight:       rightFn,
	ir.FuncInstr:       func(a []any) any { return locate(a[1].(string), a[0].(string), 1) },
	ir.FuncLocate:      func(a []any) any { n, _ := asInt(a[2]); return locate(a[0].(string), a[1].(string), n) },
	ir.FuncReverse:     strFn(reverse),
	ir.FuncInitCap:     strFn(sparkInitCap),
	ir.FuncRepeat:      repeatFn,
	ir.FuncTranslate:   translate,
	ir.FuncOctetLength: func(a []any) any { return int32(len(a[0].(string))) },
	ir.FuncParseURL:    parseURLFn,
	ir.FuncURLDecode:   func(a []any) any { return urlDecode(a[0].(string)) },
	ir.FuncURLEncode:   strFn(urlEncode),
}

// textNonStrict compile the text functions that see NULL arguments.
var textNonStrict = map[ir.Func]func(args []evalFn) evalFn{
	ir.FuncNullIf:   nullIfFn,
	ir.FuncGreatest: extremeFn(1),
	ir.FuncLeast:    extremeFn(-1),
	ir.FuncConcatWS: concatWS,
}

func strPred(f func(s, t string) bool) scalarFn {
	return func(a []any) any { return f(a[0].(string), a[1].(string)) }
}

// inFn is x IN (values): equal as the comparison operators are (NaN equals
// NaN, -0.0 equals 0.0).
func inFn(a []any) any {
	return slices.ContainsFunc(a[1:], func(v any) bool { c, ok := compareValues(a[0], v); return ok && c == 0 })
}

// likePatterns caches parsed LIKE patterns by their text.
var likePatterns sync.Map

// likeFn matches a LIKE pattern; schema inference refused a bad one.
func likeFn(a []any) any {
	text := javaString(a[1].(string))
	v, ok := likePatterns.Load(text)
	if !ok {
		p, err := ir.ParseLike(text)
		if err != nil {
			return nil
		}
		v, _ = likePatterns.LoadOrStore(text, p)
	}
	return v.(ir.LikePattern).Match(javaString(a[0].(string)))
}

// replaceFn replaces every occurrence left to right; an empty search
// changes nothing.
func replaceFn(a []any) any {
	s, search := a[0].(string), a[1].(string)
	if search == "" {
		return s
	}
	return strings.ReplaceAll(s, search, a[2].(string))
}

// splitPart is split_part: the delimiter is text, an empty one leaves one
// field; fields past either end are "".
func splitPart(a []any) any {
	s, delim := a[0].(string), a[1].(string)
	n, _ := asInt(a[2])
	fields := []string{s} // an empty delimiter: the bytes as they are
	if delim != "" {      // else Java's String.split of the decoded text
		fields = strings.Split(javaString(s), javaString(delim))
	}
	if n < 0 {
		n += int64(len(fields)) + 1
	}
	if n < 1 || n > int64(len(fields)) {
		return ""
	}
	return fields[n-1]
}

// padFn is lpad (left) or rpad: cut to n characters, or padded with as
// many whole copies of pad as fit and then a prefix of it.
func padFn(left bool) scalarFn {
	return func(a []any) any {
		s, pad := sparkChars(a[0].(string)), sparkChars(a[2].(string))
		n, _ := asInt(a[1])
		spaces := n - int64(len(s))
		if spaces <= 0 || len(pad) == 0 {
			return strings.Join(s[:max(0, min(n, int64(len(s))))], "")
		}
		fill := make([]string, 0, spaces)
		for int64(len(fill)) < spaces {
			fill = append(fill, pad[:min(len(pad), int(spaces)-len(fill))]...)
		}
		if left {
			return strings.Join(fill, "") + strings.Join(s, "")
		}
		return strings.Join(s, "") + strings.Join(fill, "")
	}
}

// leftFn is left(s, n): the first n characters.
func leftFn(a []any) any {
	s := sparkChars(a[0].(string))
	n, _ := asInt(a[1])
	return strings.Join(s[:max(0, min(n, int64(len(s))))], "")
}

// rightFn is right(s, n): the last n characters.
func rightFn(a []any) any {
	s := sparkChars(a[0].(string))
	n, _ := asInt(a[1])
	return strings.Join(s[len(s)-int(max(0, min(n, int64(len(s))))):], "")
}

// locate is the 1-based character position of sub in s at or after the
// 1-based start; 0 when absent or start < 1; 1 for an empty sub.
func locate(sub, s string, start int64) int32 {
	switch {
	case start < 1:
		return 0
	case sub == "":
		return 1
	}
	from := 0
	for i := int64(1); i < start; i++ {
		if from >= len(s) {
			return 0
		}
		_, size := utf8.DecodeRuneInString(s[from:])
		from += size
	}
	i := strings.Index(s[from:], sub)
	if i < 0 {
		return 0
	}
	return int32(utf8.RuneCountInString(s[:from+i]) + 1)
}

func reverse(s string) string {
	chars := sparkChars(s)
	slices.Reverse(chars)
	return strings.Join(chars, "")
}

func repeatFn(a []any) any {
	n, _ := asInt(a[1])
	if n < 1 {
		return ""
	}
	return strings.Repeat(a[0].(string), int(n))
}

// translate maps each character of from to the one at its position in to,
// or deletes it when to is shorter; the first occurrence in from wins.
func translate(a []any) any {
	from, to := []rune(javaString(a[1].(string))), []rune(javaString(a[2].(string)))
	dict := map[rune]int{}
	for i, r := range from {
		if _, ok := dict[r]; !ok {
			dict[r] = i
		}
	}
	return strings.Map(func(r rune) rune {
		i, ok := dict[r]
		switch {
		case !ok:
			return r
		case i < len(to):
			return to[i]
		}
		return -1
	}, javaString(a[0].(string)))
}

// nullIfFn is nullif(a, b): NULL when a equals b, else a.
func nullIfFn(args []evalFn) evalFn {
	return func(r Row) any {
		a := args[0](r)
		if a == nil {
			return nil
		}
		if c, ok := compareValues(a, args[1](r)); ok && c == 0 {
			return nil
		}
		return a
	}
}

// extremeFn is greatest (sign 1) or least (-1): the first non-NULL value
// no other beats; NULL when every argument is.
func extremeFn(sign int) func(args []evalFn) evalFn {
	return func(args []evalFn) evalFn {
		return func(r Row) any {
			var best any
			for _, a := range args {
				v := a(r)
				if v == nil {
					continue
				}
				if best == nil {
					best = v
				} else if c, ok := compareValues(v, best); ok && c*sign > 0 {
					best = v
				}
			}
			return best
		}
	}
}

// concatWS joins the non-NULL arguments with the separator; NULL when the
// separator is.
func concatWS(args []evalFn) evalFn {
	return func(r Row) any {
		sep := args[0](r)
		if sep == nil {
			return nil
		}
		var parts []string
		for _, a := range args[1:] {
			if v := a(r); v != nil {
				parts = append(parts, v.(string))
			}
		}
		return strings.Join(parts, sep.(string))
	}
}
