package kafkajson

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// bindSink checks a kafka-json sink (its Plugin.BindSink): one topic to
// produce to (ETL-P355), key columns of the loaded contract (ETL-P356).
func bindSink(a *profile.Asset, c *contracts.Contract, pipeline string) diag.List {
	var out diag.List
	if t, ok := a.Options["topic"]; ok && len(profile.SplitTopics(t.Str)) > 1 {
		out.Add(diag.Diagnostic{Code: profile.CodeSinkTopic, Severity: diag.Error, Pos: t.Pos, Path: "assets." + a.Name + ".topic",
			Message: fmt.Sprintf("asset %s is a Kafka sink of pipeline %s, and its topic names %d topics", a.Name, pipeline, len(profile.SplitTopics(t.Str))),
			Hint:    "name one topic: a sink produces every record to it"})
	}
	k, ok := a.Options["key"]
	if !ok || c == nil {
		return out
	}
	for _, col := range k.List {
		if _, found := c.Field(col); !found {
			out.Add(diag.Diagnostic{Code: profile.CodeKafkaKey, Severity: diag.Error, Pos: k.Pos, Path: "assets." + a.Name + ".key",
				Message: fmt.Sprintf("key column %q of asset %s is not a column of contract %s", col, a.Name, c.ID),
				Hint:    "name columns of contract " + c.ID + ": " + strings.Join(fieldNames(c), ", ")})
		}
	}
	return out
}

// fieldNames are the names of the contract's columns, in order.
func fieldNames(c *contracts.Contract) []string {
	out := make([]string, len(c.Fields))
	for i := range c.Fields {
		out[i] = c.Fields[i].Name
	}
	return out
}
