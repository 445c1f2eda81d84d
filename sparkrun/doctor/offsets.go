package doctor

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// KafkaOffsets is a Kafka source whose profile names specific starting
// offsets: Spark 4.1 asserts that such a mapping names exactly the
// partitions the source is assigned, failing at start when it names one the
// topic lacks and at the first batch when it leaves one out ("If
// startingOffsets contains specific offsets, you must specify all
// TopicPartitions", measured). Only the broker knows the partitions, so
// `etlgen validate` cannot tell (profile.Parse checks the topics: ETL-P348).
type KafkaOffsets struct {
	// Asset is the profile asset of the source.
	Asset string `json:"asset"`
	// Resource is the kafka resource it reads from (a key of Config.Kafka).
	Resource string `json:"resource"`
	// Option is the profile option naming the offsets
	// (starting_offsets or starting_offsets_by_timestamp).
	Option string `json:"option"`
	// Offsets maps topic → partition → offset (or timestamp).
	Offsets map[string]map[string]int64 `json:"offsets"`
	// Assigned marks the source's assign option (Option "assign"): its
	// partitions must exist, and the source may leave others out.
	Assigned bool `json:"assigned,omitempty"`
}

// kafkaOffsetsOf lists the Kafka sources of p with an offsets mapping, by
// asset.
func kafkaOffsetsOf(p *profile.Profile) []KafkaOffsets {
	var out []KafkaOffsets
	for _, name := range p.AssetNames() {
		a, _ := p.Asset(name)
		if a.Plugin == nil || a.Resource == nil || a.Plugin.Subscription == nil {
			continue
		}
		if v, ok := a.Options[a.Plugin.Subscription.Assign]; ok && v.Partitions != nil {
			// The offsets name exactly the assigned partitions (profile.Parse,
			// ETL-P348): the broker must have those.
			out = append(out, KafkaOffsets{Asset: name, Resource: a.Resource.Name, Option: a.Plugin.Subscription.Assign,
				Offsets: assignedOffsets(v.Partitions), Assigned: true})
			continue
		}
		for _, o := range a.Plugin.Options {
			if v, ok := a.Options[o.Name]; ok && o.Type == profile.TypeOffsets && v.Offsets != nil {
				out = append(out, KafkaOffsets{Asset: name, Resource: a.Resource.Name, Option: o.Name, Offsets: v.Offsets})
			}
		}
	}
	return out
}

// assignedOffsets is an assign option's partitions in the offsets form
// (the offset is unused).
func assignedOffsets(assigned map[string][]int32) map[string]map[string]int64 {
	out := map[string]map[string]int64{}
	for t, parts := range assigned {
		out[t] = map[string]int64{}
		for _, id := range parts {
			out[t][strconv.Itoa(int(id))] = -1
		}
	}
	return out
}

// offsetsProblem says how offsets name other partitions than the topics
// have (topic → partition ids); "" when they name exactly those (subset:
// the offsets may leave partitions out, as an assign option does).
func offsetsProblem(option string, offsets map[string]map[string]int64, partitions map[string][]int32, subset bool) string {
	var problems []string
	for _, topic := range slices.Sorted(maps.Keys(offsets)) {
		have, ok := partitions[topic]
		if !ok {
			problems = append(problems, fmt.Sprintf("topic %s does not exist", topic))
			continue
		}
		named := map[int32]bool{}
		var unknown []string
		for _, p := range slices.Sorted(maps.Keys(offsets[topic])) {
			id, err := strconv.ParseInt(p, 10, 32)
			if err != nil || !slices.Contains(have, int32(id)) {
				unknown = append(unknown, p)
				continue
			}
			named[int32(id)] = true
		}
		var missing []string
		for _, id := range slices.Sorted(slices.Values(have)) {
			if !named[id] {
				missing = append(missing, strconv.Itoa(int(id)))
			}
		}
		if len(unknown) > 0 {
			problems = append(problems, fmt.Sprintf("topic %s has no partition %s (it has %d)", topic, strings.Join(unknown, ", "), len(have)))
		}
		if len(missing) > 0 && !subset {
			problems = append(problems, fmt.Sprintf("partition %s of topic %s is not named", strings.Join(missing, ", "), topic))
		}
	}
	if len(problems) == 0 {
		return ""
	}
	return option + ": " + strings.Join(problems, "; ")
}

// offsetsProbe compares one source's offsets mapping with the partitions
// its topics have on the broker.
func offsetsProbe(o KafkaOffsets) func(ctx context.Context, p *prober) (string, string, string, error) {
	return func(ctx context.Context, p *prober) (string, string, string, error) {
		servers := p.cfg.Kafka[o.Resource]
		if len(servers) == 0 {
			return "", CodeConfig, hintProfile, fmt.Errorf("asset %s: kafka resource %s names no bootstrap_servers", o.Asset, o.Resource)
		}
		cl, err := kafkaClient(servers)
		if err != nil {
			return "", CodeKafka, "fix the Kafka check first", err
		}
		defer cl.Close()
		topics := slices.Sorted(maps.Keys(o.Offsets))
		md, err := kadm.NewClient(cl).Metadata(ctx, topics...)
		if err != nil {
			return "", CodeKafka, "fix the Kafka check first", err
		}
		partitions := map[string][]int32{}
		for _, t := range md.Topics {
			if t.Err != nil {
				continue // unknown topic: reported as missing
			}
			for _, pd := range t.Partitions {
				partitions[t.Topic] = append(partitions[t.Topic], pd.Partition)
			}
		}
		if msg := offsetsProblem(o.Option, o.Offsets, partitions, o.Assigned); msg != "" {
			hint := "name every partition of the topic in " + o.Option + " (-2: earliest, -1: latest), or use earliest / latest: Spark fails otherwise, at start or at the first batch"
			if o.Assigned {
				hint = "assign only partitions the topics have: Spark's consumer waits for a partition that does not exist"
			}
			return "asset " + o.Asset + ": " + msg, CodeKafkaOffsets, hint, fmt.Errorf("asset %s: %s", o.Asset, msg)
		}
		var parts []string
		for _, t := range topics {
			parts = append(parts, fmt.Sprintf("%s: %s", t, diag.Count(len(partitions[t]), "partition", "partitions")))
		}
		what := " names every partition ("
		if o.Assigned {
			what = " names partitions the topics have ("
		}
		return "asset " + o.Asset + ": " + o.Option + what + strings.Join(parts, ", ") + ")", "", "", nil
	}
}
