package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// The delivery-guarantee levels, weakest first (profile's, where each
// plugin states its own).
const (
	AtMostOnce            = profile.AtMostOnce
	AtLeastOnce           = profile.AtLeastOnce
	EffectivelyExactlyOne = profile.EffectivelyExactlyOnce
)

// branchReplay is what makes a replay of the invalid and late branches
// repeat the same rows.
var branchReplay = map[string]string{
	"invalid": "rejected rows keep the source topic, partition and offset, so rows of a replayed batch are identifiable; the reason code is a pure function of the payload",
	"late":    "a replayed batch restores the watermark from the checkpoint's offset log, so the same rows are late again",
}

// guaranteeFor states what a query delivers end to end for its sink: the
// weakest of what its sources replay (each plugin's SourceFacts) and what
// its sink's write mode makes of a replay on the profile's engine (each
// write mode's SinkGuarantee, per engine when the engines' writers differ).
func (q *query) guaranteeFor(e *env, checkpoint string) Guarantee {
	g := Guarantee{Level: EffectivelyExactlyOne}
	var names []string
	g.Requirements = append(g.Requirements, fmt.Sprintf("the checkpoint %s is durable, kept across restarts and used by this query only", checkpoint))
	for _, src := range q.sourceAssets() {
		b := e.Sources[src]
		facts := profile.SourceFacts{Name: string(pluginName(b)), Replayable: true, ReplayNeed: "the source can re-read recorded offsets"}
		if b != nil {
			facts = b.Source()
		}
		names = append(names, facts.Name)
		g.Requirements = append(g.Requirements, facts.ReplayNeed)
		if !facts.Replayable {
			g.Level = AtMostOnce
		}
		if b != nil && b.SparkOptions()["failOnDataLoss"] == "false" {
			g.Level = AtMostOnce
			g.Requirements = append(g.Requirements, "fail_on_data_loss=false: offsets lost to retention or a deleted topic are skipped silently (at most once for those)")
		}
	}
	sink := sinkGuarantee(q.sink, e.Engine)
	g.Requirements = append(g.Requirements, sink.Requirements...)
	if r, ok := branchReplay[q.branch]; ok {
		g.Requirements = append(g.Requirements, r)
	}
	g.Level = weaker(g.Level, sink.Level)
	g.Statement = fmt.Sprintf("%s + checkpoint + %s: %s for %s", strings.Join(uniq(names), " + "), sink.Name, levelText(g.Level), targetText(q))
	return g
}

// sinkGuarantee is what the sink's write mode delivers on replay on the
// profile's engine; a MERGE also needs keys that identify one row within a
// micro-batch.
func sinkGuarantee(s *profile.AssetBinding, engine string) profile.SinkGuarantee {
	if s == nil {
		return profile.WriteMode{}.Guarantee("", engine)
	}
	g := s.Guarantee(engine)
	if s.IsMerge() {
		keys := "merge keys (" + strings.Join(s.MergeKeys, ", ") + ") are deterministic and unique within a micro-batch"
		g.Requirements = append([]string{keys}, g.Requirements...)
	}
	return g
}

func weaker(a, b string) string {
	rank := map[string]int{AtMostOnce: 0, AtLeastOnce: 1, EffectivelyExactlyOne: 2}
	if rank[b] < rank[a] {
		return b
	}
	return a
}

func levelText(l string) string { return strings.ReplaceAll(l, "-", " ") }

func targetText(q *query) string {
	if id := identity(q.sink); id != "" {
		return "the target " + id
	}
	return "the target " + q.name
}

// sourceAssets lists the streaming source assets of the query, in order.
func (q *query) sourceAssets() []string {
	return uniq(q.rootFacts().sources)
}

// uniq returns in without repeats, in first-seen order.
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
