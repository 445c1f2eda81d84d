package pyspark

import (
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// queryView is one streaming query of the program.
type queryView struct {
	Name, Identity, Checkpoint string // Python literals
	Title                      string // plain text
	Const, Fn                  string
	OutputMode                 string
	Trigger                    string // keyword arguments of DataStreamWriter.trigger
	Build                      string // expression of the query's DataFrame
	// Lets are the assignments Build reads (streams it reads more than
	// once, computed once: shared).
	Lets    []string
	Columns []string
	Sink    sinkView
	Lates   []*lateView
	// DeltaLates are the Lates written to Delta tables (created at start,
	// their commits counted in batch lines); the others write files.
	DeltaLates []*lateView
	// TableFormats is the Python dict literal of the query's targets that
	// are tables of a plugin's sink kind (TableFormat: its sink's, its late
	// outputs'), constant → kind, whose commits its batch lines find through
	// the kind's handler, not in a Delta history; "" when none.
	TableFormats string
	// Stateful: a step of the query has a stateful operator: every batch
	// must be computed in full, even when Delta skips its write (a replay).
	// A MERGE tells (rt.merge counts a skipped batch); other sinks cache and
	// count each batch first (Cache, rt.materialize).
	Stateful, Cache bool
	// Tables are the Python constants of the Delta tables the query writes
	// (its sink unless files, then its Delta late outputs').
	Tables []string
	// Quarantines are the static sources whose quarantine the query
	// writes, before its sink, at every micro-batch.
	Quarantines []*sourceView
	// Gates are the query's quality gates, Python dict literals
	// (view_gates.go): rt.check_gates measures those that fail and those per
	// window before the sink writes (FailGates: the query has one), the
	// batch line those that
	// warn from the pass's observed metrics (and every gate of a replayed
	// batch, which has no progress); GateSource is the source whose batch
	// an invalid-ratio gate reads again, nil when none can be.
	Gates      []string
	FailGates  bool
	GateSource *sourceView
	// Rolling: the query has a rolling gate, whose parts rt.check_gates
	// keeps beside the query's checkpoint (rt.rolling_store).
	Rolling bool
	// Expectations are the query's expectations, Python dict literals
	// (view_expect.go): rt.expect applies them in the query's pass where
	// its expression reads their streams, the batch line counts them.
	Expectations []string
	// Quarantine are, for a Quarantined() load, the expectations of the
	// quarantined stream, Python dict literals like Expectations:
	// rt.quarantine applies them in declaration order to pick the rows
	// the load writes (view_expect_quarantine.go); it counts none.
	Quarantine []string
	// GateOutputs are the outputs of the query's quarantine gates, written
	// in its foreachBatch before its sink.
	GateOutputs []*writeView
	// Hosted are the loads the query hosts (planner.Query.Hosted), written
	// in its foreachBatch after its sink, from the same persisted batch.
	Hosted []*writeView
	// Sources are the Python literals of the observed metrics of the
	// validated sources the query reads (sourceView.Observe); Observed
	// those sources by asset.
	Sources  []string
	Observed map[string]*sourceView
}

// Writes are the query's writes besides its sink: its quarantine gates'
// outputs, then its hosted loads.
func (qv *queryView) Writes() []*writeView { return slices.Concat(qv.GateOutputs, qv.Hosted) }

// sinkView is where a query (or a late output) writes.
type sinkView struct {
	Kind      string // merge, changes (a CDF MERGE), append, files
	Target    string // Python literal: SQL table reference, or path for files
	Format    string // Python literal, files only
	SchemaSQL string // Python literal or None
	CreateSQL string // Python literal or None
	Keys      []string
	Changes   []string // changes only: the target's columns (Python literals of SQL identifiers)
	Order     []string // changes only: the change types in rank order (Python literals)
	PathArg   string   // ", path=<literal>" for a path table, ", merge_schema=True" with merge_schema, else ""
	// TableFormat is the Python literal of the sink kind of a table a
	// plugin's runtime module writes (Plugin.Runtime registers it, e.g.
	// "iceberg"): the runtime's merge and append dispatch to its handler,
	// and write Delta when it is "".
	TableFormat string
	// Layout is the Python literal of the partitioning and properties the
	// profile gives the table, checked on an existing table; "" for none.
	Layout string
	// Kafka sinks only (Kind kafka; Target is the topic): the producer
	// options (Python dict literal), those read from the environment (dict
	// literal or None), the key and value SQL (Python literals; key None),
	// the SASL credentials' variable and mechanism (literals or None).
	KafkaOptions, KafkaOptionsEnv, Key, Value, CredEnv, Mechanism string
}

// FormatArg is the table_format argument of the runtime's merge and
// append for a table of a plugin's sink kind (`, table_format="iceberg"`),
// "" for Delta.
func (s sinkView) FormatArg() string {
	if s.TableFormat == "" {
		return ""
	}
	return ", table_format=" + s.TableFormat
}

// ReadsStartVersion reports whether the program gives ensure_table the
// table's name, with which it reads the table's version before creating
// it (where the batch lines read the commit log from) and finds the table
// whose layout it checks: a Delta table, or any table with a layout. A
// plugin kind's table without one (an Iceberg late table) is not read
// with DESCRIBE HISTORY.
func (s sinkView) ReadsStartVersion() bool { return s.Layout != "" || s.TableFormat == "" }

// queries builds the views of the pipeline's queries; each late output
// goes to its host query's foreachBatch.
func (g *gen) queries(pv *programView) error {
	byName := map[string]*queryView{}
	for i := range g.pp.Queries {
		q := &g.pp.Queries[i]
		if q.Branch == ir.PortLate || q.Host != "" {
			continue // written by its host's foreachBatch
		}
		qv, err := g.query(q)
		if err != nil {
			return err
		}
		byName[q.Name] = qv
		pv.Queries = append(pv.Queries, qv)
		pv.Gated = pv.Gated || len(qv.Gates) > 0
		for _, s := range g.pp.Sources {
			if sv := g.sources[s.Asset]; sv != nil && sv.Quarantine != nil && sv.Quarantine.Owner == q.Name {
				qv.Quarantines = append(qv.Quarantines, sv)
			}
		}
	}
	for i := range g.pp.Queries {
		q := &g.pp.Queries[i]
		if q.Branch != ir.PortLate {
			continue
		}
		lv, host, err := g.late(q)
		if err != nil {
			return fmt.Errorf("late output %s: %w", q.Name, err)
		}
		hv := byName[host]
		if hv == nil {
			return fmt.Errorf("late output %s: host query %s is not a query of the program", q.Name, host)
		}
		hv.Lates = append(hv.Lates, lv)
		pv.Lates = append(pv.Lates, lv)
	}
	for _, qv := range pv.Queries {
		if qv.Sink.Kind != "files" && qv.Sink.Kind != "kafka" {
			qv.Tables = append(qv.Tables, qv.Const+"_TARGET")
		}
		var formats []string
		if qv.Sink.TableFormat != "" {
			formats = append(formats, qv.Const+"_TARGET: "+qv.Sink.TableFormat)
		}
		for _, ov := range qv.Writes() {
			if ov.Sink.Kind != "files" && ov.Sink.Kind != "kafka" {
				qv.Tables = append(qv.Tables, ov.Const+"_TARGET")
			}
		}
		for _, lv := range qv.Lates {
			if lv.Sink.Kind == "kafka" {
				return fmt.Errorf("late output %s: a kafka-json sink of late rows is not supported by the Spark engine yet", lv.Const)
			}
			if lv.Sink.Kind != "files" {
				qv.DeltaLates = append(qv.DeltaLates, lv)
				qv.Tables = append(qv.Tables, lv.Const+"_TARGET")
				if lv.Sink.TableFormat != "" {
					formats = append(formats, lv.Const+"_TARGET: "+lv.Sink.TableFormat)
				}
			}
		}
		if formats != nil {
			qv.TableFormats = "{" + strings.Join(formats, ", ") + "}"
		}
	}
	return nil
}

// queryForms are the module names a query defines (idents.claim).
var queryForms = []string{"write_%s", "start_%s", "%S_GATES", "%S_EXPECTATIONS", "%S_QUARANTINE", "%S_IDENTITY", "%S_CHECKPOINT", "%S_TARGET", "%S_SCHEMA_SQL",
	"%S_CREATE_SQL", "%S_LAYOUT", "%S_MERGE_KEYS", "%S_TARGET_COLUMNS", "%S_CHANGE_ORDER", "%S_COLUMNS",
	"%S_KAFKA_OPTIONS", "%S_KAFKA_OPTIONS_ENV", "%S_KEY", "%S_VALUE"}

func (g *gen) query(q *planner.Query) (*queryView, error) {
	base := g.ids.claim(q.Name, queryForms...)
	qv := &queryView{Name: PyString(q.Name), Identity: PyString(q.Identity), Checkpoint: PyString(q.Checkpoint),
		Title: fmt.Sprintf("%s: %s rows, output mode %s, %s into %s", q.Name, q.Branch, q.OutputMode, q.Sink.WriteMode, q.Sink.Identity),
		Const: constName(base), Fn: base, OutputMode: PyString(q.OutputMode), Trigger: trigger(q.Trigger),
		Stateful: len(q.Stateful) > 0}
	sh := &shared{}
	sh.count(q.From, g.upstream)
	var observed []*sourceView
	g.observing = &observed
	g.expecting, g.expectConst, g.quarantining = q, qv.Const+"_EXPECTATIONS", qv
	build, err := g.ref(q.From, "spark", sh)
	g.observing, g.expecting, g.quarantining = nil, nil, nil
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.Name, err)
	}
	qv.Build, qv.Lets = build, sh.Lets
	qv.Observed = make(map[string]*sourceView, len(observed))
	for _, sv := range observed {
		qv.Sources = append(qv.Sources, sv.Observe)
		qv.Observed[sv.Asset] = sv
	}
	c, err := declared(q.Sink.Def, q.Sink.Contract)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.Name, err)
	}
	qv.Columns = pyList(conform(c, nil))
	if qv.Sink, err = g.sink(&q.Sink, c); err != nil {
		return nil, err
	}
	qv.Cache = qv.Stateful && qv.Sink.Kind != "merge"
	if err := g.gates(q, qv); err != nil {
		return nil, err
	}
	if err := g.expectations(q, qv); err != nil {
		return nil, err
	}
	for i, name := range q.Hosted {
		hv, err := g.hostedWrite(q, name, q.HostedQueries[i])
		if err != nil {
			return nil, err
		}
		qv.Hosted = append(qv.Hosted, hv)
		qv.Cache = true // persisted once, written to every sink
	}
	return qv, nil
}

// hostedWrite builds the write of a load query q hosts: the load's sink,
// its own txnAppId (Query.Identity), q's checkpoint.
func (g *gen) hostedWrite(q *planner.Query, name string, hq *planner.Query) (*writeView, error) {
	if hq == nil {
		return nil, fmt.Errorf("query %s hosts load %s, which the plan does not have", q.Name, name)
	}
	hv := &writeView{Identity: PyString(hq.Identity), Checkpoint: PyString(q.Checkpoint),
		Title: fmt.Sprintf("%s: %s rows of query %s, %s into %s", name, q.Branch, q.Name, hq.Sink.WriteMode, hq.Sink.Identity),
		Doc:   "the query's persisted micro-batch, written after its sink, idempotent per batch id"}
	if err := g.write(hv, name, &hq.Sink); err != nil {
		return nil, fmt.Errorf("query %s hosted load %s: %w", q.Name, name, err)
	}
	return hv, nil
}

// upstream is what a stream reads: a step's inputs, nothing for a source.
// (A cycle ends the count: shared.count visits a stream's inputs once; the
// build reports it.)
func (g *gen) upstream(r ir.Ref) []ir.Ref {
	st, ok := g.steps[r.Node]
	if !ok {
		return nil
	}
	out := make([]ir.Ref, len(st.inputs))
	for i, b := range st.inputs {
		out[i] = b.From
	}
	return out
}

// ref is the Python expression of a stream: a source port or a step
// output, a stream read more than once by name (sh).
func (g *gen) ref(r ir.Ref, spark string, sh *shared) (string, error) {
	return sh.read(r, func() (string, error) { return g.build(r, spark, sh) })
}

// build is the expression computing a stream.
func (g *gen) build(r ir.Ref, spark string, sh *shared) (string, error) {
	sv, isSource := g.sources[r.Node]
	if base, ok := ir.QuarantineStream(r, isSource); ok {
		return g.quarantined(base, spark, sh)
	}
	if isSource {
		raw := sv.Fn + "_raw(" + spark + ")"
		if sv.Named {
			raw = sv.Fn + "_raw(" + spark + ", " + PyString(sh.sourceName(sv.Asset, r.Port)) + ")"
		}
		if sv.Typed {
			if r.Port == ir.PortInvalid {
				return "", fmt.Errorf("source %s reads typed rows: it has no invalid rows", r.Node)
			}
			return raw, nil
		}
		args := raw + g.observe(sv)
		switch r.Port {
		case ir.PortInvalid:
			return sv.Fn + "_invalid(" + args + ")", nil
		case ir.PortValid, "":
			return g.expectOn(r, sv.Fn+"_valid("+args+")"), nil
		}
		return "", fmt.Errorf("port %s of source %s has no streaming reader", r.Port, r.Node)
	}
	st, ok := g.steps[r.Node]
	if !ok {
		return "", fmt.Errorf("stream %s is neither a source nor a step", r.Node)
	}
	if err := g.enter(r.Node); err != nil {
		return "", err
	}
	defer delete(g.reading, r.Node)
	args := make([]string, len(st.inputs))
	for i, b := range st.inputs {
		a, err := g.ref(b.From, spark, sh)
		if err != nil {
			return "", err
		}
		args[i] = a
	}
	return g.expectOn(r, st.Fn+"("+strings.Join(args, ", ")+")"), nil
}

// observe is the argument that makes a query's first read of a validated
// streaming source count its rows read and rejected (", observe=NAME"):
// the batch line's invalid rows and the gates that warn on its invalid
// ratio, measured in the query's own pass; "" for any other read (one
// observed metric of a name per query).
func (g *gen) observe(sv *sourceView) string {
	if g.observing == nil || sv.Static || sv.Typed || slices.Contains(*g.observing, sv) {
		return ""
	}
	*g.observing = append(*g.observing, sv)
	return ", observe=" + sv.Observe
}

// enter marks a step as being read by the expression under construction;
// an error when it already is: the pipeline's steps form a cycle (the
// planner reports it).
func (g *gen) enter(step string) error {
	if g.reading[step] {
		return fmt.Errorf("step %s reads its own output (a cycle)", step)
	}
	if g.reading == nil {
		g.reading = map[string]bool{}
	}
	g.reading[step] = true
	return nil
}

// trigger renders DataStreamWriter.trigger keyword arguments.
func trigger(t profile.Trigger) string {
	switch t.Type {
	case "processing-time":
		return "processingTime=" + PyString(Interval(ir.Duration(t.Interval.String())))
	case "once":
		return "once=True"
	}
	return "availableNow=True"
}

// sink binds a query's (or a late output's) sink with its plugin's
// writer; a CDF MERGE writes rows of the change merge's target contract.
func (g *gen) sink(s *planner.Sink, c *contracts.Contract) (sinkView, error) {
	sv := sinkView{SchemaSQL: "None", CreateSQL: "None"}
	if s.Binding == nil {
		return sv, fmt.Errorf("sink %s is not bound to a profile asset", s.Asset)
	}
	if err := literalsSafe(s.LiteralSecret); err != nil {
		return sv, fmt.Errorf("sink %s: %w", s.Asset, err)
	}
	if s.Changes != nil {
		tc, err := declared(s.Changes.Def, s.Changes.Target)
		if err != nil {
			return sv, fmt.Errorf("sink %s: %w", s.Asset, err)
		}
		c = tc
	}
	p, err := writer(s)
	if err != nil {
		return sv, err
	}
	g.uses(p)
	if err := p.Write(&sv, s, c); err != nil {
		return sv, fmt.Errorf("sink %s: %w", s.Asset, err)
	}
	return sv, nil
}

// conform returns the select expressions that shape rows into contract c:
// each field CAST to its type; a struct field missing from the row
// (have[name] false, have non-nil) is assembled from the row's columns of
// its fields' names (the late-event shape).
func conform(c *contracts.Contract, have map[string]bool) []string {
	out := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		expr := SQLIdent(f.Name)
		if f.Type.Kind == contracts.KindStruct && have != nil && !have[f.Name] {
			var parts []string
			for _, sf := range f.Type.Fields {
				parts = append(parts, SQLString(sf.Name), fmt.Sprintf("CAST(%s AS %s)", SQLIdent(sf.Name), sparksql.SQLType(sf.Type)))
			}
			expr = "named_struct(" + strings.Join(parts, ", ") + ")"
		}
		switch f.Type.Kind {
		case contracts.KindStruct, contracts.KindArray:
			// no CAST: a cast to a type with NOT NULL nested fields is refused
			out[i] = fmt.Sprintf("%s AS %s", expr, SQLIdent(f.Name))
		default:
			out[i] = fmt.Sprintf("CAST(%s AS %s) AS %s", expr, sparksql.SQLType(f.Type), SQLIdent(f.Name))
		}
	}
	return out
}
