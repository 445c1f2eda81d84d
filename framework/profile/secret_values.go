package profile

import (
	"regexp"
	"slices"
	"strings"
)

// A secretFinding says why a literal value is refused as a credential,
// without the value: Reason for the message, Hint for the fix.
type secretFinding struct {
	Reason string
	Hint   string
}

// envHint is the fix for a credential found anywhere: the mechanisms that
// reference it by environment-variable name.
const envHint = "never write credentials in a profile: name the environment variable that holds it — " +
	"credential_env (kafka), token_env (spark), access_key_env / secret_key_env (s3), " +
	"or ${env:NAME} as a whole conf value or Spark Connect URL parameter"

// valueShape is a value pattern that is a credential whatever its key.
// needles, when set, are substrings one of which every match contains: a
// value with none of them skips the pattern (most values are paths and
// names, and the patterns run on every value of every profile).
type valueShape struct {
	pattern *regexp.Regexp
	reason  string
	needles []string
}

// valueShapes are credentials recognisable by their form alone.
var valueShapes = []valueShape{
	{regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`), "a JSON Web Token", []string{"eyJ"}},
	{regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----`), "a PEM private key", []string{"-----BEGIN "}},
	{regexp.MustCompile(`\b(AKIA|ASIA)[A-Z0-9]{16}\b`), "an AWS access key id", []string{"AKIA", "ASIA"}},
	// Case-insensitive (Unicode folding: ſ matches s): no needle.
	{regexp.MustCompile(`(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{16,}`), "an HTTP Authorization credential", nil},
}

// mayMatch reports whether s contains one of the shape's needles (always,
// when it has none).
func (v valueShape) mayMatch(s string) bool {
	return v.needles == nil || slices.ContainsFunc(v.needles, func(n string) bool { return strings.Contains(s, n) })
}

// userinfoURL matches the user info of a URL with a password:
// scheme://user:password@host (also inside jdbc:postgresql://…).
var userinfoURL = regexp.MustCompile(`(?i)[a-z][a-z0-9+.-]*://[^/?#@\s:]*:[^/?#@\s]+@`)

// userinfoHost matches user:password@host without a scheme, at the start
// of a value or of an item of a comma-separated list (host:port lists);
// image digests (name:tag@sha256:…) are not credentials.
var userinfoHost = regexp.MustCompile(`(?:^|[,\s])[^\s/:@,]+:[^\s/@,]+@([^\s/@,]+)`)

// param matches name=value pairs in URLs, JDBC and connection strings,
// JAAS configs and JVM options: ?a=b&c=d, ;a=b, a="b", -Da=b.
var param = regexp.MustCompile(`(?:^|[?&;,\s])(?:-D)?([A-Za-z][A-Za-z0-9_.-]*)\s*=\s*"?([^&;,\s"]*)`)

// shortSecretParams are parameter names that carry credentials although
// IsSecretKey does not match them as key names.
var shortSecretParams = map[string]bool{"pwd": true, "pass": true, "sig": true, "key": true, "auth": true,
	"authorization": true, "accountkey": true, "sharedaccesskey": true, "sharedaccesssignature": true}

// secretInValue returns why a string value carries a credential whatever
// key it is under: a password in a URL's user info, a credential
// parameter (password=, token=, api-key=, secret=, sig=, …), a Spark
// Connect URL parameter other than the known non-secret ones, or a value
// shaped like a credential (JWT, PEM private key, AWS key id).
func secretInValue(s string) (secretFinding, bool) {
	if strings.HasPrefix(s, "sc://") {
		if f, ok := connectSecret(s); ok {
			return f, true
		}
	}
	// Both user-info patterns need an @, and a parameter an =: most values
	// have neither.
	hasAt, hasEq := strings.Contains(s, "@"), strings.Contains(s, "=")
	if hasAt {
		if userinfoURL.MatchString(s) {
			return secretFinding{"a password in the URL's user info (user:password@)", envHint}, true
		}
		if m := userinfoHost.FindStringSubmatch(s); m != nil && !strings.HasPrefix(strings.ToLower(m[1]), "sha") {
			return secretFinding{"a password before a host (user:password@host)", envHint}, true
		}
	}
	for _, m := range params(s, hasEq) {
		name, value := m[1], m[2]
		if value == "" || strings.Contains(value, "${env:") {
			continue
		}
		if IsSecretKey(name) || shortSecretParams[strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name))] {
			return secretFinding{"a " + name + "= parameter", envHint}, true
		}
	}
	for _, v := range valueShapes {
		if v.mayMatch(s) && v.pattern.MatchString(s) {
			return secretFinding{v.reason, envHint}, true
		}
	}
	return secretFinding{}, false
}

// params returns param's submatches in s; none without an = (hasEq).
func params(s string, hasEq bool) [][]string {
	if !hasEq {
		return nil
	}
	return param.FindAllStringSubmatch(s, -1)
}

// LiteralSecret reports whether a literal value under key is a credential,
// and why (the value is never part of the reason): the key names a
// credential (IsSecretKey) or the value carries one (a URL's user info, a
// credential parameter, a token shape). An ${env:NAME} reference is not a
// literal. The parser refuses such values (ETL-P313); Redacted and the
// generators use it as a last line.
func LiteralSecret(key, value string) (string, bool) {
	if _, isRef := EnvRef(value); isRef {
		return "", false
	}
	if key != "" && IsSecretKey(key) && value != "" {
		return "the key names a credential", true
	}
	f, ok := secretInValue(value)
	return f.Reason, ok
}
