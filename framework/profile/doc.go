// Package profile reads execution profiles (YAML) and binds them to pipelines.
//
// A profile says where and how a pipeline runs: the engine (pyspark or local),
// the trigger and checkpoint root, the asset bindings (which plugin serves each
// logical asset the pipeline extracts or loads, with its options) and the
// resources (Spark Connect endpoint, Kafka cluster, S3 store). Pipelines mean,
// profiles bind: event-time semantics never live here.
//
// # One spec drives parsing, lint and docs
//
// Every plugin, resource kind and engine is a spec value (Plugin, ResourceKind,
// Engine) held in a Registry. The parser checks a profile against those specs
// (unknown keys, types, enums, required and mutually exclusive options, secret
// handling), Bind checks capabilities against them, and Reference renders the
// same specs as the Markdown page docs/profiles.md. Default returns the
// registered plugins and the built-in resource kinds and engines
// (builtin_*.go).
//
// # One folder per plugin
//
// A plugin lives in its own folder (plugins/<name>, e.g. plugins/rate) and
// hands its spec to RegisterDefault from its init function (plugins/all
// imports them all; Default holds them). The spec holds its facts: typed name (PluginName), display name, roles, engines, options,
// what it means as a source (SourceFacts: row shape, replay, whether a batch
// can be re-read, starting positions, fixed columns) and what each of its
// write modes delivers on replay (SinkGuarantee), what etlgen's commands do
// with its sink (Store, InMemoryOn: sink_facts.go), its ODCS server
// (ServerFacts), and its own checks: an option's (Option.Check) or the
// options' together (Plugin.Check), returning a CheckError with its code;
// a sink's against the loaded contract (Plugin.BindSink, e.g.
// plugins/kafkajson: one topic, key columns), returning diagnostics, and
// its assets' together on a Spark engine (Plugin.BindSpark: plugins/iceberg,
// one warehouse per catalog). The
// planner, the generators and both engines read these facts, never a
// plugin's name; each engine registers its reader and writer per plugin
// name (docs/plugins.md). Engines are specs too (builtin_resources.go):
// what differs between them is a fact (Engine.Spark, Engine.InProcess;
// OnSpark, InProcess in engine_facts.go). internal/archtest fails on a
// branch on a plugin or engine name outside the plugin folders and the
// registries.
//
// A spark resource's spark_version (spark_version.go: 4.1 by default, or
// 4.2) names the Spark line the program targets; the planner's rules whose
// verdict differs by line, doctor and run follow it.
//
// Spark's semantics settings are fixed where the local engine must match
// them (spark_semantics.go): a session time zone other than UTC, or ANSI
// mode off, is ETL-P315. execution.openlineage bounds one post (timeout,
// at most 1m) and all posts of a run (budget, at most 10m).
//
// A sink table's layout options (table_layout.go: partition_by,
// table_properties, merge_schema; PartitionBySpec, TablePropertiesSpec and
// MergeSchemaSpec are their specs, which plugins/delta and iceberg list)
// are checked twice: their values when
// parsed (the known delta.* table properties and their value types, keys
// Spark reserves: ETL-P350), and against the loaded contract, the write
// mode and the profile's CDF sources when bound (bind_table_layout.go:
// ETL-P351–P354). AssetBinding.PartitionBy, TableProperties and
// MergeSchema hand them to the planner's Sink.
//
// An iceberg asset (plugins/iceberg) names a Hadoop catalog, its
// warehouse and a namespace.table (ETL-P358, ETL-P359); its identity is
// catalog.namespace.table, its session conf configures the catalog
// (Plugin.SessionConf, one warehouse per catalog: ETL-P360, checked by its
// Plugin.BindSpark through a SparkBinder), and it runs on the Spark engine
// only. A plugin package's option checks return a *CheckError (code,
// hint, path) and reuse CheckTableProperty and PartitionBySpec
// (plugin_hooks.go); its ODCS placement under a warehouse is
// ServerFacts.Table.
//
// # Flow
//
//	Load/Parse  YAML → yaml.v3 nodes → *Profile + diag.List (every problem, with file:line:col;
//	            a profile with errors keeps what parsed)
//	Bind        *Profile + ir.Document + pipeline id → *Binding (one AssetBinding per
//	            extract and load, and per quarantine gate output: GateOutputs, bound as
//	            a sink of the gated load's contract) + diag.List (capability checks)
//
// Parse collects every problem instead of stopping at the first; each has a
// stable ETL-P3xx code (codes.go, documented in docs/diagnostics.md). A
// rejected value, plugin, resource or key gets a did-you-mean in its hint
// (diag.DidYouMean: typos, shorthands such as kafka for kafka-json, other
// spellings), and, when there is one candidate, the edit as a diag.Fix
// that ApplyFix applies to the file. An asset with an error is not bound:
// Bind and the planner say nothing more about it (no cascade from a value
// that did not parse, e.g. the default write mode of a misspelt one).
// Besides each option's own check, a plugin spec can check options
// together (Plugin.Check, e.g. a Kafka minimum read not above the maximum;
// Option.Requires, an option that only applies with another set), and a
// Kafka source's offsets mappings are checked against what it subscribes
// to, assigned partitions included (Plugin.Subscription,
// parse_subscription.go).
//
// # Limits
//
// Before decoding, Parse checks the file against limits.go: at most
// MaxBytes (Load reads no more), one YAML document, no alias cycle, and a
// node tree within MaxNodes as written and within MaxExpandedNodes and
// MaxDepth with aliases and merge keys expanded (yamltree.go measures that
// in one pass, memoising each anchor). Past a limit it reports one coded
// error and decodes nothing, so parsing is bounded and takes no context.
//
// # Paths and secrets
//
// Relative paths in a profile (file-json path, a local checkpoint root)
// resolve against the directory of the profile file (Profile.Dir). Credentials
// are never written in a profile: options of type env hold the NAME of an
// environment variable, conf values and Spark Connect URL parameters may be
// ${env:NAME} (a pass-through option's entries too, e.g. a Kafka source's
// kafka: settings: Asset.SparkOptionsEnv names their variables), and a
// literal credential is ETL-P313 (LiteralSecret: a key of
// the maintained list of sensitive Spark, Hadoop, Kafka and JDBC key
// patterns, secret_keys.go, or a value that carries one whatever its key —
// user info, password=/token=/sig= parameters, Connect URL headers, JWTs —
// secret_values.go, connect_url.go). No diagnostic quotes a value written in
// the profile: messages name the key and what is wrong. Values are never
// resolved by this package; Redacted renders a profile safe to print.
package profile
