package profile

import (
	"encoding/json"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// maxPartition is the largest Kafka partition number (an int32).
const maxPartition = 1<<31 - 1

// partitionsValue decodes a mapping topic → list of partition numbers, or
// the same mapping as a JSON string (Spark's assign form,
// {"orders": [0, 1]}). Every topic names at least one partition, each
// partition once.
func (d *decoder) partitionsValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	const hint = `write a mapping topic → partitions, e.g. {orders: [0, 1]}`
	var raw map[string][]int64
	switch {
	case n != nil && n.Kind == yaml.MappingNode:
		raw = map[string][]int64{}
		topics, _ := d.mapping(n, path)
		for _, t := range topics {
			items := resolve(t.val)
			if items == nil || items.Kind != yaml.SequenceNode {
				d.report(CodeWrongType, t.val, join(path, t.name), hint, "%s must be a list of partition numbers, found %s", join(path, t.name), kindName(items))
				return Value{}, false
			}
			raw[t.name] = []int64{}
			for _, it := range items.Content {
				v, ok := d.intValue(Option{}, resolve(it), join(path, t.name))
				if !ok {
					return Value{}, false
				}
				raw[t.name] = append(raw[t.name], v.Int)
			}
		}
	default:
		s, ok := d.scalar(n, path, "a mapping topic → partitions")
		if !ok {
			return Value{}, false
		}
		if err := json.Unmarshal([]byte(s), &raw); err != nil {
			d.report(CodeBadValue, n, path, hint+`, or the JSON {"orders": [0, 1]}`, "%s: not a JSON object of topic → partition list", path)
			return Value{}, false
		}
	}
	return d.checkAssign(n, path, raw)
}

// checkAssign checks a decoded topic → partitions mapping: not empty, no
// empty topic name, partitions in range, none twice.
func (d *decoder) checkAssign(n *yaml.Node, path string, raw map[string][]int64) (Value, bool) {
	if len(raw) == 0 {
		d.report(CodeBadValue, n, path, "name at least one topic with its partitions, e.g. {orders: [0, 1]}",
			"%s assigns no partitions (Spark: \"No topicpartitions to assign\")", path)
		return Value{}, false
	}
	out := map[string][]int32{}
	for topic, parts := range raw {
		p := join(path, topic)
		switch {
		case strings.TrimSpace(topic) == "":
			d.report(CodeBadValue, n, path, "name the topic", "%s has an empty topic name", path)
			return Value{}, false
		case len(parts) == 0:
			d.report(CodeBadValue, n, p, "list the partitions to read, e.g. [0, 1]", "%s lists no partitions", p)
			return Value{}, false
		}
		for _, id := range parts {
			if id < 0 || id > maxPartition {
				d.report(CodeBadValue, n, p, "partition numbers are integers from 0", "%s: %d is not a partition number", p, id)
				return Value{}, false
			}
			if slices.Contains(out[topic], int32(id)) {
				d.report(CodeBadValue, n, p, "name each partition once", "%s names partition %d twice", p, id)
				return Value{}, false
			}
			out[topic] = append(out[topic], int32(id))
		}
		slices.Sort(out[topic])
	}
	return Value{Partitions: out}, true
}
