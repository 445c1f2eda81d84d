package planner

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestSessionEnvReferences: every environment reference of a profile
// reaches the model's session by name — token_env and ${env:NAME} Connect
// URL parameters, ${env:NAME} conf values, the s3 resource's keys as S3A
// session conf — and no value of one is in Remote or Conf.
func TestSessionEnvReferences(t *testing.T) {
	doc := oneLoadDoc("1.0.0")
	y := `name: prod
engine: pyspark
execution: {checkpoint_root: s3a://w/ck}
resources:
  spark:
    connect_url: "sc://spark.internal:443/;use_ssl=true;x-api-key=${env:GATEWAY_KEY}"
    token_env: SPARK_TOKEN
    conf:
      spark.sql.shuffle.partitions: "8"
      fs.s3a.encryption.key: "${env:S3_SSE_KEY}"
      fs.s3a.endpoint.region: eu-west-1
  kafka: {bootstrap_servers: "127.0.0.1:9092"}
  lake: {kind: s3, endpoint: "http://s3.internal:9000", access_key_env: LAKE_AK, secret_key_env: LAKE_SK}
assets:
  in: {plugin: kafka-json, resource: kafka, topic: topic}
  out: {plugin: delta, path: s3a://w/out, resource: lake}
`
	prof, diags := profile.Parse("p.yaml", []byte(y))
	if diags.HasErrors() {
		t.Fatalf("profile: %v", diags)
	}
	m, diags := Plan(doc, prof, Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	want := &Session{
		Remote:    "sc://spark.internal:443/;use_ssl=true",
		RemoteEnv: map[string]string{"token": "SPARK_TOKEN", "x-api-key": "GATEWAY_KEY"},
		Conf: map[string]string{"spark.sql.session.timeZone": "UTC", "spark.sql.shuffle.partitions": "8",
			"fs.s3a.endpoint": "http://s3.internal:9000", "fs.s3a.endpoint.region": "eu-west-1", "fs.s3a.path.style.access": "true",
			"fs.s3a.aws.credentials.provider": "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider"},
		ConfEnv: map[string]string{"fs.s3a.encryption.key": "S3_SSE_KEY", "fs.s3a.access.key": "LAKE_AK", "fs.s3a.secret.key": "LAKE_SK"},
	}
	if diff := cmp.Diff(want, m.Session); diff != "" {
		t.Errorf("session (-want +got):\n%s", diff)
	}
}
