package diag

import (
	"strconv"
	"strings"
)

// Count returns n followed by the noun in its number: Count(1, "batch",
// "batches") is "1 batch", Count(3, ...) "3 batches". Messages that count
// use it, so that none says "1 batches".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Plural returns one when n is 1, many otherwise (also for 0: "0 rows").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// WithArticle returns the noun after "a", or "an" when it starts with a
// vowel letter: "an extract", "a load".
func WithArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}
