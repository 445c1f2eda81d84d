package planner

import (
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// A diagnostic about a query's output mode says what chose the mode, points
// where it can be changed and proposes only a mode Spark runs the query in.

// forcedByProfile reports whether the sink's output_mode in the profile
// forces the query's mode.
func (q *query) forcedByProfile() bool { return q.forced && q.forcedBy != forcedByOption }

// modePos is where a diagnostic caused by the query's output mode points:
// the profile's output_mode line when the profile forces the mode, else at.
func (q *query) modePos(at diag.Position) diag.Position {
	if !q.forcedByProfile() || q.sink == nil {
		return at
	}
	if v, ok := q.sink.Asset.Options[profile.OutputModeOption]; ok && v.Pos.IsValid() {
		return v.Pos
	}
	return at
}

// modeText names the query's mode for a message, with what forces it:
// "update mode (forced by the profile's output_mode)".
func (q *query) modeText() string {
	if q.forced {
		return q.mode + " mode (" + q.reason + ")"
	}
	return q.mode + " mode"
}

// runsIn reports whether Spark runs the query in mode and its sink (when
// bound) takes it: the modes a hint may propose.
func (q *query) runsIn(mode string) bool {
	f := q.rootFacts()
	modes := []string{ModeAppend, ModeUpdate}
	switch {
	case f.aggs > 0:
		modes = allowedModes(f)
	case f.streamJoin:
		modes = []string{ModeAppend}
	}
	if mode == ModeAppend && !allAggsWatermarked(f) {
		return false // ETL-S401
	}
	return slices.Contains(modes, mode) && accepts(q.sink, mode)
}

// allAggsWatermarked reports whether every aggregation of the query has a
// watermark on a grouping key or its window, as append mode needs.
func allAggsWatermarked(f *facts) bool {
	for _, op := range f.stateful {
		if op.Kind == "aggregate" && op.Watermark == "" {
			return false
		}
	}
	return true
}

// modeChange says how to run a forced query in mode: the option that
// forces it, else the sink's output_mode.
func (q *query) modeChange(mode string) string {
	if q.forcedBy == forcedByOption {
		return "pass --output-mode " + q.name + "=" + mode
	}
	return "set output_mode: " + mode + " on asset " + q.name
}

// forcedHint is the hint of a diagnostic the forced mode causes: run the
// query in mode instead, when Spark can, or else hint.
func (q *query) forcedHint(mode, hint string) string {
	if !q.forced || !q.runsIn(mode) {
		return hint
	}
	return q.modeChange(mode) + ", or " + hint
}

// modeFix is the profile edit that runs the query in mode: the sink's
// output_mode set to it. None unless the profile forces the mode (the
// command line wins over the profile) and Spark runs the query in mode.
func (q *query) modeFix(mode string) diag.Fix {
	if !q.forcedByProfile() || q.sink == nil || !q.runsIn(mode) {
		return diag.Fix{}
	}
	return diag.Fix{File: q.sink.Asset.Pos.File, Key: "assets." + q.sink.Asset.Name + "." + profile.OutputModeOption, Set: mode}
}

// reportMode reports a diagnostic the query's output mode causes: at the
// profile's output_mode when the profile forces it, with the fix that runs
// the query in fixMode (none when fixMode is "").
func (c *Checker) reportMode(q *query, code string, at diag.Position, path, hint, msg, fixMode string) {
	d := diag.Diagnostic{Code: code, Severity: diag.Error, Pos: q.modePos(at), Path: path, Message: msg, Hint: hint}
	if fixMode != "" {
		d.Fix = q.modeFix(fixMode)
	}
	c.diags.Add(d)
}
