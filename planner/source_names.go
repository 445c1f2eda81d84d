package planner

import (
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// Spark 4.2 names a query's streaming sources (DataStreamReader.name,
// SPARK-54909): with source evolution on and the offset log in format 2,
// the checkpoint keys each source's offsets by its name, not by its
// position, so a restart may add, remove or reorder sources. Measured on
// Spark 4.2.0 (a file source, availableNow): an added name starts from its
// starting position and the others resume; reordered or removed names
// resume; a renamed source is a new source read from the start; another
// path under an old name fails the query; a checkpoint written without names
// fails a program that names its sources ("batch 0 doesn't exist"), and
// one written with names fails a program that names none. Without format 2
// an added named source fails the restart ("There are [1] sources in the
// checkpoint offsets and now there are [2]"), so both settings go together.
// Spark 4.2.0 writes offsets/0 of a format-2 log without the shuffle
// partitions, so a restart that re-runs an uncommitted batch 1 fails in its
// check for an unfinished offline state repartitioning (None.get in
// OfflineStateRepartitionUtils.isRepartitionBatch, measured); etlgen runs no
// offline repartitioning, so the program turns that check off
// (RepartitionCheckConf) and the replay runs (measured).
// Sinks stay unnamed: pyspark 4.2.0's DataStreamWriter has no name() and
// Spark Connect's WriteStreamOperationStart no sink name (SPARK-56719's
// named sinks are not reachable from a Connect client on 4.2.0).
const (
	// SourceEvolutionConf turns source naming on; with it every streaming
	// source of a query must be named (UNNAMED_STREAMING_SOURCES_WITH_ENFORCEMENT).
	SourceEvolutionConf = "spark.sql.streaming.queryEvolution.enableSourceEvolution"
	// OffsetLogFormatConf is the offset log format of new checkpoints; 2
	// keys offsets by source name.
	OffsetLogFormatConf = "spark.sql.streaming.offsetLog.formatVersion"
	// RepartitionCheckConf is Spark 4.2's check, at restart, for an
	// unfinished offline state repartitioning, which fails on a format-2
	// log whose batch 1 is uncommitted (above).
	RepartitionCheckConf = "spark.sql.streaming.checkUnfinishedRepartitionOnRestart"
)

// NamesSources reports whether a program for Spark line `line` names its
// streaming sources (4.2 and later).
func NamesSources(line string) bool {
	return profile.SparkLineAtLeast(line, profile.SparkLine42)
}

// namedSourcesConf is the session conf of a program that names its
// sources.
func namedSourcesConf() map[string]string {
	return map[string]string{SourceEvolutionConf: "true", OffsetLogFormatConf: "2", RepartitionCheckConf: "false"}
}

// SparkSourceName is the name a query gives its streaming read of source
// asset on a line that names sources: the asset name, the plan's identity
// of the source, with every character Spark does not take in a source name
// (ASCII letters, digits, '_') replaced by '_'. It follows the asset, not
// the plugin's options: a profile may change a source's options (servers,
// starting offsets, rate limits) and keep its offsets; a different topic,
// table or path under the same asset is a state change (ETL-P411).
func SparkSourceName(asset string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			return r
		}
		return '_'
	}, asset)
}
