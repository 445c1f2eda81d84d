package sparkverdicts_test

import (
	"fmt"
	"maps"
	"path/filepath"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
	"github.com/etlgen/etlgen/plugins/filejson"
	"github.com/etlgen/etlgen/pyspark"
)

// The equivalent query of a case etlgen rejects: its plan as a tree of
// DataFrame operations, with every expression already Spark SQL, written
// from the IR (not by the generator, whose output for a rejected model is
// undefined) for testdata/harness.py to build and start.

// eqQuery is one streaming query of an equivalent.
type eqQuery struct {
	Name       string  `json:"name"`
	Mode       string  `json:"mode"`
	Trigger    string  `json:"trigger"` // availableNow, once, processingTime=<interval>, default
	Checkpoint string  `json:"checkpoint"`
	Sink       eqSink  `json:"sink"`
	Plan       *eqNode `json:"plan"`
}

// eqSink is where an equivalent query writes: Delta or JSON files at a
// path for the sinks whose output modes Spark checks, noop for the
// foreachBatch (MERGE) sinks, which take every mode.
type eqSink struct {
	Format string `json:"format"`
	Path   string `json:"path,omitempty"`
}

// eqNode is one DataFrame operation.
type eqNode struct {
	Op      string            `json:"op"`
	Inputs  []*eqNode         `json:"inputs,omitempty"`
	Source  *eqSource         `json:"source,omitempty"`
	SQL     string            `json:"sql,omitempty"`     // filter
	Exprs   []string          `json:"exprs,omitempty"`   // select, sort, aggregate (aggregates)
	Columns map[string]string `json:"columns,omitempty"` // with_columns
	Keys    []string          `json:"keys,omitempty"`    // aggregate (grouping), dedup, repartition
	Column  string            `json:"column,omitempty"`  // watermark
	Delay   string            `json:"delay,omitempty"`   // watermark
	Window  *eqWindow         `json:"window,omitempty"`
	Join    *eqJoin           `json:"join,omitempty"`
	Limit   int               `json:"limit,omitempty"`
	// Partitions is a repartition's count (its keys are Keys).
	Partitions int `json:"partitions,omitempty"`
}

// eqSource reads one source: a stream, or a static Delta table.
type eqSource struct {
	Format  string            `json:"format"` // kafka, text, delta, rate
	Static  bool              `json:"static"`
	Options map[string]string `json:"options"`
	Table   string            `json:"table,omitempty"`
	Path    string            `json:"path,omitempty"`
	Schema  string            `json:"schema,omitempty"` // DDL of the payload (kafka, text)
	// Asset is the profile's asset; Name, on a Spark line that names
	// streaming sources (4.2), is the name the program gives its read
	// (planner.SparkSourceName), and the harness reads a named asset once
	// per query, as the program shares its read.
	Asset string `json:"asset"`
	Name  string `json:"name,omitempty"`
}

type eqWindow struct {
	Kind     string `json:"kind"`
	Column   string `json:"column"`
	Duration string `json:"duration,omitempty"`
	Slide    string `json:"slide,omitempty"`
	Gap      string `json:"gap,omitempty"`
}

type eqJoin struct {
	How       string   `json:"how"`
	LeftKeys  []string `json:"left_keys"`
	RightKeys []string `json:"right_keys"`
	Range     string   `json:"range,omitempty"` // the event-time condition, SQL over l and r
}

// equivalentQueries builds the equivalent queries of a model: one per load
// (each with a checkpoint of its own, as without multi-sink) of a valid or step output (Invalid() and Late() outputs are etlgen's
// own), with the case's additions: reader options by asset, the trigger,
// output modes. Query names are made unique (two pipelines of one id load
// the same assets): Spark then judges their shared checkpoint, not their
// names.
func equivalentQueries(m *planner.Model, dir string, add sparkverdicts.Equivalent) ([]eqQuery, error) {
	trigger := add.Trigger
	if trigger == "" {
		trigger = sparkTrigger(m.Trigger)
	}
	var out []eqQuery
	names := map[string]int{}
	for i := range m.Pipelines {
		pp := &m.Pipelines[i]
		b := &eqBuilder{m: m, pp: pp, options: add.Options}
		for _, q := range pp.Queries {
			if q.Branch == ir.PortInvalid || q.Branch == ir.PortLate {
				continue
			}
			plan, err := b.ref(q.From)
			if err != nil {
				return nil, fmt.Errorf("query %s: %w", q.Name, err)
			}
			if c, ok := m.Contract(q.Sink.Contract); ok {
				plan = &eqNode{Op: "select", Inputs: []*eqNode{plan}, Exprs: columnsOf(c)}
			}
			mode := q.OutputMode
			if forced, ok := add.Modes[q.Name]; ok {
				mode = forced
			}
			name := q.Name
			if names[q.Name]++; names[q.Name] > 1 {
				name = fmt.Sprintf("%s_%d", q.Name, names[q.Name])
			}
			// One query per load, each on a checkpoint of its own: the
			// plain Spark job, not etlgen's multi-sink host (Query.Host).
			cp := q.Checkpoint
			if q.Host != "" {
				cp = planner.CheckpointPath(m.CheckpointRoot, pp.ID, pp.Version, m.Profile, q.Name)
			}
			out = append(out, eqQuery{Name: name, Mode: mode, Trigger: trigger, Checkpoint: cp,
				Sink: sinkOf(q.Sink, filepath.Join(dir, "sink_"+name)), Plan: plan})
		}
	}
	return out, nil
}

// sparkTrigger is the harness's name of a profile trigger.
func sparkTrigger(t profile.Trigger) string {
	switch {
	case t.Type == profile.TriggerAvailableNow:
		return "availableNow"
	case t.Type == profile.TriggerOnce:
		return "once"
	case t.Type == profile.TriggerProcessingTime:
		return "processingTime=" + fmt.Sprintf("%d milliseconds", t.Interval.Milliseconds())
	}
	return "default"
}

// sinkOf is the equivalent's sink of a load.
func sinkOf(s planner.Sink, path string) eqSink {
	switch {
	case s.Binding == nil || s.Binding.IsMerge():
		return eqSink{Format: "noop"}
	case s.Plugin == filejson.Name:
		return eqSink{Format: "json", Path: path}
	}
	return eqSink{Format: "delta", Path: path}
}

// eqBuilder expands a pipeline's refs into equivalent plans.
type eqBuilder struct {
	m       *planner.Model
	pp      *planner.PipelinePlan
	options map[string]map[string]string
}

func (b *eqBuilder) ref(r ir.Ref) (*eqNode, error) {
	if src, ok := b.pp.Source(r.Node); ok {
		return b.source(src)
	}
	for i := range b.pp.IR().Steps {
		if st := &b.pp.IR().Steps[i]; st.ID == r.Node {
			return b.node(st, st.Plan)
		}
	}
	return nil, fmt.Errorf("no source or step %s", r.Node)
}

func (b *eqBuilder) source(s *planner.Source) (*eqNode, error) {
	if s.Binding == nil {
		return nil, fmt.Errorf("source %s is unbound", s.Asset)
	}
	opts := map[string]string{}
	for _, o := range s.Options {
		opts[o.Name] = o.Value
	}
	maps.Copy(opts, b.options[s.Asset])
	src := &eqSource{Format: s.Binding.Plugin().SparkFormat, Static: s.Static, Options: opts,
		Table: s.Binding.Table(), Path: s.Binding.Path(), Asset: s.Asset}
	if !s.Static && planner.NamesSources(b.m.SparkVersion) {
		src.Name = planner.SparkSourceName(s.Asset)
	}
	if s.Binding.Source().Rows == profile.RowsPayload {
		c, ok := b.m.Contract(s.Contract)
		if !ok {
			return nil, fmt.Errorf("source %s: no contract %s", s.Asset, s.Contract)
		}
		src.Schema = sparksql.DDL(c)
	}
	if src.Format == "json" { // file-json reads lines, parsed like Kafka values
		src.Format = "text"
		delete(opts, "path")
	}
	return &eqNode{Op: "source", Source: src}, nil
}

// node expands one plan node of a step.
func (b *eqBuilder) node(st *ir.Step, n *ir.Node) (*eqNode, error) {
	if n == nil {
		return nil, fmt.Errorf("step %s has no plan", st.ID)
	}
	if n.Op == ir.OpInput {
		for _, in := range st.Inputs {
			if in.Input == n.Input {
				return b.ref(in.From)
			}
		}
		return nil, fmt.Errorf("step %s: input %s is unbound", st.ID, n.Input)
	}
	e := &eqNode{Op: string(n.Op)}
	for _, in := range n.Inputs {
		k, err := b.node(st, in)
		if err != nil {
			return nil, err
		}
		e.Inputs = append(e.Inputs, k)
	}
	return e, b.fill(e, n)
}

// fill sets the operation's arguments.
func (b *eqBuilder) fill(e *eqNode, n *ir.Node) error {
	switch n.Op {
	case ir.OpFilter:
		e.SQL = pyspark.SQLExpr(n.Predicate)
	case ir.OpSelect:
		e.Exprs = named(n.Columns)
	case ir.OpWithColumn:
		e.Columns = map[string]string{}
		for _, c := range n.Columns {
			e.Columns[c.Name] = pyspark.SQLExpr(c.Expr)
		}
	case ir.OpSort:
		for _, c := range n.Columns {
			e.Exprs = append(e.Exprs, pyspark.SQLExpr(c.Expr))
		}
	case ir.OpWatermark:
		e.Column, e.Delay = n.Column, pyspark.Interval(n.Delay)
	case ir.OpAggregate:
		aggregate(e, n)
	case ir.OpDropDuplicates, ir.OpDropDuplicatesWithinWM:
		e.Keys = n.Keys
	case ir.OpJoin:
		e.Join = joinOf(n.Join)
	case ir.OpLimit:
		e.Limit = n.Limit
	case ir.OpRepartition:
		e.Partitions, e.Keys = n.Partitions, n.Keys
	case ir.OpIntoOutput:
		c, ok := b.m.Contract(n.Output)
		if !ok {
			return fmt.Errorf("into: no contract %s", n.Output)
		}
		e.Op, e.Exprs = "select", columnsOf(c)
	}
	return nil
}

func aggregate(e *eqNode, n *ir.Node) {
	for i, k := range n.GroupBy {
		name := fmt.Sprintf("_key%d", i)
		if k.Kind == ir.ExprColumn {
			name = k.Name
		}
		e.Keys = append(e.Keys, pyspark.SQLExpr(k)+" AS "+pyspark.SQLIdent(name))
	}
	e.Exprs = named(n.Aggs)
	if w := n.Window; w != nil {
		e.Window = &eqWindow{Kind: string(w.Kind), Column: w.TimeColumn, Duration: pyspark.Interval(w.Duration),
			Slide: pyspark.Interval(w.Slide), Gap: pyspark.Interval(w.Gap)}
	}
}

// joinTypes are the DataFrame API's names of the join types.
var joinTypes = map[ir.JoinType]string{
	ir.JoinInner: "inner", ir.JoinLeft: "left_outer", ir.JoinRight: "right_outer", ir.JoinFull: "full_outer",
	ir.JoinSemi: "left_semi", ir.JoinAnti: "left_anti",
}

func joinOf(j *ir.Join) *eqJoin {
	out := &eqJoin{How: joinTypes[j.Type], LeftKeys: j.LeftKeys, RightKeys: j.RightKeys}
	if tr := j.TimeRange; tr != nil {
		lt := "l." + pyspark.SQLIdent(tr.LeftTime)
		out.Range = fmt.Sprintf("r.%s BETWEEN %s + INTERVAL %s AND %s + INTERVAL %s", pyspark.SQLIdent(tr.RightTime),
			lt, pyspark.SQLString(pyspark.Interval(tr.Lower)), lt, pyspark.SQLString(pyspark.Interval(tr.Upper)))
	}
	return out
}

func named(cols []ir.NamedExpr) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = pyspark.SQLExpr(c.Expr) + " AS " + pyspark.SQLIdent(c.Name)
	}
	return out
}

// columnsOf selects a contract's columns by name: what the sink receives.
func columnsOf(c *contracts.Contract) []string {
	out := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		out[i] = pyspark.SQLIdent(f.Name)
	}
	return out
}
