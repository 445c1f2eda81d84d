package planner

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// Grade is how a new plan's state relates to an existing checkpoint's.
type Grade string

// The grades, best first.
const (
	// Compatible: restart on the old checkpoints; nothing in the state changes.
	Compatible Grade = "compatible"
	// Partial: the checkpoints load, but results differ for data around the
	// change (a watermark delay, an orphaned checkpoint, a new output schema).
	Partial Grade = "partially-compatible"
	// Incompatible: Spark cannot (or must not) reuse the checkpoint; start a
	// new checkpoint identity (a new major version) or migrate the state.
	Incompatible Grade = "incompatible"
)

// Change is one difference between two manifests that matters for state.
type Change struct {
	Pipeline string `json:"pipeline"`
	Query    string `json:"query"`
	// Step is the step of the stateful operator that changed, "" for a
	// change of the whole query.
	Step   string `json:"step,omitempty"`
	Code   string `json:"code"`
	Grade  Grade  `json:"grade"`
	Reason string `json:"reason"`
}

// Compat is the result of Compare: the overall grade and every change.
type Compat struct {
	Grade   Grade    `json:"grade"`
	Changes []Change `json:"changes"`
}

// Compare grades the state of a new plan against the manifest of the plan
// whose checkpoints exist, after the Structured Streaming Programming Guide,
// "Recovery Semantics after Changes in a Streaming Query": changed grouping
// keys, window, dedup keys, join keys or type, and source type or topic are
// incompatible; an added or removed aggregate changes the state value schema
// and is incompatible on Spark; filters and projections with the same output
// are compatible. Each change is also a diagnostic: ETL-X6xx, an error when
// incompatible, a warning when partial; a single ETL-X690 note when all is
// compatible.
//
// State lives in a checkpoint, so the state comparisons (sources,
// operators, output mode, state store, watermarks) are matched by
// checkpoint (ManifestQuery.Checkpoint), not by name, and made once per
// checkpoint: between the new and the old query that run it (Host ""), not
// for the loads they host (multi-sink), whose state is their host's. A
// query of the same pipeline and name whose checkpoint moved (it joined or
// left a host, or the checkpoint root or profile changed) is compared with
// no state: its old state is abandoned and ETL-X617 warns about the rows
// around the move; only its output is still compared with its old one,
// since its sink (the table it appends to) did not move. A new major
// version moves every checkpoint of the pipeline on purpose: its queries
// start from scratch, are compared with nothing, and the old checkpoints
// no new query uses are orphaned (ETL-X610).
func Compare(old, cur *Manifest) (Compat, diag.List) {
	cc := &comparer{}
	cc.compare(old, cur)
	return cc.result(func(Change) diag.Position { return diag.Position{} })
}

// compare grades every new query against the old state it reuses, warns
// about the queries whose checkpoint moved, and notes the old checkpoints
// left behind.
func (cc *comparer) compare(old, cur *Manifest) {
	type key struct{ pipeline, query string }
	named := map[key]ManifestQuery{}
	runs := map[string]ManifestQuery{} // checkpoint → the old query that runs it
	majors := map[string]string{}
	for _, p := range old.Pipelines {
		majors[p.ID] = Major(p.Version)
		for _, q := range p.Queries {
			named[key{p.ID, q.Name}] = q
			if r, ok := runs[q.Checkpoint]; !ok || r.Host != "" && q.Host == "" {
				runs[q.Checkpoint] = q
			}
		}
	}
	used := map[string]bool{}
	moved := map[key]bool{}
	for _, p := range cur.Pipelines {
		bumped := majors[p.ID] != Major(p.Version)
		for _, q := range p.Queries {
			used[q.Checkpoint] = true
			nq, isNamed := named[key{p.ID, q.Name}]
			if isNamed && nq.Checkpoint != q.Checkpoint && !bumped {
				moved[key{p.ID, q.Name}] = true
				cc.moved(p.ID, nq, q)
			}
			rq, runsOld := runs[q.Checkpoint]
			if q.Host == "" && runsOld {
				cc.state(p.ID, rq, q)
			}
			switch {
			case isNamed && (nq.Checkpoint == q.Checkpoint || moved[key{p.ID, q.Name}]):
				cc.sink(p.ID, nq, q)
			case !isNamed && q.Host == "" && runsOld:
				cc.sink(p.ID, rq, q)
			}
		}
	}
	for _, p := range old.Pipelines {
		for _, oq := range p.Queries {
			// A hosted load's checkpoint is its host's, orphaned with it; a
			// query whose checkpoint moved has its ETL-X617 instead.
			if !used[oq.Checkpoint] && oq.Host == "" && !moved[key{p.ID, oq.Name}] {
				cc.add(p.ID, oq.Name, CodeStateQueryRemoved, Partial, "query %s is gone: its checkpoint %s is orphaned (delete it once no rollback needs it)", oq.Name, oq.Checkpoint)
			}
		}
	}
}

// moved warns about a query whose checkpoint moved between the plans
// (ETL-X617): it became hosted (or changed host), left its host, or its
// checkpoint location changed otherwise.
func (cc *comparer) moved(pid string, old, cur ManifestQuery) {
	switch {
	case cur.Host != "" && cur.Host != old.Host:
		prev, prevs := "its own", cur.Name+"'s"
		if old.Host != "" {
			prev, prevs = "query "+old.Host+"'s", old.Host+"'s"
		}
		cc.add(pid, cur.Name, CodeStateCheckpointMoved, Partial, "query %s now runs in query %s's micro-batches (multi-sink): it reads on from %s's checkpoint, not %s (%s); "+
			"rows %s's checkpoint has passed and %s had not are not written to %s's sink, rows %s had passed and %s's had not are written again; its idempotent writes restart under a new txnAppId",
			cur.Name, cur.Host, cur.Host, prev, old.Checkpoint, cur.Host, prevs, cur.Name, prevs, cur.Host)
	case old.Host != "" && cur.Host == "":
		cc.add(pid, cur.Name, CodeStateCheckpointMoved, Partial, "query %s no longer runs in query %s's micro-batches (multi-sink): it runs a query of its own on checkpoint %s, which starts from the sources' starting positions when it is new",
			cur.Name, old.Host, cur.Checkpoint)
	default:
		cc.add(pid, cur.Name, CodeStateCheckpointMoved, Partial, "query %s's checkpoint moved from %s to %s: the query starts over from the sources' starting positions unless %s exists",
			cur.Name, old.Checkpoint, cur.Checkpoint, cur.Checkpoint)
	}
}

// CompareManifest parses the manifest of the running version and grades
// the state of plan m against it (Compare). An unreadable manifest is an
// ETL-X611 error, not a Go error: the user gave the wrong file.
func CompareManifest(old []byte, m *Model) (Compat, diag.List) {
	om, err := ParseManifest(old)
	if err != nil {
		var l diag.List
		l.Errorf(CodeStateManifest, diag.Position{}, "pass the file etlgen plan --manifest wrote for the running version", "cannot read the old state manifest: %v", err)
		return Compat{Grade: Incompatible, Changes: []Change{}}, l
	}
	cc := &comparer{}
	cc.compare(om, NewManifest(m))
	return cc.result(func(ch Change) diag.Position { return changePos(m, ch) })
}

// changePos is where a change is in the user's source: the step of the
// operator that changed, else the load of the query; none for a query that
// is gone.
func changePos(m *Model, ch Change) diag.Position {
	pp, ok := m.Pipeline(ch.Pipeline)
	if !ok {
		return diag.Position{}
	}
	if sp, ok := pp.StepPlan(ch.Step); ok && sp.Step.Pos.IsValid() {
		return sp.Step.Pos
	}
	if q, ok := pp.Query(ch.Query); ok && q.Sink.Load != nil {
		return q.Sink.Load.Pos
	}
	return diag.Position{}
}

// comparer collects the changes of one comparison; step is the stateful
// operator's step while its changes are added.
type comparer struct {
	changes []Change
	step    string
}

func (cc *comparer) add(pipeline, query, code string, g Grade, format string, args ...any) {
	cc.changes = append(cc.changes, Change{Pipeline: pipeline, Query: query, Step: cc.step, Code: code, Grade: g, Reason: fmt.Sprintf(format, args...)})
}

// state compares what the state in one checkpoint depends on, between the
// old and the new query that run it.
func (cc *comparer) state(pid string, old, cur ManifestQuery) {
	cc.sources(pid, cur.Name, old.Sources, cur.Sources)
	if len(old.Operators) != len(cur.Operators) {
		cc.add(pid, cur.Name, CodeStateOperators, Incompatible, "stateful operators changed from [%s] to [%s]: Spark cannot map the checkpoint's state stores onto the new operators",
			opKinds(old.Operators), opKinds(cur.Operators))
	} else {
		for i := range old.Operators {
			cc.operator(pid, cur.Name, old.Operators[i], cur.Operators[i])
		}
	}
	if len(cur.Operators) > 0 && old.OutputMode != cur.OutputMode {
		cc.add(pid, cur.Name, CodeStateOutputMode, Partial, "output mode changed from %s to %s: the state loads, but rows already emitted are not emitted again in the new mode", old.OutputMode, cur.OutputMode)
	}
	if old.StateStore != "" && cur.StateStore != "" && old.StateStore != cur.StateStore {
		cc.add(pid, cur.Name, CodeStateStore, Partial, "state store changed from %s to %s: Spark keeps the provider a checkpoint started with "+
			"and ignores the new setting (measured on Spark 4.1); the query goes on with %s until it has a new checkpoint (a new major version, or the checkpoint deleted)",
			old.StateStore, cur.StateStore, old.StateStore)
	}
	cc.watermarks(pid, cur.Name, old.Watermarks, cur.Watermarks)
}

// sink compares the output a query's sink takes with the old one.
func (cc *comparer) sink(pid string, old, cur ManifestQuery) {
	if !reflect.DeepEqual(old.Output, cur.Output) {
		cc.output(pid, cur, old.Output)
	}
}

// output grades a changed output schema. Into a table an append sink
// evolves (ManifestQuery.Evolve), the change is checked the way the
// contract-drift rules (docs/contract-drift.md) and Delta see it: added
// columns are additive, and taken with merge_schema (a failing append
// without it: ETL-X616); a removed or renamed column, or a type changed
// otherwise than widened on a table with type widening, is not additive,
// and merge_schema cannot take it (ETL-X615).
func (cc *comparer) output(pid string, cur ManifestQuery, old []Column) {
	ev := cur.Evolve
	if ev == nil {
		cc.add(pid, cur.Name, CodeStateOutput, Partial, "output schema changed: the checkpoint is reusable, but the sink must accept the new columns (contract drift)")
		return
	}
	d := diffColumns(old, cur.Output, ev.TypeWidening)
	switch {
	case ev.MergeSchema && (len(d.removed) > 0 || len(d.changed) > 0):
		cc.add(pid, cur.Name, CodeSchemaNotAdditive, Incompatible, "output schema changed beyond an addition (%s): merge_schema adds columns only, "+
			"and the contract-drift rules call this change breaking for the table's readers; migrate the table (or write a new one) before the restart", d.text())
	case ev.MergeSchema:
		cc.add(pid, cur.Name, CodeStateOutput, Partial, "output schema gains %s: merge_schema adds them to the table on the next append; the rows written before read NULL in them", commaJoin(d.added))
	case len(d.added) > 0:
		cc.add(pid, cur.Name, CodeColumnsNeedMerge, Incompatible, "output schema gains %s: the append into a table without them fails (Delta's DELTA_METADATA_MISMATCH); set merge_schema: true on the sink, or add them to the table first", commaJoin(d.added))
	default:
		cc.add(pid, cur.Name, CodeStateOutput, Partial, "output schema changed (%s): the checkpoint is reusable, but the sink must accept the new columns (contract drift)", d.text())
	}
}

func (cc *comparer) operator(pid, q string, old, cur StatefulOp) {
	cc.step = cur.Step
	defer func() { cc.step = "" }()
	at := fmt.Sprintf("%s in step %s", cur.Kind, cur.Step)
	if old.Kind != cur.Kind {
		cc.add(pid, q, CodeStateOperators, Incompatible, "stateful operator %s replaced %s in step %s", cur.Kind, old.Kind, old.Step)
		return
	}
	switch {
	case cur.Kind == "aggregate":
		cc.aggregate(pid, q, at, old, cur)
	case cur.Kind == "streamJoin":
		cc.join(pid, q, at, old, cur)
	default:
		if !reflect.DeepEqual(old.Keys, cur.Keys) {
			cc.add(pid, q, CodeStateDedupKeys, Incompatible, "%s: dedup keys changed from [%s] to [%s]: the state holds the old keys", at, strings.Join(old.Keys, ", "), strings.Join(cur.Keys, ", "))
			return
		}
	}
	if reflect.DeepEqual(old.Keys, cur.Keys) && !reflect.DeepEqual(old.KeySchema, cur.KeySchema) {
		cc.add(pid, q, CodeStateSchema, Incompatible, "%s: state key schema changed from %s to %s", at, columnsText(old.KeySchema), columnsText(cur.KeySchema))
	}
}

func (cc *comparer) aggregate(pid, q, at string, old, cur StatefulOp) {
	if !reflect.DeepEqual(old.Keys, cur.Keys) {
		cc.add(pid, q, CodeStateGroupingKeys, Incompatible, "%s: grouping keys changed from [%s] to [%s]: the state is keyed by the old ones", at, strings.Join(old.Keys, ", "), strings.Join(cur.Keys, ", "))
	}
	if !reflect.DeepEqual(old.Window, cur.Window) {
		cc.add(pid, q, CodeStateWindow, Incompatible, "%s: window changed from %s to %s: existing windows in the state no longer match", at, windowText(old), windowText(cur))
	}
	switch {
	case !reflect.DeepEqual(old.Aggregates, cur.Aggregates):
		cc.add(pid, q, CodeStateAggregates, Incompatible, "%s: aggregates changed from [%s] to [%s]: Spark keeps every aggregate's buffer in one state row, so the state value schema changes and Spark rejects the old checkpoint (incompatible on Spark)",
			at, strings.Join(old.Aggregates, ", "), strings.Join(cur.Aggregates, ", "))
	case !reflect.DeepEqual(old.ValueSchema, cur.ValueSchema):
		cc.add(pid, q, CodeStateSchema, Incompatible, "%s: state value schema changed from %s to %s", at, columnsText(old.ValueSchema), columnsText(cur.ValueSchema))
	}
}

func (cc *comparer) join(pid, q, at string, old, cur StatefulOp) {
	if old.Join == nil || cur.Join == nil {
		return
	}
	if old.Join.Type != cur.Join.Type || !reflect.DeepEqual(old.Join.LeftKeys, cur.Join.LeftKeys) || !reflect.DeepEqual(old.Join.RightKeys, cur.Join.RightKeys) {
		cc.add(pid, q, CodeStateJoin, Incompatible, "%s: join changed from %s on [%s]=[%s] to %s on [%s]=[%s]: Spark does not allow changing the join type or equi-join keys",
			at, old.Join.Type, strings.Join(old.Join.LeftKeys, ","), strings.Join(old.Join.RightKeys, ","), cur.Join.Type, strings.Join(cur.Join.LeftKeys, ","), strings.Join(cur.Join.RightKeys, ","))
		return
	}
	if !reflect.DeepEqual(old.Join.TimeRange, cur.Join.TimeRange) {
		cc.add(pid, q, CodeStateJoin, Partial, "%s: join time range changed: the buffered rows load, but matches near the old bounds are ill-defined (Spark)", at)
	}
}

func (cc *comparer) watermarks(pid, q string, old, cur []Watermark) {
	if reflect.DeepEqual(old, cur) {
		return
	}
	cc.add(pid, q, CodeStateWatermark, Partial, "watermarks changed from [%s] to [%s]: the state loads, but which rows are late and when state is evicted changes from the restart on",
		watermarksText(old), watermarksText(cur))
}

func (cc *comparer) result(pos func(Change) diag.Position) (Compat, diag.List) {
	out := Compat{Grade: Compatible, Changes: cc.changes}
	if out.Changes == nil {
		out.Changes = []Change{}
	}
	var l diag.List
	for _, ch := range cc.changes {
		sev := diag.Warning
		if ch.Grade == Incompatible {
			sev = diag.Error
			out.Grade = Incompatible
		} else if out.Grade == Compatible {
			out.Grade = Partial
		}
		l.Add(diag.Diagnostic{Code: ch.Code, Severity: sev, Pos: pos(ch), Path: ch.Pipeline + "/" + ch.Query, Message: ch.Reason, Hint: compatHint(ch.Grade)})
	}
	if len(l) == 0 {
		l.Add(diag.Diagnostic{Code: CodeStateCompatible, Severity: diag.Note, Message: "state is compatible with the existing checkpoints: restart on them",
			Hint: "filters and projections with the same output may change freely"})
	}
	return out, l
}

func compatHint(g Grade) string {
	if g == Incompatible {
		return "start a new checkpoint identity (bump the pipeline's major version) and backfill, or revert the change"
	}
	return "review the effect around the change; restarting on the old checkpoints is possible"
}

func sourceIDs(s []SourceName) []string {
	out := []string{}
	for _, x := range s {
		out = append(out, string(x.Plugin)+":"+x.Identity)
	}
	return out
}

func opKinds(ops []StatefulOp) string {
	parts := make([]string, len(ops))
	for i, o := range ops {
		parts[i] = o.Kind + "@" + o.Step
	}
	return strings.Join(parts, ", ")
}

func columnsText(cols []Column) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = c.Name + " " + c.Type
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func windowText(op StatefulOp) string {
	w := op.Window
	if w == nil {
		return "no window"
	}
	switch w.Kind {
	case "sliding":
		return fmt.Sprintf("sliding %s every %s on %s", w.Duration, w.Slide, w.TimeColumn)
	case "session":
		return fmt.Sprintf("session gap %s on %s", w.Gap, w.TimeColumn)
	}
	return fmt.Sprintf("tumbling %s on %s", w.Duration, w.TimeColumn)
}

func watermarksText(ws []Watermark) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Column + " delay " + w.Delay
	}
	return strings.Join(parts, ", ")
}
