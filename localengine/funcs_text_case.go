package localengine

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// Spark 4.1 maps case with ICU (spark.sql.icu.caseMappings.enabled): full
// Unicode mappings in the root locale (ß → SS, İ → i̇, Greek final sigma),
// Unicode 16. golang.org/x/text/cases gives the same mappings from its
// Unicode 15 tables; the pairs Unicode 16 added are mapped first
// (testdata/spark_case_mapping.tsv, recorded on Spark 4.1.1, checks every
// code point below U+20000).

// unicode16Pairs are the upper/lower pairs Unicode 16 added.
var unicode16Pairs = func() map[rune]rune {
	pairs := [][2]rune{{0x1C89, 0x1C8A}, {0xA7CB, 0x0264}, {0xA7CC, 0xA7CD}, {0xA7DA, 0xA7DB}, {0xA7DC, 0x019B}}
	for u := rune(0x10D50); u <= 0x10D65; u++ { // Garay
		pairs = append(pairs, [2]rune{u, u + 0x20})
	}
	m := map[rune]rune{}
	for _, p := range pairs {
		m[p[0]], m[-p[1]] = p[1], p[0] // upper → lower; −lower → upper
	}
	return m
}()

// premap applies the Unicode 16 pairs: to lower case (lower) or upper.
func premap(s string, lower bool) string {
	return strings.Map(func(r rune) rune {
		if lower {
			if l, ok := unicode16Pairs[r]; ok && r > 0 {
				return l
			}
			return r
		}
		if u, ok := unicode16Pairs[-r]; ok {
			return u
		}
		return r
	}, s)
}

// sparkLower is Spark's lower(s).
func sparkLower(s string) string {
	return cases.Lower(language.Und).String(premap(makeValid(s), true))
}

// sparkUpper is Spark's upper(s).
func sparkUpper(s string) string {
	return cases.Upper(language.Und).String(premap(makeValid(s), false))
}

// sparkInitCap is Spark's initcap(s): a word starts at the beginning and
// after each space (U+0020 only); its first character takes its full title
// case (ß → Ss), the rest of the word its lower case in context.
func sparkInitCap(s string) string {
	words := strings.Split(makeValid(s), " ")
	for i, w := range words {
		if w == "" {
			continue
		}
		first := []rune(w)[0]
		head := string(first)
		title := cases.Title(language.Und, cases.NoLower).String(premap(head, false))
		words[i] = title + strings.TrimPrefix(sparkLower(w), sparkLower(head))
	}
	return strings.Join(words, " ")
}
