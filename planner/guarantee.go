package planner

import (
	"fmt"
	"strings"
)

// The delivery-guarantee levels, weakest first.
const (
	AtMostOnce            = "at-most-once"
	AtLeastOnce           = "at-least-once"
	EffectivelyExactlyOne = "effectively-exactly-once"
)

// sourceReplay says whether a source plugin can re-read the offsets a
// checkpoint recorded, and how to name it in a statement.
var sourceReplay = map[string]struct {
	replayable bool
	name       string
	need       string
}{
	"kafka-json": {true, "Kafka", "the topic keeps every offset not yet committed in the checkpoint (retention longer than the longest outage); fail_on_data_loss=true fails the query on a gap instead of skipping it"},
	"delta-cdf":  {true, "Delta CDF", "the source table keeps the change data of every version not yet committed in the checkpoint (VACUUM and log retention longer than the longest outage)"},
	"file-json":  {true, "file source", "input files are immutable once visible and are not deleted before the checkpoint commits them"},
	"rate":       {true, "rate source", "the rate source regenerates the same rows for a replayed batch"},
	"memory":     {false, "memory stream", "memory streams live in the test process only: a restart loses unprocessed events"},
}

// branchReplay is what makes a replay of the invalid and late branches
// repeat the same rows.
var branchReplay = map[string]string{
	"invalid": "rejected rows keep the source topic, partition and offset, so rows of a replayed batch are identifiable; the reason code is a pure function of the payload",
	"late":    "a replayed batch restores the watermark from the checkpoint's offset log, so the same rows are late again",
}

// guaranteeFor states what a query delivers end to end for its sink.
func (q *query) guaranteeFor(env *Env, checkpoint string) Guarantee {
	g := Guarantee{Level: EffectivelyExactlyOne}
	var names []string
	g.Requirements = append(g.Requirements, fmt.Sprintf("the checkpoint %s is durable, kept across restarts and used by this query only", checkpoint))
	for _, src := range q.sourceAssets() {
		b := env.Assets[src]
		r, ok := sourceReplay[b.Plugin]
		if !ok {
			r.name, r.need = b.Plugin, "the source can re-read recorded offsets"
		}
		names = append(names, r.name)
		g.Requirements = append(g.Requirements, r.need)
		if !r.replayable {
			g.Level = AtMostOnce
		}
		if b.Options["failOnDataLoss"] == "false" {
			g.Level = AtMostOnce
			g.Requirements = append(g.Requirements, "fail_on_data_loss=false: offsets lost to retention or a deleted topic are skipped silently (at most once for those)")
		}
	}
	sinkName, level, reqs := sinkGuarantee(q.sink)
	g.Requirements = append(g.Requirements, reqs...)
	if r, ok := branchReplay[q.branch]; ok {
		g.Requirements = append(g.Requirements, r)
	}
	g.Level = weaker(g.Level, level)
	g.Statement = fmt.Sprintf("%s + checkpoint + %s: %s for %s", strings.Join(uniq(names), " + "), sinkName, levelText(g.Level), targetText(q.sink))
	return g
}

func sinkGuarantee(s AssetBinding) (name, level string, reqs []string) {
	switch {
	case s.Plugin == "delta" && s.IsMerge():
		keys := strings.Join(s.MergeKeys, ", ")
		return "idempotent Delta MERGE", EffectivelyExactlyOne, []string{
			"merge keys (" + keys + ") are deterministic and unique within a micro-batch",
			"each batch commits with txnAppId = a stable id of the checkpoint identity and txnVersion = the batch id, so a replayed batch N changes nothing",
		}
	case s.Plugin == "delta" && s.TxnIDs:
		return "Delta streaming append", EffectivelyExactlyOne, []string{
			"the Delta sink records (query id, batch id) as an application transaction and skips a replayed batch; a new checkpoint (new query id) re-appends",
		}
	case s.Plugin == "delta":
		return "Delta append without transaction ids", AtLeastOnce, []string{
			"a replayed batch appends its rows again: readers must deduplicate",
		}
	case s.Plugin == "file-json":
		return "file sink", EffectivelyExactlyOne, []string{
			"readers list files through the sink's _spark_metadata log; a reader that lists the directory directly may see a replayed batch's files twice (at-least-once)",
		}
	case s.Plugin == "memory":
		return "memory sink", EffectivelyExactlyOne, []string{"the memory sink lives in the test process only"}
	}
	return s.Plugin + " sink", AtLeastOnce, []string{"a replayed batch is written again: the sink or its readers must deduplicate"}
}

func weaker(a, b string) string {
	rank := map[string]int{AtMostOnce: 0, AtLeastOnce: 1, EffectivelyExactlyOne: 2}
	if rank[b] < rank[a] {
		return b
	}
	return a
}

func levelText(l string) string { return strings.ReplaceAll(l, "-", " ") }

func targetText(s AssetBinding) string {
	if s.Identity != "" {
		return "the target " + s.Identity
	}
	return "the target " + s.Asset
}

// sourceAssets lists the streaming source assets of the query, in order.
func (q *query) sourceAssets() []string {
	return uniq(q.rootFacts().sources)
}

func uniq(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
