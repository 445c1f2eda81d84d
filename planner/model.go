package planner

import (
	"fmt"
	"sort"

	"github.com/etlgen/etlgen/framework/ir"
)

// buildModel turns the analysed pipelines into the immutable Model.
func buildModel(c *Checker) *Model {
	m := &Model{Profile: c.env.Profile, Engine: c.env.Engine, Trigger: c.env.Trigger, CheckpointRoot: c.env.CheckpointRoot}
	pkgs := append([]string(nil), c.env.Packages...)
	for _, pp := range c.pipes {
		pm := PipelinePlan{ID: pp.p.ID, Version: pp.p.Version, Sources: []Source{}, Queries: []Query{}}
		for i := range pp.p.Extracts {
			pm.Sources = append(pm.Sources, sourceOf(c, pp, &pp.p.Extracts[i]))
			pkgs = append(pkgs, c.env.Assets[pp.p.Extracts[i].Asset].Packages...)
		}
		for _, q := range pp.queries {
			pm.Queries = append(pm.Queries, queryOf(c, q))
			pkgs = append(pkgs, q.sink.Packages...)
		}
		pm.Regions = regionsOf(pp)
		m.Pipelines = append(m.Pipelines, pm)
	}
	m.Packages = sortedUnique(pkgs)
	if m.Packages == nil {
		m.Packages = []string{}
	}
	applyCDF(c, m)
	return m
}

func sourceOf(c *Checker, pp *pipe, ex *ir.Extract) Source {
	b := c.env.Assets[ex.Asset]
	s := Source{Asset: ex.Asset, Contract: ex.Contract, Plugin: b.Plugin, Identity: b.Identity, Options: []Option{}}
	if ct, ok := c.ix.contracts[ex.Contract]; ok {
		if f, ok := ct.EventTimeField(); ok {
			s.EventTime = f.Name
		}
	}
	for _, k := range sortedKeys(b.Options) {
		s.Options = append(s.Options, Option{Name: k, Value: b.Options[k]})
	}
	s.Offsets = offsetsText(ex, b)
	return s
}

// defaultStart says where a new checkpoint starts when the profile sets no
// starting position.
var defaultStart = map[string]string{
	"file-json": "every file already in the directory",
	"delta-cdf": "the latest table version",
	"rate":      "the rate source's first row",
	"memory":    "the events the test adds",
}

// offsetsText states where a query reading the source starts.
func offsetsText(ex *ir.Extract, b AssetBinding) string {
	if ex.Static {
		return "static table: read in full at every micro-batch"
	}
	start := b.StartingOffsets
	if start == "" {
		start = defaultStart[b.Plugin]
	}
	if start == "" {
		start = "the plugin's default start"
	}
	return fmt.Sprintf("the checkpoint wins: a query with an existing checkpoint resumes after its last committed offsets; %s applies only to a new checkpoint", start)
}

func queryOf(c *Checker, q *query) Query {
	f := q.rootFacts()
	cp := q.checkpoint(c.env)
	out := Query{
		Name: q.name, From: q.load.From, Branch: q.branch, Sources: uniq(f.sources), Steps: q.steps(),
		Watermarks: append([]Watermark{}, f.watermarks...), Windows: q.windows(), Stateful: q.statefulOps(c.env),
		OutputMode: q.mode, OutputModeReason: q.reason, Trigger: c.env.Trigger, Checkpoint: cp,
		Identity:  Identity(q.pp.p.ID, q.pp.p.Version, c.env.Profile, q.name),
		Sink:      Sink{Asset: q.name, Contract: q.load.Contract, Plugin: q.sink.Plugin, Identity: q.sink.Identity, WriteMode: q.sink.WriteMode, MergeKeys: q.sink.MergeKeys},
		Guarantee: q.guaranteeFor(c.env, cp),
	}
	out.Output = outputColumns(c, q)
	if q.root != nil && q.root.late {
		out.LateStep = q.root.step
	}
	if out.Sources == nil {
		out.Sources = []string{}
	}
	if len(f.watermarks) > 0 {
		out.EventTime = f.watermarks[0].Column
	}
	return out
}

// steps lists the steps of the query, upstream first.
func (q *query) steps() []string {
	var out []string
	for _, n := range q.ops {
		if n.step != "" && n.node != nil {
			out = append(out, n.step)
		}
	}
	out = uniq(out)
	if out == nil {
		out = []string{}
	}
	return out
}

func (q *query) windows() []ir.Window {
	out := []ir.Window{}
	for _, n := range q.ops {
		if isOp(n, ir.OpAggregate) && n.node.Window != nil && !n.static {
			out = append(out, *n.node.Window)
		}
	}
	return out
}

// statefulOps lists the query's stateful operators with their sources'
// plugin and identity filled in.
func (q *query) statefulOps(env *Env) []StatefulOp {
	out := []StatefulOp{}
	for _, op := range q.rootFacts().stateful {
		srcs := make([]SourceName, len(op.Sources))
		for i, s := range op.Sources {
			b := env.Assets[s.Asset]
			srcs[i] = SourceName{Asset: s.Asset, Plugin: b.Plugin, Identity: b.Identity}
		}
		op.Sources = srcs
		out = append(out, op)
	}
	return out
}

// regionsOf groups extracts, steps and loads into connected regions, named
// after their first source.
func regionsOf(pp *pipe) []Region {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		if parent[x] == "" || parent[x] == x {
			parent[x] = x
			return x
		}
		parent[x] = find(parent[x])
		return parent[x]
	}
	union := func(a, b string) { parent[find(a)] = find(b) }
	for _, ex := range pp.p.Extracts {
		find("x:" + ex.Asset)
	}
	for _, st := range pp.p.Steps {
		find("s:" + st.ID)
		for _, b := range st.Inputs {
			union("s:"+st.ID, nodeKey(pp, b.From.Node))
		}
	}
	for _, ld := range pp.p.Loads {
		union("l:"+ld.Asset, nodeKey(pp, ld.From.Node))
	}
	return collectRegions(pp, find)
}

func nodeKey(pp *pipe, node string) string {
	if _, ok := pp.extracts[node]; ok {
		return "x:" + node
	}
	return "s:" + node
}

func collectRegions(pp *pipe, find func(string) string) []Region {
	byRoot := map[string]*Region{}
	var order []string
	get := func(key string) *Region {
		root := find(key)
		if r, ok := byRoot[root]; ok {
			return r
		}
		r := &Region{Sources: []string{}, Steps: []string{}, Queries: []string{}}
		byRoot[root] = r
		order = append(order, root)
		return r
	}
	for _, ex := range pp.p.Extracts {
		r := get("x:" + ex.Asset)
		r.Sources = append(r.Sources, ex.Asset)
	}
	for _, st := range pp.p.Steps {
		r := get("s:" + st.ID)
		r.Steps = append(r.Steps, st.ID)
	}
	for _, ld := range pp.p.Loads {
		r := get("l:" + ld.Asset)
		r.Queries = append(r.Queries, ld.Asset)
	}
	out := make([]Region, 0, len(order))
	for _, root := range order {
		r := byRoot[root]
		r.Name = regionName(*r)
		out = append(out, *r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func regionName(r Region) string {
	switch {
	case len(r.Sources) > 0:
		return "region-" + r.Sources[0]
	case len(r.Steps) > 0:
		return "region-" + r.Steps[0]
	case len(r.Queries) > 0:
		return "region-" + r.Queries[0]
	}
	return "region"
}

func outputColumns(c *Checker, q *query) []Column {
	out := []Column{}
	if ct, ok := c.ix.contracts[q.load.Contract]; ok {
		for _, f := range ct.Fields {
			out = append(out, Column{Name: f.Name, Type: typeString(&f.Type)})
		}
	}
	return out
}
