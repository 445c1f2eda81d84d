package profile

import (
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/etlgen/etlgen/diag"
)

// Profile is a parsed execution profile. Build it with Load or Parse; its
// accessors never return secrets, only environment-variable names.
type Profile struct {
	file   string
	dir    string
	name   string
	engine string
	test   bool
	desc   string
	exec   Execution
	assets map[string]*Asset
	// broken names the assets the file declares but parsing rejected;
	// brokenRefs the assets they name as their quarantine.
	broken, brokenRefs map[string]bool
	resources          map[string]*Resource
	// rootWritten records whether the file has execution.checkpoint_root
	// (Parse reports it missing; Bind checks only a root written).
	rootWritten bool
	pos         diag.Position
	assetsPos   diag.Position
	reg         *Registry
}

// Execution holds how queries run: mode, trigger, checkpoint root and the
// graceful-stop policy.
type Execution struct {
	Mode    string // structured-streaming
	Trigger Trigger
	// CheckpointRoot is the root as written; see Profile.CheckpointRoot for
	// the resolved form.
	CheckpointRoot    string
	CheckpointRootPos diag.Position
	// StopPolicy says what a graceful stop does with the running
	// micro-batch: finish-batch (default) or cancel-batch.
	StopPolicy string
	// StopTimeout bounds how long a graceful stop waits (default 5m).
	StopTimeout time.Duration
	// ServerLossTimeout bounds how long a Spark program retries a Spark
	// Connect server that does not answer before it fails with class
	// connectivity (default 1m); the local engine has no server.
	ServerLossTimeout time.Duration
	// StateStore is the Spark state store provider of stateful queries:
	// hdfs (default, HDFSBackedStateStoreProvider) or rocksdb
	// (RocksDBStateStoreProvider with changelog checkpointing). A
	// checkpoint keeps the provider it started with.
	StateStore string
	// StateSnapshotInterval is how many batches apart the state of a
	// stateful query is written whole (between them, each batch writes
	// the keys it changed): execution.state_snapshot_interval, a positive
	// integer; 0 when the profile does not set it (the engines' default,
	// 10). On Spark it is spark.sql.streaming.stateStore.minDeltasForSnapshot.
	StateSnapshotInterval int
	// OpenLineage is where a run sends its OpenLineage events
	// (execution.openlineage); nil sends none.
	OpenLineage *OpenLineage
	// MultiSink is whether the loads of one stream share one query
	// (execution.multi_sink): shared (the default, MultiSinkShared) or
	// separate, a query per load.
	MultiSink string
	Pos       diag.Position
}

// The values of execution.multi_sink.
const (
	MultiSinkShared   = "shared"
	MultiSinkSeparate = "separate"
)

// The state store providers of execution.state_store.
const (
	StateStoreHDFS    = "hdfs"
	StateStoreRocksDB = "rocksdb"
)

// The graceful-stop policies.
const (
	StopFinishBatch = "finish-batch"
	StopCancelBatch = "cancel-batch"
)

// Trigger is when micro-batches run.
type Trigger struct {
	Type     string        // processing-time, available-now or once
	Interval time.Duration // processing-time only
	Pos      diag.Position
}

// Asset binds a logical asset name to a plugin with its options.
type Asset struct {
	Name   string
	Plugin *Plugin
	// Resource is the resource the asset references; nil when none.
	Resource *Resource
	// Options holds every option set in the file plus the spec's defaults.
	Options map[string]Value
	Pos     diag.Position
	dir     string
}

// Resource is a named external system: a Spark Connect server, a Kafka
// cluster, an S3 store.
type Resource struct {
	Name    string
	Kind    *ResourceKind
	Options map[string]Value
	Pos     diag.Position
}

// File returns the profile's file name as given to Parse.
func (p *Profile) File() string { return p.file }

// Dir returns the directory relative paths in the profile resolve against:
// the directory of the profile file.
func (p *Profile) Dir() string { return p.dir }

// Name returns the profile name.
func (p *Profile) Name() string { return p.name }

// Engine returns the engine name: pyspark or local.
func (p *Profile) Engine() string { return p.engine }

// Test reports whether the profile is marked `test: true`.
func (p *Profile) Test() bool { return p.test }

// Description returns the profile's free-text description.
func (p *Profile) Description() string { return p.desc }

// Execution returns the execution settings.
func (p *Profile) Execution() Execution { return p.exec }

// Trigger returns the trigger.
func (p *Profile) Trigger() Trigger { return p.exec.Trigger }

// CheckpointRoot returns the checkpoint root with a relative local path
// resolved against Dir; URIs (s3a://, file://) are returned as written.
func (p *Profile) CheckpointRoot() string { return resolvePath(p.dir, p.exec.CheckpointRoot) }

// Asset returns the binding of the named asset.
func (p *Profile) Asset(name string) (*Asset, bool) {
	a, ok := p.assets[name]
	return a, ok
}

// AssetNames returns the names of the bound assets, sorted.
func (p *Profile) AssetNames() []string { return slices.Sorted(maps.Keys(p.assets)) }

// Resource returns the named resource.
func (p *Profile) Resource(name string) (*Resource, bool) {
	r, ok := p.resources[name]
	return r, ok
}

// ResourceNames returns the resource names, sorted.
func (p *Profile) ResourceNames() []string { return slices.Sorted(maps.Keys(p.resources)) }

// ResourceOfKind returns the first resource (by name) of the given kind.
func (p *Profile) ResourceOfKind(kind string) (*Resource, bool) {
	for _, n := range p.ResourceNames() {
		if r := p.resources[n]; r.Kind != nil && r.Kind.Name == kind {
			return r, true
		}
	}
	return nil, false
}

// Value returns the named option (set or defaulted).
func (a *Asset) Value(name string) (Value, bool) {
	v, ok := a.Options[name]
	return v, ok
}

// Has reports whether the option is set in the file (not defaulted).
func (a *Asset) Has(name string) bool {
	v, ok := a.Options[name]
	return ok && !v.Default
}

// String returns the option's text form, "" when absent.
func (a *Asset) String(name string) string { return a.Options[name].Text() }

// Int returns an integer option, 0 when absent.
func (a *Asset) Int(name string) int64 { return a.Options[name].Int }

// Bool returns a boolean option, false when absent.
func (a *Asset) Bool(name string) bool { return a.Options[name].Bool }

// Strings returns a list option, nil when absent.
func (a *Asset) Strings(name string) []string { return a.Options[name].List }

// Path returns a path option resolved against the profile's directory.
func (a *Asset) Path(name string) string { return resolvePath(a.dir, a.Options[name].Str) }

// SparkOptions returns the Spark reader/writer options of the asset: the
// plugin's fixed options, every option whose spec names a Spark option, and
// those of its resource (e.g. kafka.bootstrap.servers), values in Spark's text
// form. Path options are resolved; env-var options never appear.
func (a *Asset) SparkOptions() map[string]string {
	out := map[string]string{}
	for k, v := range a.Plugin.SparkFixed {
		out[k] = v
	}
	if a.Resource != nil {
		for k, v := range a.Resource.SparkOptions() {
			out[k] = v
		}
	}
	for _, o := range a.Plugin.Options {
		v, ok := a.Options[o.Name]
		switch {
		case !ok:
		case o.SparkPrefix != "":
			for k, s := range v.Map {
				if _, ref := EnvRef(s); !ref {
					out[o.SparkPrefix+k] = s
				}
			}
		case o.Spark != "":
			out[o.Spark] = sparkText(a, o, v)
		}
	}
	return out
}

// SparkOptionsEnv returns the Spark reader/writer options whose value the
// program reads from an environment variable when it starts: Spark option
// → variable name, from entries written ${env:NAME} in a pass-through
// option (e.g. kafka: {ssl.truststore.password: ${env:TRUSTSTORE_PASSWORD}}).
// Nil when there are none; the values are never in the profile.
func (a *Asset) SparkOptionsEnv() map[string]string {
	var out map[string]string
	for _, o := range a.Plugin.Options {
		v, ok := a.Options[o.Name]
		if !ok || o.SparkPrefix == "" {
			continue
		}
		for k, s := range v.Map {
			if name, ref := EnvRef(s); ref {
				if out == nil {
					out = map[string]string{}
				}
				out[o.SparkPrefix+k] = name
			}
		}
	}
	return out
}

func sparkText(a *Asset, o Option, v Value) string {
	switch {
	case o.Type == TypePath:
		return a.Path(o.Name)
	case o.Type == TypeTimestamp && o.SparkMillis:
		return strconv.FormatInt(v.Time.UnixMilli(), 10)
	case o.Type == TypeDuration && o.SparkTimeString:
		return javaTimeString(v.Duration)
	case o.Type == TypeBytes && o.SparkByteCount:
		return strconv.FormatInt(v.Int, 10)
	}
	return v.Text()
}

// SparkOptions returns the resource options whose spec names a Spark option
// (e.g. kafka.bootstrap.servers, spark.sql.session.timeZone), in text form.
func (r *Resource) SparkOptions() map[string]string {
	out := map[string]string{}
	for _, o := range r.Kind.Options {
		if v, ok := r.Options[o.Name]; ok && o.Spark != "" {
			out[o.Spark] = v.Text()
		}
	}
	return out
}

// String returns a resource option's text form, "" when absent.
func (r *Resource) String(name string) string { return r.Options[name].Text() }

// Value returns the named resource option (set or defaulted).
func (r *Resource) Value(name string) (Value, bool) {
	v, ok := r.Options[name]
	return v, ok
}

// resolvePath joins a relative local path to dir; URIs and absolute paths are
// returned unchanged.
func resolvePath(dir, p string) string {
	if p == "" || hasScheme(p) || filepath.IsAbs(p) || dir == "" {
		return p
	}
	return filepath.Join(dir, filepath.FromSlash(p))
}

// hasScheme reports whether p starts with a URI scheme such as s3a:// or file:.
func hasScheme(p string) bool {
	i := strings.Index(p, ":")
	if i < 2 { // a Windows drive letter is not a scheme
		return false
	}
	for _, c := range p[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
