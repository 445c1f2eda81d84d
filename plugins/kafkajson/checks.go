package kafkajson

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// kafkaTopicName is a legal Kafka topic name (Kafka's Topic.validate:
// ASCII letters, digits, '.', '_', '-', at most 249 characters).
var kafkaTopicName = regexp.MustCompile(`^[A-Za-z0-9._-]{1,249}$`)

// checkTopics checks a comma-separated topic list: at least one topic,
// each a legal Kafka topic name.
func checkTopics(v profile.Value) error {
	topics := profile.SplitTopics(v.Str)
	if len(topics) == 0 {
		return &profile.CheckError{Code: profile.CodeBadValue, Message: "names no topic (Spark: \"No topics to subscribe to\")",
			Hint: "name the topic, or several separated by commas"}
	}
	for i, t := range topics {
		if !kafkaTopicName.MatchString(t) || t == "." || t == ".." {
			return &profile.CheckError{Code: profile.CodeBadValue, Message: fmt.Sprintf("topic %d of %d is not a Kafka topic name", i+1, len(topics)),
				Hint: "topic names are 1-249 ASCII letters, digits, '.', '_' and '-'; separate several with commas"}
		}
	}
	return nil
}

// checkNotBlank refuses an empty or blank string.
func checkNotBlank(v profile.Value) error {
	if strings.TrimSpace(v.Str) == "" {
		return &profile.CheckError{Code: profile.CodeBadValue, Message: "is empty (Spark: \"Pattern to subscribe is empty\")", Hint: "write a regular expression, e.g. orders-.*"}
	}
	return nil
}

// checkGroupIDPrefix refuses an empty prefix or one with whitespace or
// control characters.
func checkGroupIDPrefix(v profile.Value) error {
	if v.Str == "" || strings.ContainsFunc(v.Str, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return &profile.CheckError{Code: profile.CodeBadValue, Message: "is not a usable group id prefix", Hint: "write a prefix without spaces, e.g. etl-orders"}
	}
	return nil
}

// kafkaSettingKey is the form of a Kafka client setting name.
var kafkaSettingKey = regexp.MustCompile(`^[a-z0-9]+([._-][a-z0-9]+)*$`)

// refusedKafkaSettings are consumer settings of the kafka option that
// Spark 4.1 refuses (KafkaSourceProvider: "... is not supported") or that
// the profile sets elsewhere, with what to do instead.
var refusedKafkaSettings = map[string]string{
	"auto.offset.reset":   "Spark refuses it (\"not supported\"): use starting_offsets, starting_timestamp or starting_offsets_by_timestamp",
	"enable.auto.commit":  "Spark refuses it (\"not supported\"): the query keeps its offsets in its checkpoint, never in the consumer group",
	"interceptor.classes": "Spark refuses it (\"not supported\"): consumer interceptors would see Spark's internal reads",
	"key.deserializer":    "Spark refuses it (\"not supported\"): Spark reads keys as bytes; the contract parses the value",
	"value.deserializer":  "Spark refuses it (\"not supported\"): Spark reads values as bytes; the contract parses them",
	"key.serializer":      "Spark refuses it (\"not supported\"): a sink writes keys as bytes (the key columns as text or JSON)",
	"value.serializer":    "Spark refuses it (\"not supported\"): a sink writes values as bytes (to_json of the row)",
	"group.id":            "a fixed group id is shared by every query reading the source, each then reads part of the data: use group_id_prefix",
	"bootstrap.servers":   "set bootstrap_servers on the kafka resource",
	"security.protocol":   "set security_protocol on the kafka resource",
	"sasl.mechanism":      "set sasl_mechanism on the kafka resource",
	"sasl.jaas.config":    "set credential_env on the kafka resource: the program builds the JAAS config from the variable when it starts",
}

// checkKafkaSettings checks the kafka option's keys: Kafka setting names,
// written without the kafka. prefix, none that Spark refuses or the
// profile sets elsewhere (ETL-P325). Values are checked for credentials
// by the string-map decoder.
func checkKafkaSettings(v profile.Value) error {
	for _, k := range slices.Sorted(maps.Keys(v.Map)) {
		if rest, ok := strings.CutPrefix(k, "kafka."); ok {
			return &profile.CheckError{Code: profile.CodeKafkaSetting, Path: k, Message: "is written with the kafka. prefix",
				Hint: "write " + rest + ": the prefix is added when the setting is passed to Spark"}
		}
		if why, refused := refusedKafkaSettings[k]; refused {
			return &profile.CheckError{Code: profile.CodeKafkaSetting, Path: k, Message: "cannot be set here", Hint: why}
		}
		if !kafkaSettingKey.MatchString(k) {
			return &profile.CheckError{Code: profile.CodeKafkaSetting, Path: k, Message: "is not a Kafka setting name",
				Hint: "Kafka settings are lower-case words joined by dots, e.g. fetch.max.wait.ms"}
		}
	}
	return nil
}

// checkKafkaReadLimits refuses min_offsets_per_trigger above
// max_offsets_per_trigger (Spark fails at start: "The value of
// minOffsetPerTrigger(…) is higher than the maxOffsetsPerTrigger(…)").
func checkKafkaReadLimits(opts map[string]profile.Value) error {
	lo, okLo := opts["min_offsets_per_trigger"]
	hi, okHi := opts["max_offsets_per_trigger"]
	if okLo && okHi && lo.Int > hi.Int {
		return &profile.CheckError{Code: profile.CodeBadValue, Path: "min_offsets_per_trigger",
			Message: fmt.Sprintf("%d is above max_offsets_per_trigger %d (Spark fails at start)", lo.Int, hi.Int),
			Hint:    "set min_offsets_per_trigger at most max_offsets_per_trigger"}
	}
	return nil
}
