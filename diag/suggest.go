package diag

import (
	"strconv"
	"strings"
)

// DidYouMean returns the "did you mean" that ends a hint:
// `; did you mean "X"?` for the candidates s most likely stands for
// (Closest), or "" when none is close enough. Candidates come from a spec
// or a model, never from the user's input, so quoting them reveals nothing.
func DidYouMean(s string, candidates []string) string {
	m := Closest(s, candidates)
	if len(m) == 0 {
		return ""
	}
	q := make([]string, len(m))
	for i, c := range m {
		q[i] = strconv.Quote(c)
	}
	if len(q) == 1 {
		return "; did you mean " + q[0] + "?"
	}
	return "; did you mean " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1] + "?"
}

// Closest returns the candidates a misspelling or a shorthand of s means:
// the nearest ones within a few edits (typingDistance, at most
// maxEdits(s)), else those s is one or more whole words of (kafka →
// kafka-json, merge → foreach-batch-merge). Case and '_' versus '-' do not
// count as differences. Nothing is returned for s itself.
func Closest(s string, candidates []string) []string {
	ns := normalise(s)
	var near []string
	best := maxEdits(ns) + 1
	for _, c := range candidates {
		if c == s {
			return nil
		}
		switch d := typingDistance(ns, normalise(c)); {
		case d > maxEdits(ns):
		case d < best:
			near, best = []string{c}, d
		case d == best:
			near = append(near, c)
		}
	}
	if len(near) > 0 {
		return near
	}
	var words []string
	for _, c := range candidates {
		if len(ns) >= 3 && hasWords(normalise(c), ns) {
			words = append(words, c)
		}
	}
	return words
}

// normalise lower-cases s and writes its word separators as '-'.
func normalise(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}

// maxEdits is how many edits a misspelling of s may have: one in a short
// word, two in a longer one, three in a long key.
func maxEdits(s string) int {
	switch {
	case len(s) <= 4:
		return 1
	case len(s) <= 9:
		return 2
	}
	return 3
}

// hasWords reports whether w holds s as whole words: s starts and ends at a
// word boundary of w ('-' or '.' or an end).
func hasWords(w, s string) bool {
	for i := 0; i+len(s) <= len(w); i++ {
		if w[i:i+len(s)] == s && boundary(w, i-1) && boundary(w, i+len(s)) {
			return true
		}
	}
	return false
}

func boundary(w string, i int) bool { return i < 0 || i >= len(w) || w[i] == '-' || w[i] == '.' }

// typingDistance is the optimal string alignment distance of a and b: the
// Levenshtein distance (insertions, deletions, substitutions) where swapping
// two adjacent characters also counts as one edit (mdoe → mode).
func typingDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev = prev, cur
	}
	return prev[len(b)]
}

// ClosestOne returns the first of the candidates Closest finds, or "".
func ClosestOne(s string, candidates []string) string {
	if m := Closest(s, candidates); len(m) > 0 {
		return m[0]
	}
	return ""
}
