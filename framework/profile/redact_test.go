package profile

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedactedExample pins the printable form of the spark example.
func TestRedactedExample(t *testing.T) {
	src := "name: t\nengine: pyspark\nexecution: {trigger: {type: processing-time, interval: 30s}, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\", token_env: SPARK_TOKEN, conf: {spark.hadoop.fs.s3a.secret.key: \"${env:S3_SECRET}\", spark.sql.shuffle.partitions: \"8\"}}\n" +
		"  k: {bootstrap_servers: \"h:9092\", security_protocol: SASL_SSL, sasl_mechanism: SCRAM-SHA-512, credential_env: ORDERS_KAFKA_SASL}\n" +
		"assets:\n  order_events: {plugin: kafka-json, resource: k, topic: t}\n"
	p, diags := Parse("t.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatalf("parse:\n%s", render(diags))
	}
	got, err := json.MarshalIndent(p.Redacted(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, filepath.Join("testdata", "redacted.json"), append(got, '\n'))
	for _, want := range []string{"${env:ORDERS_KAFKA_SASL}", "${env:SPARK_TOKEN}", "${env:S3_SECRET}", `"interval": "30s"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("redacted profile lacks %s", want)
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
			"connect_url": {Type: TypeString, Str: "sc://h:1/;token=SUPERSECRET"},
			"conf":        {Type: TypeStringMap, Map: map[string]string{"fs.s3a.secret.key": "minio123", "u": "https://bob:pw123@h/x"}},
			"password":    {Type: TypeString, Str: "hunter2"},
		}},
	}}
	b, _ := json.Marshal(p.Redacted())
	for _, secret := range []string{"SUPERSECRET", "minio123", "pw123", "hunter2"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("redacted form leaks %q: %s", secret, b)
		}
	}
	if !strings.Contains(string(b), `\u003credacted\u003e`) { // json escapes < and >
		t.Errorf("redacted form does not mark redactions: %s", b)
	}
}

// TestIsSecretKey is table-driven over key names.
func TestIsSecretKey(t *testing.T) {
	tests := map[string]bool{
		"password": true, "sasl_password": true, "api_key": true, "spark.hadoop.fs.s3a.secret.key": true,
		"fs.s3a.access.key": true, "token": true, "sasl.jaas.config": true, "credential": true,
		"credential_env": false, "token_env": false, "topic": false, "bootstrap_servers": false, "merge_keys": false,
	}
	for key, want := range tests {
		if got := IsSecretKey(key); got != want {
			t.Errorf("IsSecretKey(%q) = %v, want %v", key, got, want)
		}
	}
}
