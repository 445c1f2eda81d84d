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
