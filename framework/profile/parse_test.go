package profile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
)

const exampleDir = "../../examples/order-streaming/profiles"

// TestExampleProfilesParse: the shipped profiles parse with no diagnostic at all.
func TestExampleProfilesParse(t *testing.T) {
	for _, name := range []string{"local.yaml", "spark.yaml"} {
		t.Run(name, func(t *testing.T) {
			p, diags, err := Load(filepath.Join(exampleDir, name))
			if err != nil {
				t.Fatal(err)
			}
			if len(diags) != 0 {
				t.Fatalf("diagnostics:\n%s", render(diags))
			}
			if p.Name() == "" || p.Engine() == "" || len(p.AssetNames()) != 4 {
				t.Errorf("name %q engine %q assets %v", p.Name(), p.Engine(), p.AssetNames())
			}
		})
	}
}

// TestAccessors checks the typed accessors on the spark example.
func TestAccessors(t *testing.T) {
	p, diags, err := Load(filepath.Join(exampleDir, "spark.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatalf("load: %v\n%s", err, render(diags))
	}
	orders, _ := p.Asset("order_events")
	windows, _ := p.Asset("customer_order_windows")
	kafka, _ := p.Resource("orders_kafka")
	got := map[string]any{
		"engine":           p.Engine(),
		"trigger":          p.Trigger().Type,
		"checkpoint":       p.CheckpointRoot(),
		"stop":             p.Execution().StopTimeout,
		"plugin":           string(orders.Plugin.Name),
		"resource":         orders.Resource.Name,
		"max_offsets":      orders.Int("max_offsets_per_trigger"),
		"fail_on_loss":     orders.Bool("fail_on_data_loss"),
		"merge_keys":       windows.Strings("merge_keys"),
		"bootstrap":        kafka.String("bootstrap_servers"),
		"spark_options":    orders.SparkOptions(),
		"explicit_offsets": orders.Has("starting_offsets"),
	}
	want := map[string]any{
		"engine":       EnginePySpark,
		"trigger":      TriggerAvailableNow,
		"checkpoint":   "s3a://warehouse/checkpoints",
		"stop":         2 * time.Minute,
		"plugin":       "kafka-json",
		"resource":     "orders_kafka",
		"max_offsets":  int64(100000),
		"fail_on_loss": true,
		"merge_keys":   []string{"customer_id", "window_start", "window_end"},
		"bootstrap":    "127.0.0.1:9092",
		"spark_options": map[string]string{"subscribe": "order-events", "startingOffsets": "earliest", "maxOffsetsPerTrigger": "100000",
			"failOnDataLoss": "true", "kafka.bootstrap.servers": "127.0.0.1:9092", "kafka.security.protocol": "PLAINTEXT"},
		"explicit_offsets": true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("accessors (-want +got):\n%s", diff)
	}
}

// TestParseValues is table-driven over small valid profiles and one decoded
// value each.
func TestParseValues(t *testing.T) {
	const head = "name: t\nengine: pyspark\nexecution: {trigger: %s, checkpoint_root: s3a://b/c}\nresources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {kind: kafka, bootstrap_servers: \"h:9092,g:9093\"}\nassets:\n  a: "
	tests := []struct {
		name, trigger, asset, option, want string
	}{
		{"defaults fill", "once", "{plugin: kafka-json, resource: k, topic: t}", "starting_offsets", "latest"},
		{"default bool", "once", "{plugin: kafka-json, resource: k, topic: t}", "fail_on_data_loss", "true"},
		{"offsets mapping", "once", "{plugin: kafka-json, resource: k, topic: t, starting_offsets: {t: {\"0\": 5, \"1\": -2}}}", "starting_offsets", `{"t":{"0":5,"1":-2}}`},
		{"offsets json", "once", "{plugin: kafka-json, resource: k, topic: t, starting_offsets: '{\"t\":{\"0\":7}}'}", "starting_offsets", `{"t":{"0":7}}`},
		{"timestamp", "once", "{plugin: kafka-json, resource: k, topic: t, starting_timestamp: 2026-07-15T10:00:00Z}", "starting_timestamp", "2026-07-15T10:00:00Z"},
		{"timestamp millis to spark", "once", "{plugin: kafka-json, resource: k, topic: t, starting_timestamp: 1784109600000}", "starting_timestamp", "2026-07-15T10:00:00Z"},
		{"cdf version", "available-now", "{plugin: delta-cdf, path: s3a://w/t, starting_version: 3}", "starting_version", "3"},
		{"cdf bytes", "available-now", "{plugin: delta-cdf, table: a.b, max_bytes_per_trigger: 512M}", "max_bytes_per_trigger", "512m"},
		{"rate duration", "{type: processing-time, interval: 1 minute}", "{plugin: rate, ramp_up_time: 90s}", "ramp_up_time", "90 seconds"},
		{"merge keys", "once", "{plugin: delta, table: a.b, write_mode: foreach-batch-merge, merge_keys: [x, y]}", "merge_keys", "x,y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sprintf(head, tt.trigger) + tt.asset + "\n"
			p, diags := Parse("t.yaml", []byte(src))
			if len(diags) != 0 {
				t.Fatalf("diagnostics:\n%s", render(diags))
			}
			a, _ := p.Asset("a")
			if got := a.String(tt.option); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.option, got, tt.want)
			}
		})
	}
}

// TestMergeKeys: YAML anchors and merge keys share options between assets.
func TestMergeKeys(t *testing.T) {
	src := "name: t\nengine: pyspark\nexecution: {trigger: once, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\n" +
		"assets:\n  a: &kafka {plugin: kafka-json, resource: k, topic: one, max_offsets_per_trigger: 10}\n" +
		"  b:\n    <<: *kafka\n    topic: two\n"
	p, diags := Parse("t.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatalf("diagnostics:\n%s", render(diags))
	}
	b, _ := p.Asset("b")
	got := b.SparkOptions()
	want := map[string]string{"subscribe": "two", "maxOffsetsPerTrigger": "10", "startingOffsets": "latest",
		"failOnDataLoss": "true", "kafka.bootstrap.servers": "h:9092", "kafka.security.protocol": "PLAINTEXT"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("merged options (-want +got):\n%s", diff)
	}
}

// TestSparkOptions: fixed options, resource options and epoch-millisecond
// timestamps as the Spark engine passes them.
func TestSparkOptions(t *testing.T) {
	src := "name: t\nengine: pyspark\nexecution: {trigger: once, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\n" +
		"assets:\n  cdf: {plugin: delta-cdf, table: raw.c, starting_version: 0, max_bytes_per_trigger: 1g}\n" +
		"  orders: {plugin: kafka-json, resource: k, topic: o, starting_timestamp: 2026-07-15T10:00:00Z}\n" +
		"  files: {plugin: file-json, path: /in, max_bytes_per_trigger: 64mb, ignore_missing_files: true}\n"
	p, diags := Parse("t.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatalf("diagnostics:\n%s", render(diags))
	}
	tests := []struct {
		asset string
		want  map[string]string
	}{
		{"cdf", map[string]string{"readChangeFeed": "true", "startingVersion": "0", "maxBytesPerTrigger": "1g"}},
		{"orders", map[string]string{"subscribe": "o", "startingTimestamp": "1784109600000", "failOnDataLoss": "true",
			"kafka.bootstrap.servers": "h:9092", "kafka.security.protocol": "PLAINTEXT"}},
		// Spark's file source reads maxBytesPerTrigger with toLong: a byte count
		{"files", map[string]string{"path": "/in", "maxBytesPerTrigger": "67108864", "ignoreMissingFiles": "true",
			"pathGlobFilter": "*.{json,jsonl}"}},
	}
	for _, tt := range tests {
		a, _ := p.Asset(tt.asset)
		if diff := cmp.Diff(tt.want, a.SparkOptions()); diff != "" {
			t.Errorf("%s Spark options (-want +got):\n%s", tt.asset, diff)
		}
	}
}

// TestFileJSONTriggerLimits: Spark refuses maxFilesPerTrigger with
// maxBytesPerTrigger ("can't be both set at the same time", Spark 4.1.1), so
// the profile does; sizes that overflow are not sizes.
func TestFileJSONTriggerLimits(t *testing.T) {
	for yaml, want := range map[string]string{
		"max_files_per_trigger: 1, max_bytes_per_trigger: 1k": CodeExclusiveOptions,
		"max_bytes_per_trigger: 9999999999t":                  CodeBadValue,
		"max_bytes_per_trigger: 0":                            CodeBadValue,
	} {
		src := "name: t\nengine: local\nexecution: {checkpoint_root: /ck}\nassets:\n  f: {plugin: file-json, path: /in, " + yaml + "}\n"
		_, diags := Parse("t.yaml", []byte(src))
		if len(diags) != 1 || diags[0].Code != want {
			t.Errorf("%s: diagnostics\n%s\nwant one %s", yaml, render(diags), want)
		}
	}
}

// TestPositions asserts file:line:col of a few diagnostics directly.
func TestPositions(t *testing.T) {
	src := "name: p\n" + // 1
		"engine: local\n" + // 2
		"execution:\n" + // 3
		"  trigger:\n" + // 4
		"    type: processing-time\n" + // 5
		"    interval: 10 lightyears\n" + // 6
		"  checkpoint_root: out/ck\n" + // 7
		"assets:\n" + // 8
		"  order_events:\n" + // 9
		"    plugin: file-json\n" + // 10
		"    path: in\n" + // 11
		"    max_files_per_triger: 3\n" // 12
	_, diags := Parse("p.yaml", []byte(src))
	type at struct {
		code      string
		line, col int
	}
	var got []at
	for _, d := range diags {
		got = append(got, at{d.Code, d.Pos.Line, d.Pos.Column})
	}
	want := []at{{CodeBadDuration, 6, 15}, {CodeUnknownKey, 12, 5}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(at{})); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
	if diags[1].Pos.File != "p.yaml" {
		t.Errorf("file = %q", diags[1].Pos.File)
	}
}

// TestRelativePaths: relative paths resolve against the profile's directory,
// URIs and absolute paths stay as written.
func TestRelativePaths(t *testing.T) {
	tests := []struct{ dir, in, want string }{
		{"profiles", "../out/ck", "out/ck"},
		{"profiles", "s3a://warehouse/ck", "s3a://warehouse/ck"},
		{"profiles", "/var/lib/etl/ck", "/var/lib/etl/ck"},
		{"profiles", "file:///var/ck", "file:///var/ck"},
		{"", "out", "out"},
	}
	for _, tt := range tests {
		if got := resolvePath(tt.dir, tt.in); got != filepath.FromSlash(tt.want) {
			t.Errorf("resolvePath(%q, %q) = %q, want %q", tt.dir, tt.in, got, tt.want)
		}
	}
}

// TestParseDuration covers both duration spellings and rejects the rest.
func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"30s", 30 * time.Second, true},
		{"1h30m", 90 * time.Minute, true},
		{"30 seconds", 30 * time.Second, true},
		{"1 minute", time.Minute, true},
		{"2 hours", 2 * time.Hour, true},
		{"250 ms", 250 * time.Millisecond, true},
		{"1 day", 24 * time.Hour, true},
		{"0s", 0, false},
		{"-1m", 0, false},
		{"soon", 0, false},
		{"30", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseDuration(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestLocalProfilePaths: the local profile's relative paths resolve against
// its directory to the committed sample events (21 events in 4 files) and to
// the git-ignored out/ directory.
func TestLocalProfilePaths(t *testing.T) {
	p, diags, err := Load(filepath.Join(exampleDir, "local.yaml"))
	if err != nil || len(diags) != 0 {
		t.Fatalf("load: %v\n%s", err, render(diags))
	}
	if p.Dir() != filepath.Clean(exampleDir) || p.File() != filepath.Join(exampleDir, "local.yaml") {
		t.Errorf("Dir() = %q, File() = %q", p.Dir(), p.File())
	}
	events, _ := p.Asset("order_events")
	files, err := filepath.Glob(filepath.Join(events.Path("path"), "*.jsonl"))
	if err != nil || len(files) != 4 {
		t.Fatalf("event files = %v (%v), want 4", files, err)
	}
	lines := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(data), "\n")
	}
	if lines != 21 {
		t.Errorf("sample events = %d lines, want 21", lines)
	}
	wantOut := filepath.Join("..", "..", "examples", "order-streaming", "out")
	if got := p.CheckpointRoot(); got != filepath.Join(wantOut, "checkpoints") {
		t.Errorf("CheckpointRoot() = %q", got)
	}
	if _, _, err := Load(filepath.Join(exampleDir, "missing.yaml")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) error = %v, want fs.ErrNotExist", err)
	}
}

// TestZeroInterval: a processing-time trigger of 0 seconds is Spark's "as
// fast as possible" (ProcessingTime(0)); a negative one is an error.
func TestZeroInterval(t *testing.T) {
	for _, tc := range []struct {
		interval string
		ok       bool
	}{{"0s", true}, {"0 seconds", true}, {"0", true}, {"-1s", false}, {"1ms", true}} {
		src := "name: p\nengine: local\ntest: true\nexecution: {trigger: {type: processing-time, interval: " + tc.interval + "}, checkpoint_root: out}\nassets: {}\n"
		p, l := Parse("p.yaml", []byte(src))
		if got := !l.HasErrors(); got != tc.ok {
			t.Errorf("interval %s: ok=%v, want %v: %v", tc.interval, got, tc.ok, l)
			continue
		}
		if tc.ok && p.Trigger().String() != "processing-time "+p.Trigger().Interval.String() {
			t.Errorf("interval %s: trigger renders %q", tc.interval, p.Trigger().String())
		}
	}
}

// TestStateSnapshotInterval: execution.state_snapshot_interval is a
// positive integer on either engine; anything else is a coded error, and
// without it the engines' default applies (0 here).
func TestStateSnapshotInterval(t *testing.T) {
	for _, tc := range []struct {
		engine, value string
		want          int
		code          string
	}{
		{"local", "", 0, ""},
		{"local", "1", 1, ""},
		{"local", "25", 25, ""},
		{"pyspark", "7", 7, ""},
		{"local", "0", 0, CodeBadValue},
		{"local", "-3", 0, CodeBadValue},
		{"local", "ten", 0, CodeWrongType},
		{"local", "1.5", 0, CodeWrongType},
		{"local", "\"10\"", 0, CodeWrongType},
		{"local", "[10]", 0, CodeWrongType},
	} {
		t.Run(tc.engine+"/"+tc.value, func(t *testing.T) {
			opt := ""
			if tc.value != "" {
				opt = ", state_snapshot_interval: " + tc.value
			}
			src := "name: p\nengine: " + tc.engine + "\ntest: true\nexecution: {checkpoint_root: out" + opt + "}\nassets: {}\n"
			p, l := Parse("p.yaml", []byte(src))
			var codes []string
			for _, d := range l {
				if d.Severity == diag.Error {
					codes = append(codes, d.Code)
				}
			}
			switch {
			case tc.code == "" && len(codes) > 0:
				t.Fatalf("errors %v: %v", codes, l)
			case tc.code != "" && !slices.Equal(codes, []string{tc.code}):
				t.Fatalf("errors %v; want [%s]: %v", codes, tc.code, l)
			case tc.code == "" && p.Execution().StateSnapshotInterval != tc.want:
				t.Errorf("interval %d, want %d", p.Execution().StateSnapshotInterval, tc.want)
			}
		})
	}
}
