package doctor

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// Config names the endpoints the checks probe. LoadConfig fills it from a
// profile; tests and the Go API may build it directly.
type Config struct {
	// Profile is the profile file the endpoints came from (for the report).
	Profile string `json:"profile,omitempty"`
	// ConnectURL is the Spark Connect URL, e.g. sc://127.0.0.1:15002.
	ConnectURL string `json:"connect_url"`
	// Kafka maps a resource name to its bootstrap servers.
	Kafka map[string][]string `json:"kafka,omitempty"`
	// KafkaOffsets are the Kafka sources whose starting offsets name
	// partitions, checked against the broker's metadata.
	KafkaOffsets []KafkaOffsets `json:"kafka_offsets,omitempty"`
	// KafkaTopics are the Kafka assets whose topics the executor probe
	// reads from every executor.
	KafkaTopics []KafkaTopics `json:"kafka_topics,omitempty"`
	// CheckpointRoot is where streaming checkpoints live (s3a://, file:// or an absolute path).
	CheckpointRoot string `json:"checkpoint_root"`
	// Deployment is the profile's deployment of the Spark server
	// (profile.DeploymentLocal, Cluster or Managed); "" is local.
	Deployment string `json:"deployment,omitempty"`
	// SparkLine is the Spark major.minor the profile targets (its
	// spark_version), e.g. "4.1"; empty accepts any.
	SparkLine string `json:"spark_line,omitempty"`
	// Timeout bounds each probe; zero means DefaultTimeout.
	Timeout time.Duration `json:"-"`
}

// DefaultTimeout bounds one probe when Config.Timeout is zero.
const DefaultTimeout = 2 * time.Minute

// SupportedSparkLine is the Spark major.minor the generated programs target
// when the profile names none.
const SupportedSparkLine = profile.DefaultSparkLine

// Resource kinds doctor probes (framework/profile's built-in kinds).
const (
	kindSpark = "spark"
	kindKafka = "kafka"
)

// LoadConfig reads a profile file with framework/profile and returns the
// endpoints it names. The error is for I/O only; problems in the file are
// the profile's own P3xx diagnostics, exactly as validate and plan report
// them, and the Config must not be used when they hold errors.
func LoadConfig(path string) (Config, diag.List, error) {
	p, diags, err := profile.Load(path)
	if err != nil {
		return Config{}, nil, fmt.Errorf("read profile: %w", err)
	}
	if p == nil || diags.HasErrors() {
		return Config{}, diags, nil
	}
	return ConfigOf(p), diags, nil
}

// ConfigOf returns the endpoints of a parsed profile: the connect_url and
// deployment of its first spark resource, the bootstrap servers of every kafka resource, the
// Kafka sources with specific starting offsets and the
// checkpoint root (a relative local root made absolute against the profile's
// directory).
func ConfigOf(p *profile.Profile) Config {
	cfg := Config{Profile: p.File(), SparkLine: p.SparkVersion(), Kafka: map[string][]string{}, Deployment: p.Deployment()}
	if r, ok := p.ResourceOfKind(kindSpark); ok {
		cfg.ConnectURL = r.String("connect_url")
	}
	for _, n := range p.ResourceNames() {
		r, _ := p.Resource(n)
		if r.Kind == nil || r.Kind.Name != kindKafka {
			continue
		}
		if servers := splitList(r.String("bootstrap_servers")); len(servers) > 0 {
			cfg.Kafka[n] = servers
		}
	}
	cfg.KafkaOffsets = kafkaOffsetsOf(p)
	cfg.KafkaTopics = kafkaTopicsOf(p)
	cfg.CheckpointRoot = absRoot(p.CheckpointRoot())
	return cfg
}

// splitList splits "a:1, b:2" into its trimmed, non-empty parts.
func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// absRoot makes a local, relative checkpoint root absolute; URIs with a
// scheme (s3a://, file://) are returned unchanged.
func absRoot(root string) string {
	if root == "" || strings.Contains(root, "://") || filepath.IsAbs(root) {
		return root
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return root
	}
	return abs
}
