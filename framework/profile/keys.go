package profile

import (
	"strings"
)

// unknownKey reports a key no spec declares. A secret-looking key with a
// literal value is reported as a secret, which is the worse problem.
func (d *decoder) unknownKey(e entry, path string, known []string) {
	p := join(path, e.name)
	if literalSecret(e) {
		d.report(CodeSecretLiteral, e.val, p,
			"never write secrets in a profile: name an environment variable (e.g. credential_env: ORDERS_KAFKA_SASL)",
			"%s holds a literal secret", p)
		return
	}
	d.report(CodeUnknownKey, e.key, p, "known keys here: "+listText(known)+suggest(e.name, known),
		"unknown key %q in %s", e.name, describePath(path))
}

// listText renders names as "a, b or c".
func listText(names []string) string {
	switch len(names) {
	case 0:
		return "(none)"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// commaList renders names as "a, b, c".
func commaList(names []string) string { return strings.Join(names, ", ") }

// suggest returns "; did you mean X?" for the closest candidate within two
// edits, or "".
func suggest(s string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		if dist := editDistance(s, c); dist < bestDist {
			best, bestDist = c, dist
		}
	}
	if best == "" || best == s {
		return ""
	}
	return "; did you mean " + best + "?"
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
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
		}
		prev = cur
	}
	return prev[len(b)]
}
