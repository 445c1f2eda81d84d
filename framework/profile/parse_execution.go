package profile

import (
	"errors"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// ModeStructuredStreaming is the only execution mode: Spark Structured
// Streaming semantics on either engine.
const ModeStructuredStreaming = "structured-streaming"

// defaultStopTimeout bounds a graceful stop when the profile does not.
const defaultStopTimeout = 5 * time.Minute

// maxSnapshotInterval caps execution.state_snapshot_interval (an int32 in
// Spark's conf).
const maxSnapshotInterval = 1<<31 - 1

// defaultServerLossTimeout bounds how long a Spark program keeps retrying
// a Spark Connect server that does not answer when the profile does not.
const defaultServerLossTimeout = time.Minute

var (
	executionKeys = []string{"mode", "trigger", "checkpoint_root", "stop_policy", "stop_timeout", "server_loss_timeout", "state_store", "state_snapshot_interval", "openlineage", "multi_sink"}
	triggerKeys   = []string{"type", "interval"}
	triggerTypes  = []string{TriggerAvailableNow, TriggerOnce, TriggerProcessingTime}
)

// execution decodes the execution section of a profile for engine.
func (d *decoder) execution(e entry, engine string) Execution {
	ex := Execution{Mode: ModeStructuredStreaming, StopPolicy: StopFinishBatch, StopTimeout: defaultStopTimeout,
		ServerLossTimeout: defaultServerLossTimeout, StateStore: StateStoreHDFS, MultiSink: MultiSinkShared,
		Pos: d.pos(e.key), CheckpointRootPos: d.pos(e.key)}
	entries, ok := d.mapping(e.val, "execution")
	if !ok {
		return ex
	}
	have := map[string]bool{}
	for _, f := range entries {
		have[f.name] = true
		path := join("execution", f.name)
		switch f.name {
		case "mode":
			if s, ok := d.scalar(f.val, path, "a string"); ok && d.enum(f.val, path, s, []string{ModeStructuredStreaming}) {
				ex.Mode = s
			}
		case "trigger":
			ex.Trigger = d.trigger(f)
		case "checkpoint_root":
			if s, ok := d.scalar(f.val, path, "a path or URI"); ok {
				d.secretInValue(f.val, path, s)
				ex.CheckpointRoot, ex.CheckpointRootPos = s, d.pos(f.val)
			}
		case "stop_policy":
			if s, ok := d.scalar(f.val, path, "a string"); ok && d.enum(f.val, path, s, []string{StopFinishBatch, StopCancelBatch}) {
				ex.StopPolicy = s
			}
		case "stop_timeout":
			if v, ok := d.duration(f.val, path); ok {
				ex.StopTimeout = v
			}
		case "server_loss_timeout":
			if v, ok := d.duration(f.val, path); ok {
				ex.ServerLossTimeout = v
			}
		case "state_store":
			if s, ok := d.scalar(f.val, path, "a string"); ok && d.enum(f.val, path, s, []string{StateStoreHDFS, StateStoreRocksDB}) {
				ex.StateStore = s
				if d.reg.inProcess(engine) && s != StateStoreHDFS {
					d.diags.Add(diag.Diagnostic{Code: CodeOptionNotApplies, Severity: diag.Warning, Pos: d.pos(f.val), Path: path,
						Message: "state_store applies to the pyspark engine: the local engine keeps state in its own checkpoint files",
						Hint:    "remove state_store from the local profile"})
				}
			}
		case "state_snapshot_interval":
			if v, ok := d.intValue(Option{Min: 1}, resolve(f.val), path); ok {
				ex.StateSnapshotInterval = int(min(v.Int, maxSnapshotInterval))
			}
		case "openlineage":
			ex.OpenLineage = d.openLineage(f)
		case "multi_sink":
			if s, ok := d.scalar(f.val, path, "a string"); ok && d.enum(f.val, path, s, []string{MultiSinkShared, MultiSinkSeparate}) {
				ex.MultiSink = s
			}
		default:
			d.unknownKey(f, "execution", executionKeys, entries)
		}
	}
	// No trigger is Spark's default (micro-batches as fast as possible); the
	// planner makes it available-now for pipelines reading a Change Data Feed.
	d.rootWritten = have["checkpoint_root"]
	for _, k := range []string{"checkpoint_root"} {
		if !have[k] && d.missing("execution", k) {
			d.report(CodeMissingKey, e.key, "execution", "add `"+k+":` under execution", "execution has no %s", k)
		}
	}
	return ex
}

// trigger decodes `trigger: {type: ..., interval: ...}` or the short form
// `trigger: available-now`.
func (d *decoder) trigger(e entry) Trigger {
	t := Trigger{Pos: d.pos(e.key)}
	const path = "execution.trigger"
	if v := resolve(e.val); v != nil && v.Kind == yaml.ScalarNode && v.Tag == "!!str" {
		if d.enum(v, path, v.Value, triggerTypes) {
			t.Type = v.Value
		}
		d.needInterval(t, e.key)
		return t
	}
	entries, ok := d.mapping(e.val, path)
	if !ok {
		return t
	}
	var interval *entry
	for i, f := range entries {
		switch f.name {
		case "type":
			if s, ok := d.scalar(f.val, path+".type", "a string"); ok && d.enum(f.val, path+".type", s, triggerTypes) {
				t.Type = s
			}
		case "interval":
			interval = &entries[i]
			t.Interval, _ = d.interval(f.val, path+".interval")
		default:
			d.unknownKey(f, path, triggerKeys, entries)
		}
	}
	if !hasEntry(entries, "type") {
		d.report(CodeMissingKey, e.key, path, "add type: available-now, once or processing-time", "the trigger has no type")
	}
	if interval != nil && t.Type != "" && t.Type != TriggerProcessingTime {
		d.report(CodeOptionNotApplies, interval.key, path+".interval", "remove interval, or use type: processing-time",
			"interval only applies to a processing-time trigger, not %s", t.Type)
	}
	if interval == nil {
		d.needInterval(t, e.key)
	}
	return t
}

// needInterval reports a processing-time trigger without an interval.
func (d *decoder) needInterval(t Trigger, at *yaml.Node) {
	if t.Type == TriggerProcessingTime {
		d.report(CodeMissingKey, at, "execution.trigger", "add interval: 30s (how often a micro-batch starts)",
			"a processing-time trigger needs an interval")
	}
}

// duration decodes a positive duration.
func (d *decoder) duration(n *yaml.Node, path string) (time.Duration, bool) {
	s, ok := d.scalar(n, path, "a duration such as 30s or 5m")
	if !ok {
		return 0, false
	}
	v, err := ParseDuration(s)
	if err != nil {
		d.report(CodeBadDuration, n, path, "write a positive duration such as 30s, 5m, 1h30m or \"30 seconds\"",
			"%s is %s", path, durationProblem(err, "not a positive duration"))
		return 0, false
	}
	return v, true
}

// interval decodes a trigger interval: a duration, zero allowed (Spark's
// "as fast as possible").
func (d *decoder) interval(n *yaml.Node, path string) (time.Duration, bool) {
	s, ok := d.scalar(n, path, "a duration such as 30s or 5m")
	if !ok {
		return 0, false
	}
	v, err := ParseInterval(s)
	if err != nil {
		d.report(CodeBadDuration, n, path, "write a duration such as 30s, 5m or \"0 seconds\" (as fast as possible)",
			"%s is %s", path, durationProblem(err, "not a duration"))
		return 0, false
	}
	return v, true
}

// durationProblem says what is wrong with a duration without quoting it
// (the parse errors do quote it, so they stay out of messages).
func durationProblem(err error, otherwise string) string {
	for _, e := range []error{ErrTooLong, ErrNotPositive, ErrNegative} {
		if errors.Is(err, e) {
			return e.Error()
		}
	}
	return otherwise
}

func hasEntry(entries []entry, name string) bool {
	for _, e := range entries {
		if e.name == name {
			return true
		}
	}
	return false
}
