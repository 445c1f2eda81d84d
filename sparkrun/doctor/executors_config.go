package doctor

import (
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// KafkaTopics is a Kafka asset whose topics the executor probe reads a
// few records of, from every executor.
type KafkaTopics struct {
	// Asset is the profile asset; Resource its kafka resource (a key of
	// Config.Kafka).
	Asset    string   `json:"asset"`
	Resource string   `json:"resource"`
	Topics   []string `json:"topics"`
	// Options are the asset's Spark reader options of the kafka. family
	// other than the bootstrap servers (security protocol, SASL mechanism,
	// non-secret pass-through), values as the program passes them.
	Options map[string]string `json:"options,omitempty"`
	// Unprobed says why the executors cannot be probed for this asset
	// (a subscribe pattern, credentials the program reads from the
	// environment); "" when they can.
	Unprobed string `json:"unprobed,omitempty"`
}

// kafkaTopicsOf lists the Kafka assets of p with the topics they name (a
// topic list or the topics of an assign mapping), by asset.
func kafkaTopicsOf(p *profile.Profile) []KafkaTopics {
	var out []KafkaTopics
	for _, name := range p.AssetNames() {
		a, _ := p.Asset(name)
		if a.Plugin == nil || a.Resource == nil || a.Plugin.Subscription == nil {
			continue
		}
		sub := a.Plugin.Subscription
		k := KafkaTopics{Asset: name, Resource: a.Resource.Name}
		switch {
		case a.Has(sub.Topics):
			k.Topics = splitList(a.String(sub.Topics))
		case a.Has(sub.Assign):
			if v, ok := a.Value(sub.Assign); ok {
				for t := range v.Partitions {
					k.Topics = append(k.Topics, t)
				}
				slices.Sort(k.Topics)
			}
		case a.Has(sub.Pattern):
			k.Unprobed = "subscribes to a pattern"
		}
		for key, v := range a.SparkOptions() {
			if strings.HasPrefix(key, "kafka.") && key != "kafka.bootstrap.servers" {
				if k.Options == nil {
					k.Options = map[string]string{}
				}
				k.Options[key] = v
			}
		}
		switch proto := strings.ToUpper(k.Options["kafka.security.protocol"]); {
		case k.Unprobed != "":
		case len(a.SparkOptionsEnv()) > 0 || strings.HasPrefix(proto, "SASL"):
			// The program reads these from its environment; doctor does
			// not handle credentials.
			k.Unprobed = "its credentials are the program's (read from the environment)"
		}
		out = append(out, k)
	}
	return out
}
