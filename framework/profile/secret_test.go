package profile

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
)

// TestIsSecretKey is table-driven over key names: Spark, Hadoop, Kafka,
// JDBC and profile option names.
func TestIsSecretKey(t *testing.T) {
	secret := []string{
		"password", "sasl_password", "api_key", "token", "credential", "sasl.jaas.config", "kafka.sasl.jaas.config",
		"spark.hadoop.fs.s3a.secret.key", "fs.s3a.access.key", "fs.s3a.bucket.b1.access.key", "fs.s3a.session.token",
		"spark.hadoop.fs.azure.account.key.myacct.dfs.core.windows.net", "fs.azure.account.key.acct.blob.core.windows.net",
		"fs.s3a.encryption.key", "spark.hadoop.fs.s3a.server-side-encryption.key", "fs.s3a.session.key",
		"fs.azure.sas.container.acct.blob.core.windows.net", "fs.azure.account.oauth2.client.secret",
		"fs.gs.auth.service.account.private.key", "kafka.ssl.key.password", "kafka.ssl.keystore.password",
		"kafka.ssl.truststore.password", "kafka.ssl.keystore.key", "ssl.keystore.pass", "spark.ssl.keyStorePassword",
		"spark.authenticate.secret", "spark.sql.catalog.pg.password", "spark.sql.catalog.rest.token",
		"spark.sql.catalog.rest.credential", "x-api-key", "Authorization", "PWD", "private_key", "sig",
	}
	plain := []string{
		"credential_env", "token_env", "access_key_env", "topic", "bootstrap_servers", "merge_keys", "path", "table",
		"fs.s3a.aws.credentials.provider", "spark.hadoop.fs.s3a.aws.credentials.provider", "spark.security.credentials.hive.enabled",
		"fs.s3a.delegation.token.binding", "fs.gs.auth.type", "fs.gs.auth.service.account.json.keyfile",
		"kafka.sasl.oauthbearer.token.endpoint.url", "kafka.ssl.keystore.location", "fs.s3a.endpoint", "fs.s3a.path.style.access",
		"spark.sql.shuffle.partitions", "spark.sql.session.timeZone", "fs.s3a.encryption.algorithm", "kafka.key.deserializer",
		"spark.io.encryption.keySizeBits", "user_id", "session_id",
	}
	for _, k := range secret {
		if !IsSecretKey(k) {
			t.Errorf("IsSecretKey(%q) = false, want true", k)
		}
	}
	for _, k := range plain {
		if IsSecretKey(k) {
			t.Errorf("IsSecretKey(%q) = true, want false", k)
		}
	}
}

// TestLiteralSecretValues: values that carry a credential whatever their
// key, and values that do not.
func TestLiteralSecretValues(t *testing.T) {
	secret := map[string]string{
		"user:SECRET@h:9092":                                                     "before a host",
		"h1:9092,user:SECRET@h2:9092":                                            "before a host",
		"https://bob:pw123@h/x":                                                  "user info",
		"sc://user:pw@h:15002":                                                   "user info",
		"jdbc:postgresql://u:pw@db:5432/x":                                       "user info",
		"jdbc:postgresql://db:5432/x?user=a&password=x":                          "password=",
		"jdbc:sqlserver://db;user=a;password=x":                                  "password=",
		"jdbc:mysql://db/x?PWD=x":                                                "PWD=",
		"https://h/x?token=abc":                                                  "token=",
		"https://h/x?access_token=abc":                                           "access_token=",
		"https://h/x?api-key=abc":                                                "api-key=",
		"https://acct.blob.core.windows.net/c?sv=2022-11-02&sig=abc%3D":          "sig=",
		"https://b.s3.amazonaws.com/k?X-Amz-Credential=AK%2F&X-Amz-Signature=ab": "X-Amz-Credential=",
		"DefaultEndpointsProtocol=https;AccountName=a;AccountKey=abc==;":         "AccountKey=",
		`org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="p";`: "password=",
		"-Djavax.net.ssl.trustStorePassword=changeit":                                                 "trustStorePassword=",
		"sc://h:15002/;token=abc":                  "token parameter",
		"sc://h:15002/;use_ssl=true;x-api-key=abc": "x-api-key",
		"sc://h:15002/;authorization=Bearer%20abc": "authorization",
		"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U": "JSON Web Token",
		"prefix eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.":                                                             "JSON Web Token",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIE...":                                                                     "PEM",
		"AKIAIOSFODNN7EXAMPLE":                        "AWS access key id",
		"key ASIAIOSFODNN7EXAMPLE,":                   "AWS access key id",
		"Bearer abcdefghijklmnopqrstuvwxyz0123456789": "Authorization",
	}
	plain := []string{
		"h1:9092,h2:9092", "[::1]:9092", "s3a://warehouse/checkpoints", "sc://127.0.0.1:15002", "sc://h:15002/;use_ssl=true;user_id=etl",
		"sc://h:15002/;x-api-key=${env:API_KEY}", "https://h/x?user=a&page=2", "jdbc:postgresql://u@db/x", "git@github.com:o/r.git",
		"repo/img:tag@sha256:0123abcd", "img:tag@sha256:0123abcd", "curated.customer_order_windows", "30 seconds", "us-east-1",
		"https://h/x?password=", "https://h/x?password=${env:PW}", "eyJ only", "spark.sql.shuffle.partitions=8", "PLAINTEXT",
	}
	for v, why := range secret {
		reason, found := LiteralSecret("", v)
		if !found || !strings.Contains(reason, why) {
			t.Errorf("LiteralSecret(%q) = %q, %v; want a reason with %q", v, reason, found, why)
		}
		if strings.Contains(reason, v) {
			t.Errorf("the reason for %q quotes the value: %q", v, reason)
		}
	}
	for _, v := range plain {
		if reason, found := LiteralSecret("", v); found {
			t.Errorf("LiteralSecret(%q) = %q, want no credential", v, reason)
		}
	}
	if _, found := LiteralSecret("fs.s3a.secret.key", "${env:S3_SECRET}"); found {
		t.Error("an ${env:NAME} reference is not a literal")
	}
	if _, found := LiteralSecret("fs.s3a.secret.key", "minio123"); !found {
		t.Error("a literal under a credential key is a secret")
	}
}

// issueProfile is a spark profile with the issue's literal secrets, each
// in its own place; every one must be ETL-P313 at its own line.
const issueProfile = `name: t
engine: pyspark
execution: {trigger: available-now, checkpoint_root: s3a://w/ck}
resources:
  spark:
    connect_url: "sc://h:15002/;x-api-key=APIKEY000"
    conf:
      spark.hadoop.fs.azure.account.key.myacct.dfs.core.windows.net: "AZSECRETKEY123"
      fs.s3a.encryption.key: "S3ENCKEY456"
      spark.sql.catalog.pg.url: "jdbc:postgresql://db:5432/x?user=a&password=JDBCPW789"
      spark.sql.catalog.rest.uri: "https://h/v1?token=TOKEN0001"
      spark.sql.catalog.x.header: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJKV1QwMDAyIn0.c2ln"
  k: {kind: kafka, bootstrap_servers: "user:KAFKAPW03@h:9092"}
  other: {kind: spark, connect_url: "sc://h:1/;token=SCTOKEN04"}
assets:
  a: {plugin: delta, path: "s3a://bob:S3PW0005@w/t"}
  b: {plugin: delta, table: x, some_password: "UNKNOWNPW06"}
`

// TestParseRefusesSecrets: every literal secret of the issue is ETL-P313
// at its position, the hint names an env-var mechanism, and neither the
// diagnostics nor the redacted profile contain the value.
func TestParseRefusesSecrets(t *testing.T) {
	p, diags := Parse("t.yaml", []byte(issueProfile))
	want := map[int]string{6: "x-api-key", 8: "the key names a credential", 9: "the key names a credential", 10: "password=",
		11: "token=", 12: "JSON Web Token", 13: "before a host", 14: "token parameter", 16: "user info", 17: "some_password"}
	got := map[int]string{}
	for _, d := range diags {
		if d.Code != CodeSecretLiteral {
			continue
		}
		got[d.Pos.Line] = d.Message
		if !strings.Contains(d.Hint, "env") {
			t.Errorf("%d: hint names no env mechanism: %s", d.Pos.Line, d.Hint)
		}
	}
	for line, why := range want {
		if !strings.Contains(got[line], why) && !(line == 17 && strings.Contains(got[line], "literal secret")) {
			t.Errorf("line %d: got %q, want ETL-P313 with %q\n%s", line, got[line], why, render(diags))
		}
	}
	values := []string{"APIKEY000", "AZSECRETKEY123", "S3ENCKEY456", "JDBCPW789", "TOKEN0001", "eyJzdWIiOiJKV1QwMDAyIn0",
		"KAFKAPW03", "SCTOKEN04", "S3PW0005", "UNKNOWNPW06"}
	red, _ := json.Marshal(p.Redacted())
	for _, v := range values {
		if strings.Contains(string(render(diags)), v) || strings.Contains(string(red), v) {
			t.Errorf("%s leaks into the diagnostics or the redacted profile", v)
		}
	}
}

// TestRedactedHidesLiterals: even a profile built around the parser never
// prints a literal secret.
func TestRedactedHidesLiterals(t *testing.T) {
	reg := Default()
	spark, _ := reg.LookupResource("spark")
	p := &Profile{name: "x", assets: map[string]*Asset{}, resources: map[string]*Resource{
		"spark": {Name: "spark", Kind: spark, Options: map[string]Value{
			"connect_url": {Type: TypeString, Str: "sc://h:1/;x-api-key=SUPERSECRET"},
			"conf": {Type: TypeStringMap, Map: map[string]string{"fs.s3a.secret.key": "minio123", "u": "https://bob:pw123@h/x",
				"spark.hadoop.fs.azure.account.key.a.dfs.core.windows.net": "azkey456", "jdbc": "jdbc:x://h/d?password=jdbc789"}},
			"password": {Type: TypeString, Str: "hunter2"},
		}},
	}}
	b, _ := json.Marshal(p.Redacted())
	for _, secret := range []string{"SUPERSECRET", "minio123", "pw123", "hunter2", "azkey456", "jdbc789"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("redacted form leaks %q: %s", secret, b)
		}
	}
	if !strings.Contains(string(b), `\u003credacted\u003e`) { // json escapes < and >
		t.Errorf("redacted form does not mark redactions: %s", b)
	}
}

// TestConnectURL: the Spark Connect grammar (ETL-P315), ${env:NAME}
// parameters (ETL-P312 for a bad name), and the split into the URL the
// program connects with and the parameters it reads from the environment.
func TestConnectURL(t *testing.T) {
	codes := map[string]string{
		"sc://h:15002":                              "",
		"sc://h:15002/":                             "",
		"sc://h:15002/;use_ssl=true;user_id=etl":    "",
		"sc://h:15002/;x-api-key=${env:API_KEY}":    "",
		"sc://h:15002/;token=${env:SPARK_TOKEN}":    "",
		"http://h:15002":                            CodeBadValue,
		"sc://":                                     CodeBadValue,
		"sc://h:15002/prefix/;use_ssl=true":         CodeBadValue,
		"sc://h:15002/;use_ssl":                     CodeBadValue,
		"sc://h:15002/;a=b=c":                       CodeBadValue,
		"sc://h:15002/;user_id=a;user_id=b":         CodeBadValue,
		"sc://h:15002/;x-api-key=${env:api-key}":    CodeBadEnvName,
		"sc://h:15002/;x-api-key=pre${env:API_KEY}": CodeBadEnvName,
		"sc://h:15002/;x-api-key=literal":           CodeSecretLiteral,
		"sc://h:15002/;token=literal":               CodeSecretLiteral,
	}
	for url, want := range codes {
		_, diags := Parse("t.yaml", []byte("name: t\nengine: pyspark\nexecution: {checkpoint_root: s3a://w/ck}\nresources:\n  spark: {connect_url: "+strconv.Quote(url)+"}\n"))
		got := strings.Join(diags.Codes(), ",")
		if got != want {
			t.Errorf("%s: codes %q, want %q\n%s", url, got, want, render(diags))
		}
	}
	remote, env := SplitConnectURL("sc://h:15002/;use_ssl=true;x-api-key=${env:API_KEY};token=${env:TOK};user_id=etl")
	if remote != "sc://h:15002/;use_ssl=true;user_id=etl" || !cmp.Equal(env, map[string]string{"x-api-key": "API_KEY", "token": "TOK"}) {
		t.Errorf("SplitConnectURL = %q, %v", remote, env)
	}
}

// TestResourceChecks: both S3 keys or neither; one token, not two; no
// session setting that changes what expressions mean.
func TestResourceChecks(t *testing.T) {
	cases := map[string]string{
		"s3: {endpoint: \"http://h:1\", access_key_env: AK}":                                 CodeMissingOption,
		"s3: {endpoint: \"http://h:1\", secret_key_env: SK}":                                 CodeMissingOption,
		"s3: {endpoint: \"http://h:1\", access_key_env: AK, secret_key_env: SK}":             "",
		"spark2: {kind: spark, connect_url: \"sc://h:1/;token=${env:T}\", token_env: T}":     CodeExclusiveOptions,
		"spark2: {kind: spark, connect_url: \"sc://h:1/;x-api-key=${env:K}\", token_env: T}": "",
		// expressions mean what they mean in ANSI mode with a UTC session
		"spark2: {kind: spark, connect_url: \"sc://h:1\", session_timezone: UTC}":                                    "",
		"spark2: {kind: spark, connect_url: \"sc://h:1\", session_timezone: Europe/Paris}":                           CodeBadValue,
		"spark2: {kind: spark, connect_url: \"sc://h:1\", conf: {spark.sql.ansi.enabled: \"false\"}}":                CodeBadValue,
		"spark2: {kind: spark, connect_url: \"sc://h:1\", conf: {spark.sql.session.timeZone: America/New_York}}":     CodeBadValue,
		"spark2: {kind: spark, connect_url: \"sc://h:1\", conf: {spark.sql.ansi.enabled: \"true\", spark.x: \"1\"}}": "",
	}
	for res, want := range cases {
		_, diags := Parse("t.yaml", []byte("name: t\nengine: pyspark\nexecution: {checkpoint_root: s3a://w/ck}\nresources:\n  "+res+"\n"))
		if got := strings.Join(diags.Codes(), ","); got != want {
			t.Errorf("%s: codes %q, want %q\n%s", res, got, want, render(diags))
		}
	}
}

// hostileValues are values no diagnostic may quote: credentials of every
// shape, and a near miss of an enum value (the hint may suggest the
// allowed value, never repeat the written one). Each maps to the part
// that must not appear.
var hostileValues = map[string]string{
	"user:SECRET01@h:9092":                               "SECRET01",
	"hunter2-SECRET02":                                   "SECRET02",
	"https://bob:SECRET03@h/x":                           "SECRET03",
	"jdbc:postgresql://db/x?user=a&password=SECRET04":    "SECRET04",
	"sc://h:1/;x-api-key=SECRET05":                       "SECRET05",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJTRUNSRVQwNiJ9.c2ln": "eyJzdWIiOiJTRUNSRVQwNiJ9",
	"AKIAABCDEFGHSECRET07":                               "SECRET07",
	"SECRET08\nsecond line":                              "SECRET08",
	"s3cr3t SECRET09 with spaces":                        "SECRET09",
	"PLAINTEXTX":                                         "PLAINTEXTX",
	"99999999999999999999999":                            "99999999999999999999999",
	"-5":                                                 "-5 ",
}

// hostilePositions lists a profile for every place a value can be written
// — header, execution, every option of every plugin and resource kind,
// asset and resource references, conf values — with %s where the value
// goes (a YAML double-quoted string).
func hostilePositions() map[string]string {
	base := func(exec, assets, resources string) string {
		return "name: t\nengine: pyspark\nexecution: {" + exec + "}\nassets:\n" + assets + "resources:\n" +
			"  spark: {connect_url: \"sc://h:1\"}\n  k: {kind: kafka, bootstrap_servers: \"h:9092\"}\n  st: {kind: s3, endpoint: \"http://h:1\"}\n" + resources
	}
	const ck = "checkpoint_root: s3a://w/ck"
	out := map[string]string{}
	for i, k := range []string{"name", "engine", "description", "test"} {
		vals := []any{"t", "pyspark", "d", "false", ck}
		vals[i] = "%s"
		out[k] = fmt.Sprintf("name: %s\nengine: %s\ndescription: %s\ntest: %s\nexecution: {%s}\n", vals...)
	}
	for _, k := range []string{"mode", "trigger", "checkpoint_root", "stop_policy", "stop_timeout"} {
		out["execution."+k] = base(k+": %s", "", "")
	}
	out["execution.trigger.type"] = base(ck+", trigger: {type: %s}", "", "")
	out["execution.trigger.interval"] = base(ck+", trigger: {type: processing-time, interval: %s}", "", "")
	out["assets.plugin"] = base(ck, "  a: {plugin: %s}\n", "")
	out["assets.resource"] = base(ck, "  a: {plugin: kafka-json, topic: t, resource: %s}\n", "")
	out["resources.kind"] = base(ck, "", "  r: {kind: %s}\n")
	out["resources.spark.conf"] = base(ck, "", "  s2: {kind: spark, connect_url: \"sc://h:1\", conf: {spark.x: %s}}\n")
	reg := Default()
	res := map[string]string{"kafka": "k", "s3": "st", "spark": "spark"}
	reg.Walk(func(p *Plugin) {
		for _, o := range p.Options {
			ref := ""
			if p.ResourceKind != "" {
				ref = ", resource: " + res[p.ResourceKind]
			}
			out["assets."+string(p.Name)+"."+o.Name] = base(ck, "  a: {plugin: "+string(p.Name)+ref+", "+o.Name+": "+shaped(o.Type)+"}\n", "")
		}
	})
	reg.WalkResources(func(k *ResourceKind) {
		for _, o := range k.Options {
			out["resources."+k.Name+"."+o.Name] = base(ck, "", "  r: {kind: "+k.Name+", "+o.Name+": "+shaped(o.Type)+"}\n")
		}
	})
	return out
}

// shaped places %s as a value of type t: in a list, as a map value, as a
// scalar.
func shaped(t OptionType) string {
	switch t {
	case TypeStringList:
		return "[%s]"
	case TypeStringMap:
		return "{k: %s}"
	}
	return "%s"
}

// TestMessagesNeverQuoteValues: whatever value is written wherever, no
// diagnostic's message, hint or path contains it. The merge keys are
// checked through Bind.
func TestMessagesNeverQuoteValues(t *testing.T) {
	positions := hostilePositions()
	example, err := os.ReadFile(filepath.Join(exampleDir, "spark.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	positions["bind.merge_keys"] = strings.Replace(string(example), "[customer_id, window_start, window_end]", "[%s]", 1)
	positions["bind.checkpoint_root"] = strings.Replace(string(example), "s3a://warehouse/checkpoints", "%s", 1)
	if len(positions) < 40 {
		t.Fatalf("only %d positions", len(positions))
	}
	reported := 0
	for where, tmpl := range positions {
		for value, needle := range hostileValues {
			yaml := strings.Replace(tmpl, "%s", strconv.Quote(value), 1)
			diags := parseAndBind("t.yaml", []byte(yaml))
			if where == "name" { // a valid profile name is a name: plans, docs and checkpoints print it
				_, diags = Parse("t.yaml", []byte(yaml))
			}
			reported += len(diags)
			for _, d := range diags {
				if strings.Contains(d.Message+" ", needle) || strings.Contains(d.Hint+" ", needle) || strings.Contains(d.Path, needle) {
					t.Errorf("%s = %q: %s", where, value, renderOne(d))
				}
			}
		}
	}
	if reported == 0 {
		t.Fatal("no diagnostics at all: the positions are not reached")
	}
}

func renderOne(d diag.Diagnostic) string { return string(render(diag.List{d})) }
