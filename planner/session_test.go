package planner

import (
	"strings"
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

// TestSessionStateStore: execution.state_store rocksdb sets the provider
// class and changelog checkpointing in the session; a provider the spark
// resource's conf names wins, and the plan says which store runs.
func TestSessionStateStore(t *testing.T) {
	tests := []struct {
		name, store, conf string
		want              string
		wantConf          map[string]string
	}{
		{"default", "", "", "hdfs", map[string]string{}},
		{"rocksdb", "state_store: rocksdb", "", "rocksdb", map[string]string{
			StateStoreProviderConf: RocksDBStateStoreProvider,
			"spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled": "true"}},
		{"conf wins", "state_store: rocksdb",
			"conf: {spark.sql.streaming.stateStore.providerClass: org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider}",
			"hdfs", map[string]string{StateStoreProviderConf: "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider",
				"spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled": "true"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			y := "name: prod\nengine: pyspark\nexecution: {checkpoint_root: s3a://w/ck, " + tt.store + "}\n" +
				"resources:\n  spark: {connect_url: \"sc://127.0.0.1:15002\", " + tt.conf + "}\n  kafka: {bootstrap_servers: \"127.0.0.1:9092\"}\n" +
				"assets:\n  in: {plugin: kafka-json, resource: kafka, topic: topic}\n  out: {plugin: delta, path: s3a://w/out}\n"
			prof, diags := profile.Parse("p.yaml", []byte(y))
			if diags.HasErrors() {
				t.Fatalf("profile: %v", diags)
			}
			m, diags := Plan(oneLoadDoc("1.0.0"), prof, Options{})
			if diags.HasErrors() {
				t.Fatalf("plan: %v", diags)
			}
			if m.StateStore != tt.want {
				t.Errorf("state store %q, want %q", m.StateStore, tt.want)
			}
			got := map[string]string{}
			for k, v := range m.Session.Conf {
				if strings.HasPrefix(k, "spark.sql.streaming.stateStore.") {
					got[k] = v
				}
			}
			if diff := cmp.Diff(tt.wantConf, got); diff != "" {
				t.Errorf("state store conf (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStateSnapshotInterval: execution.state_snapshot_interval is the
// plan's snapshot interval on both engines (10 without it); on Spark it
// sets minDeltasForSnapshot in the session only when the profile says,
// and a spark resource conf wins; the plan text names it.
func TestStateSnapshotInterval(t *testing.T) {
	tests := []struct {
		name, engine, option, conf string
		want                       int
		wantConf                   string // the session's minDeltasForSnapshot; "" none
		text                       string
	}{
		{"spark default", "pyspark", "", "", 10, "", "a snapshot every 10 deltas"},
		{"spark option", "pyspark", "state_snapshot_interval: 25", "", 25, "25", "a snapshot every 25 deltas"},
		{"spark conf wins", "pyspark", "state_snapshot_interval: 25", "conf: {spark.sql.streaming.stateStore.minDeltasForSnapshot: \"7\"}", 7, "7", "a snapshot every 7 deltas"},
		{"local default", "local", "", "", 10, "", "state store: local (a delta of the changed keys per batch, a snapshot every 10 batches)"},
		{"local option", "local", "state_snapshot_interval: 3", "", 3, "", "a snapshot every 3 batches"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			y := "name: prod\nengine: " + tt.engine + "\nexecution: {checkpoint_root: /w/ck, " + tt.option + "}\n" +
				"resources:\n  spark: {connect_url: \"sc://127.0.0.1:15002\", " + tt.conf + "}\n  kafka: {bootstrap_servers: \"127.0.0.1:9092\"}\n" +
				"assets:\n  in: {plugin: kafka-json, resource: kafka, topic: topic}\n  out: {plugin: delta, path: /w/out}\n"
			if tt.engine == "local" {
				y = "name: test\nengine: local\ntest: true\nexecution: {checkpoint_root: /w/ck, " + tt.option + "}\n" +
					"assets:\n  in: {plugin: memory}\n  out: {plugin: memory}\n"
			}
			prof, diags := profile.Parse("p.yaml", []byte(y))
			if diags.HasErrors() {
				t.Fatalf("profile: %v", diags)
			}
			m, diags := Plan(oneLoadDoc("1.0.0"), prof, Options{})
			if diags.HasErrors() {
				t.Fatalf("plan: %v", diags)
			}
			if m.StateSnapshotInterval != tt.want {
				t.Errorf("interval %d, want %d", m.StateSnapshotInterval, tt.want)
			}
			if m.Session != nil && m.Session.Conf[MinDeltasForSnapshotConf] != tt.wantConf {
				t.Errorf("session minDeltasForSnapshot %q, want %q", m.Session.Conf[MinDeltasForSnapshotConf], tt.wantConf)
			}
			if !strings.Contains(m.Text(), tt.text) {
				t.Errorf("the plan text does not say %q:\n%s", tt.text, m.Text())
			}
		})
	}
}
