package profile

import (
	"fmt"
	"regexp"
	"strings"
)

// The trigger types.
const (
	TriggerProcessingTime = "processing-time"
	TriggerAvailableNow   = "available-now"
	TriggerOnce           = "once"
)

// builtinEngines lists the engines every Default registry holds.
func builtinEngines() []Engine {
	all := []string{TriggerAvailableNow, TriggerOnce, TriggerProcessingTime}
	return []Engine{
		{Name: EngineLocal, Display: "Local engine", Summary: "The in-process testkit engine: same semantics as Spark, no JVM.", Triggers: all,
			InProcess: true},
		{Name: EnginePySpark, Display: "PySpark Streaming", Summary: "A generated PySpark Structured Streaming program run against a Spark Connect server.",
			Triggers: all, Resource: "spark", Spark: true},
	}
}

// builtinResourceKinds lists the resource kinds every Default registry holds.
func builtinResourceKinds() []ResourceKind {
	return []ResourceKind{
		{Name: "kafka", Summary: "A Kafka cluster.", Identify: "bootstrap_servers", Options: []Option{
			{Name: "bootstrap_servers", Type: TypeString, Required: true, Spark: "kafka.bootstrap.servers", Check: checkHostPorts,
				Description: "Comma-separated host:port list (no user:password@: use credential_env)."},
			{Name: "security_protocol", Type: TypeString, Default: "PLAINTEXT", Spark: "kafka.security.protocol",
				Enum: []string{"PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"}, Description: "Kafka security.protocol."},
			{Name: "sasl_mechanism", Type: TypeString, Spark: "kafka.sasl.mechanism",
				Enum: []string{"PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"}, Description: "Kafka sasl.mechanism, with a SASL protocol."},
			{Name: "credential_env", Type: TypeEnv, Secret: true,
				Description: "Name of the environment variable holding user:password for SASL."},
		}},
		{Name: "s3", Summary: "An S3-compatible object store reached through Hadoop S3A: on the Spark engine its options become the session's S3A configuration (fs.s3a.*), the keys read from the environment when the program starts.",
			Identify: "endpoint", Check: checkS3Resource, SessionConf: s3SessionConf, Options: []Option{
				{Name: "endpoint", Type: TypeString, Description: "S3 endpoint URL, e.g. http://127.0.0.1:7070."},
				{Name: "region", Type: TypeString, Default: "us-east-1", Description: "Signing region."},
				{Name: "path_style_access", Type: TypeBool, Default: "true", Description: "Use path-style bucket addressing."},
				{Name: "access_key_env", Type: TypeEnv, Secret: true, Description: "Name of the environment variable holding the access key (with secret_key_env; without both, the server's own S3A credentials)."},
				{Name: "secret_key_env", Type: TypeEnv, Secret: true, Description: "Name of the environment variable holding the secret key (with access_key_env)."},
			}},
		{Name: "spark", Summary: "A Spark Connect server.", Identify: "connect_url", Check: checkSparkResource, Options: []Option{
			{Name: "connect_url", Type: TypeString, Required: true, Check: checkConnectURL,
				Description: "Spark Connect URL, sc://host:port[/;name=value…]: use_ssl, user_id, user_agent and session_id as literals; a token only through token_env; any other parameter (a gRPC header) as ${env:NAME}."},
			{Name: "deployment", Type: TypeString, Enum: []string{DeploymentLocal, DeploymentCluster, DeploymentManaged},
				Description: "Where the server's executors run (default local): local (spark.master local[N], driver and executors in one JVM on one machine: the stack), cluster (executors in other processes or machines: standalone, YARN, Kubernetes) or managed (a hosted Spark Connect endpoint such as Databricks or serverless Spark). Outside local, a checkpoint root or an asset path on the local filesystem is refused (ETL-P370): executors write elsewhere."},
			{Name: "spark_version", Type: TypeString, Enum: SparkLines,
				Description: "The Spark line the server runs and the generated program targets, 4.1 or 4.2 (default 4.1): the planner applies that line's streaming rules (4.2 runs a stream–stream inner join in update mode), `etlgen doctor` reports a server of another line and `etlgen run` refuses to start on one (ETL-E702). In a local profile it names the line the local engine stands for: where a function's answer differs between lines (try_parse_json of an unpaired surrogate escape), the engine gives that line's."},
			{Name: "session_timezone", Type: TypeString, Default: "UTC", Spark: "spark.sql.session.timeZone", Check: checkSessionTimezone,
				Description: "Session time zone of the generated program: UTC, the zone both engines evaluate time functions in."},
			{Name: "conf", Type: TypeStringMap, Check: checkSparkConf,
				Description: "Extra session configuration, set when the program starts; a value written ${env:NAME} is read from the environment then, and a credential key (…secret…, …password…, …token…, *.key) must be. spark.sql.session.timeZone (other than UTC) and spark.sql.ansi.enabled (other than true) are refused: they change what expressions mean on Spark."},
			{Name: "token_env", Type: TypeEnv, Secret: true,
				Description: "Name of the environment variable holding the Spark Connect bearer token, added as ;token= when the program connects (a token turns TLS on, except to localhost)."},
		}},
	}
}

var hostPort = regexp.MustCompile(`^[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}$`)

func checkHostPorts(v Value) error {
	parts := strings.Split(v.Str, ",")
	for i, hp := range parts {
		if !hostPort.MatchString(strings.TrimSpace(hp)) {
			return fmt.Errorf("entry %d of %d is not host:port", i+1, len(parts))
		}
	}
	return nil
}
