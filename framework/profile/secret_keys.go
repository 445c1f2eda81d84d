package profile

import (
	"regexp"
	"strings"
)

// sensitiveKey is one pattern of key names (Spark conf keys, Hadoop and
// Kafka client keys, JDBC properties, profile option names) that hold
// credentials, with where it comes from.
type sensitiveKey struct {
	pattern *regexp.Regexp
	source  string
}

// sensitiveKeys is the maintained list of credential-bearing key names,
// matched case-insensitively anywhere in a key. It starts from the two
// lists the engines themselves redact with — Spark's spark.redaction.regex
// default, (?i)secret|password|token|access[.]?key, and Hadoop's
// hadoop.security.sensitive-config-keys (core-default.xml, Hadoop 3.4) —
// and adds the Kafka, JDBC and cloud-store keys they miss.
var sensitiveKeys = []sensitiveKey{
	{regexp.MustCompile(`secret`), "spark.redaction.regex; Hadoop secret$, fs.s3a.secret.key"},
	{regexp.MustCompile(`passw(or)?d|passphrase|pwd$|(^|[._-])pass$`), "spark.redaction.regex; Hadoop password$, ssl.keystore.pass$; JDBC password"},
	{regexp.MustCompile(`token`), "spark.redaction.regex; fs.s3a.session.token"},
	{regexp.MustCompile(`access[._-]?key`), "spark.redaction.regex; fs.s3a.access.key"},
	{regexp.MustCompile(`api[._-]?key`), "HTTP API keys (x-api-key)"},
	{regexp.MustCompile(`private[._-]?key`), "fs.gs.auth.service.account.private.key; PEM keys"},
	{regexp.MustCompile(`(^|[._-])key$`), "*.key: fs.s3a.encryption.key, fs.s3a.server-side-encryption.key, ssl.keystore.key"},
	{regexp.MustCompile(`account[._-]key`), "Hadoop fs.azure.account.key.*"},
	{regexp.MustCompile(`session[._-]key`), "Hadoop fs.s3a.session.key"},
	{regexp.MustCompile(`credential`), "Hadoop credential$; Iceberg catalog credential"},
	{regexp.MustCompile(`jaas`), "Kafka sasl.jaas.config"},
	{regexp.MustCompile(`fs\.azure\.sas\.`), "Hadoop fs.azure.sas.* (SAS tokens)"},
	{regexp.MustCompile(`fs\.(azure|adl)\.(account\.)?oauth2?\.`), "Hadoop fs.azure.oauth2.*, fs.adl.oauth2.*"},
	{regexp.MustCompile(`fs\.gs\.(auth|encryption|proxy)\.`), "Hadoop fs.gs.auth.*, fs.gs.encryption.*, fs.gs.proxy.*"},
	{regexp.MustCompile(`(^|[._-])auth(orization)?$`), "HTTP Authorization headers"},
	{regexp.MustCompile(`signature|(^|[._-])sig$`), "signed-URL signatures (sig=, X-Amz-Signature)"},
}

// nonSecretKey matches keys that a sensitive pattern catches but that hold
// a setting, not a credential: a switch, a class name, a type, a location.
// fs.s3a.aws.credentials.provider, spark.security.credentials.hive.enabled,
// fs.s3a.delegation.token.binding, fs.gs.auth.type are settings.
var nonSecretKey = regexp.MustCompile(`[._-](enabled?|provider|provider[._-]type|type|binding|impl|class|algorithm|` +
	`keyfile|file|path|location|uri|url|endpoint|expiry|lifetime|timeout|interval|ttl|mode)$`)

// IsSecretKey reports whether a key name holds a credential: it matches
// the maintained list of sensitive Spark, Hadoop, Kafka and JDBC key
// patterns, it does not name a setting (…​.enabled, …​.provider, …​.type),
// and it is not an environment-variable reference (…_env).
func IsSecretKey(key string) bool {
	k := strings.ToLower(key)
	if strings.HasSuffix(k, "_env") || nonSecretKey.MatchString(k) {
		return false
	}
	for _, s := range sensitiveKeys {
		if s.pattern.MatchString(k) {
			return true
		}
	}
	return false
}
