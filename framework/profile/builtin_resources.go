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
		{Name: EngineLocal, Display: "Local engine", Summary: "The in-process testkit engine: same semantics as Spark, no JVM.", Triggers: all},
		{Name: EnginePySpark, Display: "PySpark Streaming", Summary: "A generated PySpark Structured Streaming program run against a Spark Connect server.",
			Triggers: all, Resource: "spark"},
	}
}

// builtinResourceKinds lists the resource kinds every Default registry holds.
func builtinResourceKinds() []ResourceKind {
	return []ResourceKind{
		{Name: "kafka", Summary: "A Kafka cluster.", Identify: "bootstrap_servers", Options: []Option{
			{Name: "bootstrap_servers", Type: TypeString, Required: true, Spark: "kafka.bootstrap.servers", Check: checkHostPorts,
				Description: "Comma-separated host:port list."},
			{Name: "security_protocol", Type: TypeString, Default: "PLAINTEXT", Spark: "kafka.security.protocol",
				Enum: []string{"PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"}, Description: "Kafka security.protocol."},
			{Name: "sasl_mechanism", Type: TypeString, Spark: "kafka.sasl.mechanism",
				Enum: []string{"PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"}, Description: "Kafka sasl.mechanism, with a SASL protocol."},
			{Name: "credential_env", Type: TypeEnv, Secret: true,
				Description: "Name of the environment variable holding user:password for SASL."},
		}},
		{Name: "s3", Summary: "An S3-compatible object store reached through Hadoop S3A.", Identify: "endpoint", Options: []Option{
			{Name: "endpoint", Type: TypeString, Description: "S3 endpoint URL, e.g. http://127.0.0.1:7070."},
			{Name: "region", Type: TypeString, Default: "us-east-1", Description: "Signing region."},
			{Name: "path_style_access", Type: TypeBool, Default: "true", Description: "Use path-style bucket addressing."},
			{Name: "access_key_env", Type: TypeEnv, Secret: true, Description: "Name of the environment variable holding the access key."},
			{Name: "secret_key_env", Type: TypeEnv, Secret: true, Description: "Name of the environment variable holding the secret key."},
		}},
		{Name: "spark", Summary: "A Spark Connect server.", Identify: "connect_url", Options: []Option{
			{Name: "connect_url", Type: TypeString, Required: true, Check: checkConnectURL,
				Description: "Spark Connect URL, sc://host:port; never with a token parameter (use token_env)."},
			{Name: "session_timezone", Type: TypeString, Default: "UTC", Spark: "spark.sql.session.timeZone",
				Description: "Session time zone of the generated program."},
			{Name: "conf", Type: TypeStringMap,
				Description: "Extra session configuration (spark.* keys); secret values as ${env:NAME}."},
			{Name: "token_env", Type: TypeEnv, Secret: true,
				Description: "Name of the environment variable holding the Spark Connect bearer token."},
		}},
	}
}

var hostPort = regexp.MustCompile(`^[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}$`)

func checkHostPorts(v Value) error {
	for _, hp := range strings.Split(v.Str, ",") {
		if !hostPort.MatchString(strings.TrimSpace(hp)) {
			return fmt.Errorf("%q is not host:port", strings.TrimSpace(hp))
		}
	}
	return nil
}

func checkConnectURL(v Value) error {
	if !strings.HasPrefix(v.Str, "sc://") {
		return fmt.Errorf("%q does not start with sc://", v.Str)
	}
	return nil
}
