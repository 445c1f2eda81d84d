package planner

import (
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
)

// The output modes of Spark Structured Streaming.
const (
	ModeAppend   = "append"
	ModeUpdate   = "update"
	ModeComplete = "complete"
)

// What forces an output mode, as the plan's reason names it.
const (
	forcedByOption  = "--output-mode"
	forcedByProfile = "the profile's output_mode"
)

// inferMode chooses a query's output mode. The rule, from the output-mode
// table of the Structured Streaming programming guide ("Output Modes"):
//
//   - no streaming aggregation (projections, filters, joins, dedup): append —
//     each row is final when emitted; stream–stream joins and several stateful
//     operators allow append only;
//   - an aggregation: the modes Spark allows for it are update and complete,
//     plus append when a watermark bounds a grouping key or the window (not
//     update with a session window). Among those the sink's preference wins:
//     a foreachBatch MERGE sink takes update (changed rows, idempotent MERGE),
//     an append sink append, a memory sink append or else complete;
//   - when the sink accepts none of them, the mode the sink accepts first is
//     chosen, and the streaming rules report why that mode fails;
//   - Options.OutputModes (the CLI's --output-mode) or the sink asset's
//     output_mode option in the profile may force the mode, the option winning
//     over the profile; the rules then check it.
func (q *query) inferMode() {
	if q.forcedMode != "" {
		by := q.forcedBy
		if by == "" {
			by = forcedByProfile
		}
		q.mode, q.reason, q.forced = q.forcedMode, "forced by "+by, true
		return
	}
	f := q.rootFacts()
	if f.aggs == 0 {
		q.mode, q.reason = ModeAppend, "no streaming aggregation: every row is final when emitted"
		return
	}
	valid := allowedModes(f)
	for _, m := range sinkPreference(q.sink) {
		if slices.Contains(valid, m) && accepts(q.sink, m) {
			q.mode, q.reason = m, aggReason(m, q.sink)
			return
		}
	}
	q.mode = ModeAppend
	if modes := outputModes(q.sink); len(modes) > 0 {
		q.mode = modes[0]
	}
	q.reason = "the sink accepts only " + strings.Join(outputModes(q.sink), ", ") + "; see the diagnostics"
}

// allowedModes are the modes Spark allows for a query with an aggregation.
func allowedModes(f *facts) []string {
	if f.streamJoin || f.aggs > 1 {
		return []string{ModeAppend}
	}
	var out []string
	if !f.session {
		out = append(out, ModeUpdate)
	}
	if aggWatermarked(f) {
		out = append(out, ModeAppend)
	}
	return append(out, ModeComplete)
}

// aggWatermarked reports whether the last aggregation's key or window carries
// a watermark.
func aggWatermarked(f *facts) bool {
	for i := len(f.stateful) - 1; i >= 0; i-- {
		if f.stateful[i].Kind == "aggregate" {
			return f.stateful[i].Watermark != ""
		}
	}
	return false
}

// sinkPreference orders the output modes by what the sink's write mode
// does best: a MERGE takes changed rows, an append sink final rows, a
// sink that replaces its contents (memory append) the whole result.
func sinkPreference(s *profile.AssetBinding) []string {
	switch {
	case s != nil && s.IsMerge():
		return []string{ModeUpdate, ModeAppend, ModeComplete}
	case accepts(s, ModeComplete) && !accepts(s, ModeUpdate):
		return []string{ModeAppend, ModeComplete, ModeUpdate}
	}
	return []string{ModeAppend, ModeUpdate, ModeComplete}
}

// accepts reports whether the sink accepts mode; an unbound sink any.
func accepts(s *profile.AssetBinding, mode string) bool { return s == nil || s.Accepts(mode) }

// outputModes are the output modes the sink accepts; none for an unbound one.
func outputModes(s *profile.AssetBinding) []string {
	if s == nil {
		return nil
	}
	return s.OutputModes()
}

func aggReason(mode string, s *profile.AssetBinding) string {
	switch mode {
	case ModeUpdate:
		return "aggregation into a foreachBatch MERGE sink: update emits changed rows each batch and the MERGE makes them idempotent"
	case ModeComplete:
		return "aggregation without a watermark into a sink that takes complete: the whole result table each batch"
	}
	if s != nil && s.IsMerge() {
		return "aggregation with a session window: update is not supported, append emits each session once the watermark closes it"
	}
	return "aggregation with a watermark into an append sink: each window is emitted once the watermark passes its end"
}

func (q *query) rootFacts() *facts {
	if q.root == nil || q.root.facts == nil {
		return newFacts(false)
	}
	return q.root.facts
}
