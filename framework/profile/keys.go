package profile

import (
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// unknownKey reports a key no spec declares, with a fix that renames it
// when it is close to one known key its mapping (siblings) lacks. A
// secret-looking key with a literal value is reported as a secret, which
// is the worse problem.
func (d *decoder) unknownKey(e entry, path string, known []string, siblings []entry) {
	p := join(path, e.name)
	if literalSecret(e) {
		d.report(CodeSecretLiteral, e.val, p,
			"never write secrets in a profile: name an environment variable (e.g. credential_env: ORDERS_KAFKA_SASL)",
			"%s holds a literal secret", p)
		return
	}
	d.report(CodeUnknownKey, e.key, p, "known keys here: "+listText(known)+suggest(e.name, known),
		"unknown key %q in %s", e.name, describePath(path))
	if m := closest(e.name, known); len(m) == 1 && !hasEntry(siblings, m[0]) {
		d.withFix(diag.Fix{File: d.file, Key: p, Rename: m[0]})
		d.misspelt[join(path, m[0])] = true
	}
}

// missing reports whether the absent key at path is to be reported
// missing: not when an unknown key of the mapping was taken for it.
func (d *decoder) missing(path, key string) bool { return !d.misspelt[join(path, key)] }

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
