package profile

import (
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// kafkaSink checks a kafka-json sink (its Plugin.bindSink): one topic to
// produce to (ETL-P355), key columns of the loaded contract (ETL-P356).
func kafkaSink(bc *binder, a *Asset, c *contracts.Contract, path string) {
	if t, ok := a.Options["topic"]; ok && len(SplitTopics(t.Str)) > 1 {
		bc.report(diag.Error, CodeSinkTopic, t.Pos, "assets."+a.Name+".topic", "name one topic: a sink produces every record to it",
			"asset %s is a Kafka sink of pipeline %s, and its topic names %d topics", a.Name, pipelineOf(path), len(SplitTopics(t.Str)))
	}
	k, ok := a.Options["key"]
	if !ok || c == nil {
		return
	}
	for _, col := range k.List {
		if _, found := c.Field(col); !found {
			bc.report(diag.Error, CodeKafkaKey, k.Pos, "assets."+a.Name+".key",
				"name columns of contract "+c.ID+": "+strings.Join(fieldNames(c), ", "),
				"key column %q of asset %s is not a column of contract %s", col, a.Name, c.ID)
		}
	}
}
