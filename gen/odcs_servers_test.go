package gen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestServersOfPlugins: each plugin's asset becomes a server with its
// location, and no server holds a credential, an environment variable's
// name or a value read from one.
func TestServersOfPlugins(t *testing.T) {
	p := &profile.Redacted{Name: "prod",
		Assets: map[string]profile.RedactedEntry{
			"events":   {Plugin: "kafka-json", Resource: "kafka", Options: map[string]string{"topic": "order-events", "credential_env": "${env:KAFKA_SASL}"}},
			"pattern":  {Plugin: "kafka-json", Resource: "kafka", Options: map[string]string{"subscribe_pattern": "orders-.*"}},
			"assign":   {Plugin: "kafka-json", Resource: "kafka", Options: map[string]string{"assign": `{"orders":[0,1]}`}},
			"lake":     {Plugin: "delta", Resource: "s3", Options: map[string]string{"path": "s3a://warehouse/curated/x"}},
			"table":    {Plugin: "delta", Options: map[string]string{"table": "curated.x"}},
			"files":    {Plugin: "file-json", Options: map[string]string{"path": "out/files"}},
			"secret":   {Plugin: "delta", Options: map[string]string{"path": "<redacted>"}},
			"memory":   {Plugin: "memory"},
			"ice":      {Plugin: "iceberg", Resource: "s3", Options: map[string]string{"catalog": "lake", "warehouse": "s3a://warehouse/iceberg/", "table": "curated.x"}},
			"iceLocal": {Plugin: "iceberg", Options: map[string]string{"warehouse": "/data/ice", "table": "q.r"}},
			"iceEnv":   {Plugin: "iceberg", Options: map[string]string{"warehouse": "${env:WAREHOUSE}", "table": "q.r"}},
			"unknown":  {Plugin: "kafka-json"},
		},
		Resources: map[string]profile.RedactedEntry{
			"kafka": {Kind: "kafka", Options: map[string]string{"bootstrap_servers": "broker:9092", "sasl_password": "<redacted>"}},
			"s3":    {Kind: "s3", Options: map[string]string{"endpoint": "http://s3.internal:9000", "access_key_env": "LAKE_AK", "secret_key_env": "LAKE_SK"}},
		},
	}
	tests := []struct {
		asset string
		want  ODCSServer
		ok    bool
	}{
		{"events", ODCSServer{ID: "events", Server: "events", Type: "kafka", Environment: "prod", Host: "broker:9092", Format: "json",
			CustomProperties: []ODCSCustom{{"plugin", "kafka-json"}, {"topic", "order-events"}}}, true},
		{"pattern", ODCSServer{ID: "pattern", Server: "pattern", Type: "kafka", Environment: "prod", Host: "broker:9092", Format: "json",
			CustomProperties: []ODCSCustom{{"plugin", "kafka-json"}, {"subscribe_pattern", "orders-.*"}}}, true},
		{"assign", ODCSServer{ID: "assign", Server: "assign", Type: "kafka", Environment: "prod", Host: "broker:9092", Format: "json",
			CustomProperties: []ODCSCustom{{"plugin", "kafka-json"}, {"assign", `{"orders":[0,1]}`}}}, true},
		{"lake", ODCSServer{ID: "lake", Server: "lake", Type: "s3", Environment: "prod", Location: "s3a://warehouse/curated/x",
			EndpointURL: "http://s3.internal:9000", Format: "delta", CustomProperties: []ODCSCustom{{"plugin", "delta"}}}, true},
		{"table", ODCSServer{ID: "table", Server: "table", Type: "custom", Environment: "prod", Database: "curated", Dataset: "x", Format: "delta",
			CustomProperties: []ODCSCustom{{"plugin", "delta"}, {"table", "curated.x"}}}, true},
		{"files", ODCSServer{ID: "files", Server: "files", Type: "local", Environment: "prod", Path: "out/files", Format: "json",
			CustomProperties: []ODCSCustom{{"plugin", "file-json"}}}, true},
		{"ice", ODCSServer{ID: "ice", Server: "ice", Type: "s3", Environment: "prod", Location: "s3a://warehouse/iceberg/curated/x",
			EndpointURL: "http://s3.internal:9000", Format: "iceberg",
			CustomProperties: []ODCSCustom{{"plugin", "iceberg"}, {"catalog", "lake"}, {"table", "lake.curated.x"}}}, true},
		{"iceLocal", ODCSServer{ID: "iceLocal", Server: "iceLocal", Type: "local", Environment: "prod", Path: "/data/ice/q/r", Format: "iceberg",
			CustomProperties: []ODCSCustom{{"plugin", "iceberg"}, {"catalog", "iceberg"}, {"table", "iceberg.q.r"}}}, true},
		{"iceEnv", ODCSServer{}, false},
		{"secret", ODCSServer{}, false},
		{"memory", ODCSServer{}, false},
		{"unknown", ODCSServer{}, false},
	}
	reg := profile.Default()
	for _, tt := range tests {
		t.Run(tt.asset, func(t *testing.T) {
			plugin, _ := reg.Lookup(p.Assets[tt.asset].Plugin)
			got, ok := serverOf(p, tt.asset, plugin)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v (%+v)", ok, tt.ok, got)
			}
			if !ok {
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("server (-want +got):\n%s", diff)
			}
			doc, err := MarshalODCS(ODCSDoc{Servers: []ODCSServer{got}})
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"LAKE_", "KAFKA_SASL", "redacted", "${env:", "password"} {
				if strings.Contains(string(doc), bad) {
					t.Errorf("server of %s holds %q:\n%s", tt.asset, bad, doc)
				}
			}
		})
	}
}
