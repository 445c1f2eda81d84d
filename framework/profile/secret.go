package profile

import (
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// envName is what an environment-variable reference must look like.
var envName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// envRef is the form a secret takes inside a string map: ${env:NAME}.
var envRef = regexp.MustCompile(`^\$\{env:([^}]*)\}$`)

// EnvRef returns NAME when s is ${env:NAME}.
func EnvRef(s string) (string, bool) {
	m := envRef.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// EnvRefText is the ${env:NAME} reference to the environment variable
// name, as profiles write it (EnvRef reads it back).
func EnvRefText(name string) string { return "${env:" + name + "}" }

// secretInValue reports a credential carried by a string value whatever
// its key (secretInValue of secret_values.go: user info, credential
// parameters, Spark Connect parameters, token shapes) as ETL-P313, and
// returns whether it found one.
func (d *decoder) secretInValue(n *yaml.Node, path, s string) bool {
	f, ok := secretInValue(s)
	if !ok {
		return false
	}
	d.report(CodeSecretLiteral, n, path, f.Hint, "%s holds a literal credential: %s", path, f.Reason)
	return true
}

// mapSecret checks one string-map entry (a conf key and its value): a
// value is either a whole ${env:NAME} reference, resolved where the
// pipeline runs, or a literal that is neither under a credential key nor
// carries one. It reports a problem and returns false otherwise.
func (d *decoder) mapSecret(e entry, path, s string) bool {
	name, isRef := EnvRef(s)
	switch {
	case isRef && !envName.MatchString(name):
		d.report(CodeBadEnvName, e.val, path, "write ${env:NAME} with NAME matching ^[A-Z_][A-Z0-9_]*$",
			"%s references something that is not an environment variable name", path)
		return false
	case isRef:
		return true
	case strings.Contains(s, "${env:"):
		d.report(CodeBadEnvName, e.val, path, "write the whole value as ${env:NAME}; the variable holds all of it",
			"%s has ${env:…} inside a longer value: only a whole value is resolved", path)
		return false
	case IsSecretKey(e.name) && s != "":
		d.report(CodeSecretLiteral, e.val, path,
			"write ${env:NAME} as the value and export NAME where the pipeline runs: the program reads it at session start, it is never written in the program",
			"%s holds a literal credential: the key names a credential", path)
		return false
	}
	return !d.secretInValue(e.val, path, s)
}

// literalSecret reports whether an entry under a key no spec declares is a
// literal credential: a secret-looking key or a credential-carrying value.
func literalSecret(e entry) bool {
	v := resolve(e.val)
	if v == nil || v.Kind != yaml.ScalarNode || isNull(v) {
		return false
	}
	_, found := LiteralSecret(e.name, v.Value)
	return found
}
