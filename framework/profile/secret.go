package profile

import (
	"net/url"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// envName is what an environment-variable reference must look like.
var envName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// envRef is the form a secret takes inside a string map: ${env:NAME}.
var envRef = regexp.MustCompile(`^\$\{env:([^}]*)\}$`)

// secretKey matches key names that hold secrets.
var secretKey = regexp.MustCompile(`(?i)(passw(or)?d|pwd|secret|token|api[._-]?key|access[._-]?key|private[._-]?key|credential|jaas)`)

// tokenParam matches a Spark Connect URL parameter carrying a secret.
var tokenParam = regexp.MustCompile(`(?i);\s*(token|password)\s*=`)

// IsSecretKey reports whether a key name looks like it holds a secret: it
// mentions a password, secret, token, key or credential and is not an
// environment-variable reference (…_env).
func IsSecretKey(key string) bool {
	return secretKey.MatchString(key) && !strings.HasSuffix(strings.ToLower(key), "_env")
}

// EnvRef returns NAME when s is ${env:NAME}.
func EnvRef(s string) (string, bool) {
	m := envRef.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// secretInValue reports a secret embedded in a string value: a password in a
// URL's user info, or a token parameter in a Spark Connect URL.
func (d *decoder) secretInValue(n *yaml.Node, path, s string) bool {
	if !hasEmbeddedSecret(s) {
		return false
	}
	d.report(CodeSecretLiteral, n, path,
		"remove the credential from the value and name an environment variable instead (credential_env, token_env, *_env)",
		"%s embeds a credential", path)
	return true
}

func hasEmbeddedSecret(s string) bool {
	if tokenParam.MatchString(s) {
		return true
	}
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return false
	}
	_, hasPassword := u.User.Password()
	return hasPassword
}

// mapSecret checks one string-map entry: under a secret-looking key the value
// must be ${env:NAME}. It reports a problem and returns false otherwise.
func (d *decoder) mapSecret(e entry, path, s string) bool {
	name, isRef := EnvRef(s)
	switch {
	case isRef && !envName.MatchString(name):
		d.report(CodeBadEnvName, e.val, path, "write ${env:NAME} with NAME matching ^[A-Z_][A-Z0-9_]*$",
			"%q is not an environment variable name", name)
		return false
	case isRef:
		return true
	case IsSecretKey(e.name) || hasEmbeddedSecret(s):
		d.report(CodeSecretLiteral, e.val, path, "write ${env:NAME} and export NAME where the pipeline runs",
			"%s holds a literal secret", path)
		return false
	}
	return true
}

// literalSecret reports whether an entry is a secret-looking key with a
// literal scalar value.
func literalSecret(e entry) bool {
	if !IsSecretKey(e.name) || e.val == nil || e.val.Kind != yaml.ScalarNode || isNull(e.val) {
		return false
	}
	_, isRef := EnvRef(e.val.Value)
	return !isRef
}
