package profile

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

func (d *decoder) stringValue(o Option, n *yaml.Node, path string) (Value, bool) {
	s, ok := d.scalar(n, path, "a string")
	if !ok {
		return Value{}, false
	}
	if len(o.Enum) > 0 && !d.enum(n, path, s, o.Enum) {
		return Value{}, false
	}
	if s == "" && o.Type == TypePath {
		d.report(CodeBadValue, n, path, o.Description, "%s is empty", path)
		return Value{}, false
	}
	if d.secretInValue(n, path, s) {
		return Value{}, false
	}
	return Value{Str: s}, true
}

func (d *decoder) intValue(o Option, n *yaml.Node, path string) (Value, bool) {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.report(CodeWrongType, n, path, "write an integer", "%s must be an integer, found %s", path, kindName(n))
		return Value{}, false
	}
	i, err := strconv.ParseInt(n.Value, 0, 64)
	if err != nil || i < o.Min {
		d.report(CodeBadValue, n, path, "use an integer ≥ "+strconv.FormatInt(o.Min, 10), "%s is out of range", path)
		return Value{}, false
	}
	return Value{Int: i}, true
}

func (d *decoder) boolValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	b, ok := d.boolean(n, path)
	return Value{Bool: b}, ok
}

func (d *decoder) durationValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	v, ok := d.duration(n, path)
	return Value{Duration: v}, ok
}

func (d *decoder) listValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	if n == nil || n.Kind != yaml.SequenceNode {
		d.report(CodeWrongType, n, path, "write a list, e.g. [a, b]", "%s must be a list, found %s", path, kindName(n))
		return Value{}, false
	}
	if len(n.Content) == 0 {
		d.report(CodeBadValue, n, path, "list at least one value, or remove the key", "%s is an empty list", path)
		return Value{}, false
	}
	var out []string
	for i, item := range n.Content {
		p := path + "[" + strconv.Itoa(i) + "]"
		s, ok := d.scalar(item, p, "a string")
		if !ok || d.secretInValue(item, p, s) {
			return Value{}, false
		}
		out = append(out, s)
	}
	return Value{List: out}, true
}

func (d *decoder) mapValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	entries, ok := d.mapping(n, path)
	if !ok {
		return Value{}, false
	}
	out := map[string]string{}
	for _, e := range entries {
		s, ok := d.scalar(e.val, join(path, e.name), "a string")
		if !ok || !d.mapSecret(e, join(path, e.name), s) {
			continue
		}
		out[e.name] = s
	}
	return Value{Map: out}, true
}

func (d *decoder) envValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	s, ok := d.scalar(n, path, "an environment variable name")
	if !ok {
		return Value{}, false
	}
	if !envName.MatchString(s) {
		d.report(CodeBadEnvName, n, path,
			"write the NAME of the environment variable that holds the secret (e.g. ORDERS_KAFKA_SASL), never the secret itself",
			"%s must name an environment variable (^[A-Z_][A-Z0-9_]*$); the value is not a variable name", path)
		return Value{}, false
	}
	return Value{Str: s}, true
}

// timestampValue decodes an RFC 3339 instant, a date, or epoch milliseconds.
func (d *decoder) timestampValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	if n != nil && n.Tag == "!!int" {
		if ms, err := strconv.ParseInt(n.Value, 10, 64); err == nil && ms >= 0 {
			return Value{Time: time.UnixMilli(ms).UTC(), Str: n.Value}, true
		}
	}
	s, ok := d.scalar(n, path, "a timestamp")
	if !ok {
		return Value{}, false
	}
	for _, layout := range []string{time.RFC3339Nano, time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return Value{Time: t.UTC(), Str: s}, true
		}
	}
	d.report(CodeBadValue, n, path, "write an RFC 3339 instant (2026-07-15T10:00:00Z), a date (2026-07-15) or epoch milliseconds",
		"%s is not a timestamp", path)
	return Value{}, false
}

var byteSize = regexp.MustCompile(`^[0-9]+([kmgt]b?|b)?$`)

func (d *decoder) bytesValue(_ Option, n *yaml.Node, path string) (Value, bool) {
	s, ok := d.scalar(n, path, "a size")
	if !ok {
		return Value{}, false
	}
	if low := strings.ToLower(s); byteSize.MatchString(low) && !strings.HasPrefix(low, "0") {
		return Value{Str: low}, true
	}
	d.report(CodeBadValue, n, path, "write a positive size such as 1048576, 512m or 1g", "%s is not a size", path)
	return Value{}, false
}

// offsetsValue decodes a keyword (o.Enum), a mapping topic → partition →
// integer, or the same mapping as a JSON string.
func (d *decoder) offsetsValue(o Option, n *yaml.Node, path string) (Value, bool) {
	if n != nil && n.Kind == yaml.MappingNode {
		return d.offsetsMapping(n, path)
	}
	s, ok := d.scalar(n, path, "a keyword or a mapping topic → partition → offset")
	if !ok {
		return Value{}, false
	}
	if strings.HasPrefix(strings.TrimSpace(s), "{") {
		var m map[string]map[string]int64
		if err := json.Unmarshal([]byte(s), &m); err != nil || len(m) == 0 {
			d.report(CodeBadValue, n, path, `write JSON like {"order-events": {"0": 42}}`, "%s: invalid JSON offsets", path)
			return Value{}, false
		}
		return Value{Offsets: m}, d.checkPartitions(n, path, m)
	}
	if len(o.Enum) == 0 {
		d.report(CodeWrongType, n, path, "write a mapping topic → partition → value", "%s must be a mapping, found %s", path, kindName(n))
		return Value{}, false
	}
	return Value{Str: s}, d.enum(n, path, s, o.Enum)
}

func (d *decoder) offsetsMapping(n *yaml.Node, path string) (Value, bool) {
	topics, _ := d.mapping(n, path)
	m := map[string]map[string]int64{}
	ok := true
	for _, t := range topics {
		parts, _ := d.mapping(t.val, join(path, t.name))
		m[t.name] = map[string]int64{}
		for _, p := range parts {
			v, good := d.intValue(Option{Min: -2}, p.val, join(join(path, t.name), p.name))
			ok = ok && good
			m[t.name][p.name] = v.Int
		}
	}
	return Value{Offsets: m}, ok && d.checkPartitions(n, path, m)
}

// checkPartitions reports partition keys that are not non-negative integers.
func (d *decoder) checkPartitions(n *yaml.Node, path string, m map[string]map[string]int64) bool {
	for topic, parts := range m {
		for p := range parts {
			if i, err := strconv.Atoi(p); err != nil || i < 0 {
				d.report(CodeBadValue, n, join(path, topic), "partition keys are integers ≥ 0", "%s: partition %q is not a partition number", path, p)
				return false
			}
		}
	}
	return true
}
