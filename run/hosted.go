package run

import "github.com/etlgen/etlgen/planner"

// hostedOf maps each query of the plan that hosts loads (multi-sink,
// planner.Query.Hosted) to them.
func hostedOf(pp *planner.PipelinePlan) map[string][]string {
	out := map[string][]string{}
	for _, q := range pp.Queries {
		if len(q.Hosted) > 0 {
			out[q.Name] = q.Hosted
		}
	}
	return out
}

// mirror is ev as it is for load, which host's micro-batches write: the
// same lifecycle, batches and rows written (the host's batch wrote them to
// the load's sink too), without what is the host's alone (its gates and
// their warnings, its late outputs, its state, its Delta version). A
// mirrored Batch names its Host; ok is false for an event that is not
// mirrored (WatermarkAdvanced: derived from the mirrored batches).
func mirror(ev Event, load, host string) (Event, bool) {
	switch e := ev.(type) {
	case QueryStarted:
		e.Query, e.Host = load, host
		return e, true
	case BatchStarted:
		e.Query = load
		return e, true
	case BatchCompleted:
		b := e.Batch
		b.Query, b.Host = load, host
		b.Gates, b.Warnings, b.LateRows, b.StateRows, b.DeltaVersion = nil, nil, 0, 0, nil
		return BatchCompleted{b}, true
	case QueryIdle:
		e.Query, e.Host = load, host
		return e, true
	case QueryFailed:
		if e.Query == "" {
			return nil, false // the whole run's: reported once
		}
		e.Query = load
		return e, true
	case QueryTerminated:
		e.Query, e.StateRows = load, 0
		return e, true
	}
	return nil, false
}
