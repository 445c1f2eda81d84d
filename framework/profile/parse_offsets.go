package profile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// offsetsTopics reports an offsets mapping that names a topic the source
// does not subscribe to, or misses one it does. Spark 4.1's Kafka source
// asserts that the mapping names exactly the assigned partitions
// (KafkaOffsetReader: "If startingOffsets contains specific offsets, you
// must specify all TopicPartitions"); the partitions are only known at run
// time, the topics here.
func (d *decoder) offsetsTopics(a *Asset, path string) {
	p := a.Plugin
	topic, ok := a.Options[p.OffsetsTopic]
	if p.OffsetsTopic == "" || !ok || topic.Str == "" {
		return
	}
	var subscribed []string
	for _, t := range strings.Split(topic.Str, ",") {
		subscribed = append(subscribed, strings.TrimSpace(t))
	}
	for _, o := range p.Options {
		v, ok := a.Options[o.Name]
		if o.Type != TypeOffsets || !ok || v.Offsets == nil {
			continue
		}
		var other, missing []string
		for t := range v.Offsets {
			if !slices.Contains(subscribed, t) {
				other = append(other, t)
			}
		}
		slices.Sort(other)
		for _, t := range subscribed {
			if _, named := v.Offsets[t]; !named {
				missing = append(missing, t)
			}
		}
		if msg := offsetsTopicsText(o.Name, other, missing, subscribed); msg != "" {
			d.diags.Add(diag.Diagnostic{Code: CodeOffsetsTopic, Severity: diag.Error, Pos: v.Pos, Path: join(path, o.Name),
				Message: msg + ": Spark fails at start, specific offsets must name exactly the partitions the source is assigned (startingOffsets: \"If startingOffsets contains specific offsets, you must specify all TopicPartitions\")",
				Hint:    fmt.Sprintf("name %s with every one of its partitions, e.g. {%q: {\"0\": -2}}, or use earliest / latest", strings.Join(subscribed, ", "), subscribed[0])})
		}
	}
}

// offsetsTopicsText says what an offsets mapping names wrongly; "" when
// nothing.
func offsetsTopicsText(option string, other, missing, subscribed []string) string {
	switch {
	case len(other) > 0:
		return fmt.Sprintf("%s names topic %s, which the source does not subscribe to (it reads %s)", option, strings.Join(other, ", "), strings.Join(subscribed, ", "))
	case len(missing) > 0:
		return fmt.Sprintf("%s does not name topic %s, which the source subscribes to", option, strings.Join(missing, ", "))
	}
	return ""
}
