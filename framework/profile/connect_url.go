package profile

import (
	"errors"
	"fmt"
	"strings"
)

// The Spark Connect URL (connector/connect/docs/client-connection-string.md
// in Apache Spark) is sc://host[:port]/;name=value;… with an empty path.
// The spec defines five parameters: token (a bearer token: a credential),
// use_ssl, user_id, user_agent and session_id (settings). The Python client
// (pyspark.sql.connect.client.ChannelBuilder.metadata) sends every other
// parameter as a gRPC metadata header with each request — where gateways
// take API keys (x-api-key, authorization) — so an unknown parameter may
// carry a credential and is refused as a literal: it must be ${env:NAME}.

// ConnectToken is the Spark Connect URL parameter holding the bearer token.
const ConnectToken = "token"

// connectSettings are the Spark Connect URL parameters that are settings,
// never credentials.
var connectSettings = map[string]bool{"use_ssl": true, "user_id": true, "user_agent": true, "session_id": true}

// connectParam is one name=value parameter of a Spark Connect URL.
type connectParam struct{ name, value string }

// parseConnectURL splits a Spark Connect URL into sc://host[:port] and its
// parameters, as the Python client reads them (each parameter exactly one
// '='). Errors never quote the URL.
func parseConnectURL(s string) (string, []connectParam, error) {
	rest, ok := strings.CutPrefix(s, "sc://")
	if !ok {
		return "", nil, errors.New("the URL does not start with sc://")
	}
	head, tail, _ := strings.Cut(rest, ";")
	authority, path, _ := strings.Cut(head, "/")
	if authority == "" || strings.HasPrefix(authority, ":") {
		return "", nil, errors.New("the URL has no host")
	}
	if path != "" {
		return "", nil, errors.New("the URL has a path: write sc://host:port/;name=value (the path must be empty)")
	}
	var params []connectParam
	seen := map[string]bool{}
	for i, p := range strings.Split(tail, ";") {
		if tail == "" {
			break
		}
		kv := strings.Split(p, "=")
		if len(kv) != 2 || kv[0] == "" {
			return "", nil, fmt.Errorf("parameter %d is not name=value (one '=', URL-encode the value)", i+1)
		}
		if seen[kv[0]] {
			return "", nil, fmt.Errorf("the URL sets parameter %s twice", safeName(kv[0]))
		}
		seen[kv[0]] = true
		params = append(params, connectParam{kv[0], kv[1]})
	}
	return "sc://" + authority, params, nil
}

// safeName is a parameter or key name fit for a message: itself when it
// looks like a name, else a placeholder (a mistyped value can land in a
// name's place).
func safeName(s string) string {
	if len(s) <= 64 && envName.MatchString(strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(s))) {
		return s
	}
	return "(a parameter)"
}

// connectSecret returns why a Spark Connect URL carries a credential: a
// literal token parameter, or a literal parameter the client sends as a
// gRPC header. ${env:NAME} parameters are references, not literals.
func connectSecret(s string) (secretFinding, bool) {
	_, params, err := parseConnectURL(s)
	if err != nil {
		return secretFinding{}, false
	}
	for _, p := range params {
		if strings.Contains(p.value, "${env:") || connectSettings[p.name] {
			continue // a reference (checkConnectURL checks its form) or a setting
		}
		if p.name == ConnectToken {
			return secretFinding{"a Spark Connect token parameter (;token=)",
				"remove ;token=… and set token_env: NAME on the spark resource (the environment variable holding the token)"}, true
		}
		return secretFinding{"Spark Connect parameter " + safeName(p.name) + ", sent as a gRPC header with every request (it may carry a credential)",
			"write it as ;" + safeName(p.name) + "=${env:NAME}: the program reads NAME when it connects"}, true
	}
	return secretFinding{}, false
}

// checkConnectURL checks a connect_url: the Spark Connect grammar, and
// NAME of every ${env:NAME} parameter.
func checkConnectURL(v Value) error {
	_, params, err := parseConnectURL(v.Str)
	if err != nil {
		return err
	}
	for _, p := range params {
		if name, isRef := EnvRef(p.value); isRef && !envName.MatchString(name) {
			return &checkError{Code: CodeBadEnvName, Hint: "write ${env:NAME} with NAME matching ^[A-Z_][A-Z0-9_]*$",
				Message: "parameter " + safeName(p.name) + " references something that is not an environment variable name"}
		}
		if strings.Contains(p.value, "${env:") && !isWholeRef(p.value) {
			return &checkError{Code: CodeBadEnvName, Hint: "write the whole parameter value as ${env:NAME}",
				Message: "parameter " + safeName(p.name) + " has ${env:…} inside a longer value"}
		}
	}
	return nil
}

func isWholeRef(s string) bool {
	_, ok := EnvRef(s)
	return ok
}

// SplitConnectURL splits a checked connect_url into the URL the program
// connects with — sc://host:port and its literal parameters — and the
// parameters it reads from the environment when it connects (parameter →
// variable name, from ${env:NAME} parameters). The URL never holds a
// referenced value.
func SplitConnectURL(s string) (string, map[string]string) {
	base, params, err := parseConnectURL(s)
	if err != nil {
		return s, nil
	}
	env := map[string]string{}
	var literal []string
	for _, p := range params {
		if name, isRef := EnvRef(p.value); isRef {
			env[p.name] = name
			continue
		}
		literal = append(literal, p.name+"="+p.value)
	}
	if len(literal) > 0 {
		base += "/;" + strings.Join(literal, ";")
	}
	return base, env
}

// checkSparkResource refuses a token given twice: token_env and a token
// parameter in connect_url.
func checkSparkResource(opts map[string]Value) error {
	if _, ok := opts["token_env"]; !ok {
		return nil
	}
	if _, env := SplitConnectURL(opts["connect_url"].Str); env[ConnectToken] != "" {
		return &checkError{Code: CodeExclusiveOptions, Path: "token_env", Hint: "keep token_env, or the ;token=${env:NAME} parameter",
			Message: "token_env cannot be combined with a token parameter in connect_url"}
	}
	return nil
}

// checkS3Resource requires both S3 keys or neither: S3A signs with a pair.
func checkS3Resource(opts map[string]Value) error {
	_, a := opts["access_key_env"]
	_, s := opts["secret_key_env"]
	if a == s {
		return nil
	}
	missing := "secret_key_env"
	if s {
		missing = "access_key_env"
	}
	return &checkError{Code: CodeMissingOption, Hint: "set both access_key_env and secret_key_env, or neither (the server's own credentials)",
		Message: "an S3 key pair needs " + missing}
}
