package profile

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// subscription checks each topic → partition mapping of a Kafka source's
// offsets options against what the source reads. Spark 4.1's Kafka source
// asserts that such a mapping names exactly the partitions the source is
// assigned (KafkaOffsetReader: "If startingOffsets contains specific
// offsets, you must specify all TopicPartitions"). With `topic` the
// mapping must name those topics and no other (their partitions are only
// known on the broker: `etlgen doctor`); with `assign` it must name exactly
// the assigned partitions; with `subscribe_pattern` every topic it names
// must match the pattern (when the pattern is also an RE2 expression; Java
// regex constructs RE2 lacks skip the check).
func (d *decoder) subscription(a *Asset, path string) {
	sub := a.Plugin.Subscription
	if sub == nil {
		return
	}
	for _, o := range a.Plugin.Options {
		v, ok := a.Options[o.Name]
		if o.Type != TypeOffsets || !ok || v.Offsets == nil {
			continue
		}
		msg, hint := "", ""
		switch {
		case a.String(sub.Topics) != "":
			topics := SplitTopics(a.String(sub.Topics))
			msg = offsetsTopicsText(o.Name, v.Offsets, topics)
			hint = fmt.Sprintf("name %s with every one of its partitions, e.g. {%q: {\"0\": -2}}, or use earliest / latest", strings.Join(topics, ", "), topics[0])
		case a.Options[sub.Assign].Partitions != nil:
			assigned := a.Options[sub.Assign].Partitions
			msg = offsetsAssignText(o.Name, v.Offsets, assigned)
			hint = "name exactly the assigned partitions (" + assignText(assigned) + "), or use earliest / latest"
		case a.String(sub.Pattern) != "":
			msg = offsetsPatternText(o.Name, v.Offsets, a.String(sub.Pattern))
			hint = "name only topics the pattern matches, each with every one of its partitions, or use earliest / latest"
		}
		if msg != "" {
			d.diags.Add(diag.Diagnostic{Code: CodeOffsetsTopic, Severity: diag.Error, Pos: v.Pos, Path: join(path, o.Name),
				Message: msg + ": Spark fails at start, specific offsets must name exactly the partitions the source is assigned (startingOffsets: \"If startingOffsets contains specific offsets, you must specify all TopicPartitions\")",
				Hint:    hint})
		}
	}
}

// SplitTopics splits a comma-separated topic list (the topic option),
// trimming each name and dropping empty ones.
func SplitTopics(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// offsetsTopicsText says how an offsets mapping names other topics than
// the subscribed ones; "" when it names exactly those.
func offsetsTopicsText(option string, offsets map[string]map[string]int64, subscribed []string) string {
	var other, missing []string
	for _, t := range slices.Sorted(maps.Keys(offsets)) {
		if !slices.Contains(subscribed, t) {
			other = append(other, t)
		}
	}
	for _, t := range subscribed {
		if _, named := offsets[t]; !named {
			missing = append(missing, t)
		}
	}
	switch {
	case len(other) > 0:
		return fmt.Sprintf("%s names topic %s, which the source does not subscribe to (it reads %s)", option, strings.Join(other, ", "), strings.Join(subscribed, ", "))
	case len(missing) > 0:
		return fmt.Sprintf("%s does not name topic %s, which the source subscribes to", option, strings.Join(missing, ", "))
	}
	return ""
}

// offsetsAssignText says how an offsets mapping differs from the assigned
// partitions; "" when it names exactly those.
func offsetsAssignText(option string, offsets map[string]map[string]int64, assigned map[string][]int32) string {
	named := map[string]bool{}
	for t, parts := range offsets {
		for p := range parts {
			id, _ := strconv.Atoi(p)
			named[t+"/"+strconv.Itoa(id)] = true
		}
	}
	want := map[string]bool{}
	for t, parts := range assigned {
		for _, id := range parts {
			want[t+"/"+strconv.Itoa(int(id))] = true
		}
	}
	var extra, missing []string
	for _, k := range slices.Sorted(maps.Keys(named)) {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if !named[k] {
			missing = append(missing, k)
		}
	}
	switch {
	case len(extra) > 0:
		return fmt.Sprintf("%s names partition %s, which the source is not assigned (assign: %s)", option, strings.Join(extra, ", "), assignText(assigned))
	case len(missing) > 0:
		return fmt.Sprintf("%s does not name assigned partition %s", option, strings.Join(missing, ", "))
	}
	return ""
}

// offsetsPatternText names the topics of an offsets mapping the pattern
// does not match; "" when it matches them all or is not an RE2 pattern.
// Spark matches the whole topic name (java.util.regex Matcher.matches).
func offsetsPatternText(option string, offsets map[string]map[string]int64, pattern string) string {
	re, err := regexp.Compile(`^(?:` + pattern + `)$`)
	if err != nil {
		return ""
	}
	var other []string
	for _, t := range slices.Sorted(maps.Keys(offsets)) {
		if !re.MatchString(t) {
			other = append(other, t)
		}
	}
	if len(other) == 0 {
		return ""
	}
	return fmt.Sprintf("%s names topic %s, which subscribe_pattern %q does not match", option, strings.Join(other, ", "), pattern)
}

// assignText renders assigned partitions as topic/partition, sorted.
func assignText(assigned map[string][]int32) string {
	var parts []string
	for _, t := range slices.Sorted(maps.Keys(assigned)) {
		for _, id := range assigned[t] {
			parts = append(parts, t+"/"+strconv.Itoa(int(id)))
		}
	}
	return strings.Join(parts, ", ")
}
