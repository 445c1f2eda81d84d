package doctor

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
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
	// CheckpointRoot is where streaming checkpoints live (s3a://, file:// or an absolute path).
	CheckpointRoot string `json:"checkpoint_root"`
	// SparkLine is the supported Spark major.minor, e.g. "4.1"; empty accepts any.
	SparkLine string `json:"spark_line,omitempty"`
	// Timeout bounds each probe; zero means DefaultTimeout.
	Timeout time.Duration `json:"-"`
}

// DefaultTimeout bounds one probe when Config.Timeout is zero.
const DefaultTimeout = 2 * time.Minute

// SupportedSparkLine is the Spark major.minor the generated programs target.
const SupportedSparkLine = "4.1"

// profileFile is the part of a profile doctor reads. It stands in for
// framework/profile until that package offers a loader; resources are matched
// by their options (connect_url, bootstrap_servers), not by name.
type profileFile struct {
	Execution struct {
		CheckpointRoot string `yaml:"checkpoint_root"`
	} `yaml:"execution"`
	Resources map[string]map[string]any `yaml:"resources"`
}

// LoadConfig reads the endpoints of a profile file. A relative local
// checkpoint root resolves against the profile's directory.
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("read profile: %w", err)
	}
	var pf profileFile
	if err := yaml.Unmarshal(data, &pf); err != nil {
		return Config{}, fmt.Errorf("parse profile %s: %w", path, err)
	}
	cfg := Config{Profile: path, SparkLine: SupportedSparkLine, Kafka: map[string][]string{}}
	names := make([]string, 0, len(pf.Resources))
	for n := range pf.Resources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r := pf.Resources[n]
		if u, ok := r["connect_url"].(string); ok && cfg.ConnectURL == "" {
			cfg.ConnectURL = u
		}
		if servers := stringList(r["bootstrap_servers"]); len(servers) > 0 {
			cfg.Kafka[n] = servers
		}
	}
	cfg.CheckpointRoot = resolveRoot(pf.Execution.CheckpointRoot, filepath.Dir(path))
	return cfg, nil
}

// stringList accepts "a:1,b:2" or a YAML list of strings.
func stringList(v any) []string {
	var out []string
	switch t := v.(type) {
	case string:
		for _, s := range strings.Split(t, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, strings.TrimSpace(s))
			}
		}
	}
	return out
}

// resolveRoot makes a local, relative checkpoint root absolute; URIs with a
// scheme (s3a://, file://) are returned unchanged.
func resolveRoot(root, dir string) string {
	if root == "" || strings.Contains(root, "://") || filepath.IsAbs(root) {
		return root
	}
	abs, err := filepath.Abs(filepath.Join(dir, root))
	if err != nil {
		return root
	}
	return abs
}
