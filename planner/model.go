package planner

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// buildModel turns the analysed pipelines into the immutable Model.
func buildModel(c *Checker, inf *inference) *Model {
	e := c.env
	m := &Model{Profile: e.Profile, Engine: e.Engine, Trigger: e.Trigger, CheckpointRoot: e.CheckpointRoot, SparkVersion: e.SparkVersion,
		doc: c.ix.doc, contracts: c.ix.contracts, transformations: c.ix.transfs, inferred: inf.transformations}
	if eng, ok := profile.Default().LookupEngine(m.Engine); ok {
		m.EngineDisplay, m.OnSpark, m.InProcess = eng.Display, eng.Spark, eng.InProcess
	}
	if e.prof != nil {
		m.Execution, m.Session = e.prof.Execution(), sessionOf(e.prof)
		m.StateSnapshotInterval = snapshotIntervalOf(m.Execution)
		if m.OnSpark && m.Session != nil {
			m.StateStore = stateStoreOf(m.Session.Conf)
			m.StateSnapshotInterval = sessionSnapshotInterval(m.Session.Conf, m.StateSnapshotInterval)
		}
		r := e.prof.Redacted()
		m.Bound = &r
	}
	var pkgs []string
	for _, pp := range c.pipes {
		pm := PipelinePlan{ID: pp.p.ID, Version: pp.p.Version, Sources: []Source{}, Queries: []Query{}, ir: pp.p}
		for i := range pp.p.Extracts {
			s := sourceOf(c, pp, &pp.p.Extracts[i])
			pm.Sources = append(pm.Sources, s)
			pkgs = append(pkgs, packagesOf(s.Binding)...)
		}
		for _, q := range pp.queries {
			pm.Queries = append(pm.Queries, queryOf(c, q))
			pkgs = append(pkgs, packagesOf(q.sink)...)
		}
		shareQueries(c, pp, pm.Queries)
		staticQuarantines(c, pm.Sources, pp.queries, pm.Queries)
		for _, s := range pm.Sources {
			if s.Quarantine != nil {
				pkgs = append(pkgs, packagesOf(s.Quarantine.Binding)...)
			}
		}
		pm.Gates = gatesOf(c, pp, pm.Queries)
		for _, g := range pm.Gates {
			if g.Quarantine != nil {
				pkgs = append(pkgs, packagesOf(g.Quarantine.Binding)...)
			}
		}
		pm.Expectations = expectationsOf(pp, pm.Queries)
		pm.Regions = regionsOf(pp)
		pm.Steps = stepsOf(c, pp, inf, pm.Queries)
		m.Pipelines = append(m.Pipelines, pm)
	}
	m.Packages = sortedUnique(pkgs)
	applyCDF(c, m)
	for i := range m.Pipelines {
		resolve(c.ix, &m.Pipelines[i])
	}
	m.inferredOf = map[*ir.Transformation]Inferred{}
	for id, t := range c.ix.transfs {
		if i, ok := inf.transformations[id]; ok {
			m.inferredOf[t] = i
		}
	}
	return m
}

// sessionOf is the Spark session the profile's spark resource binds, with
// the settings of the resources that configure the session (s3), the
// catalogs of the assets that name one (iceberg), and every
// environment reference by name.
func sessionOf(p *profile.Profile) *Session {
	r, ok := p.ResourceOfKind("spark")
	if !ok {
		return nil
	}
	s := &Session{Conf: r.SparkOptions(), ConfEnv: map[string]string{}}
	if p.Execution().StateStore == profile.StateStoreRocksDB {
		s.Conf[StateStoreProviderConf] = RocksDBStateStoreProvider
		s.Conf[changelogCheckpointingConf] = "true"
	}
	if n := p.Execution().StateSnapshotInterval; n > 0 {
		s.Conf[MinDeltasForSnapshotConf] = strconv.Itoa(n)
	}
	if profile.OnSpark(p.Engine()) && NamesSources(p.SparkVersion()) {
		maps.Copy(s.Conf, namedSourcesConf())
	}
	s.Remote, s.RemoteEnv = profile.SplitConnectURL(r.String("connect_url"))
	if s.RemoteEnv == nil {
		s.RemoteEnv = map[string]string{}
	}
	if tok := r.String("token_env"); tok != "" {
		s.RemoteEnv[profile.ConnectToken] = tok
	}
	for _, name := range p.ResourceNames() {
		if res, _ := p.Resource(name); res.Kind != nil && res.Kind.SessionConf != nil {
			conf, env := res.Kind.SessionConf(res)
			maps.Copy(s.Conf, conf)
			maps.Copy(s.ConfEnv, env)
		}
	}
	for _, name := range p.AssetNames() {
		if a, _ := p.Asset(name); a.Plugin != nil && a.Plugin.SessionConf != nil {
			maps.Copy(s.Conf, a.Plugin.SessionConf(a))
		}
	}
	if v, ok := r.Value("conf"); ok {
		for k, val := range v.Map {
			setConf(s, k, val)
		}
	}
	s.LiteralSecret = literalSecret(map[string]string{"connect_url": s.Remote}, s.Conf)
	return s
}

// setConf sets one conf entry of the spark resource: a literal value, or
// the variable an ${env:NAME} value names.
func setConf(s *Session, key, val string) {
	delete(s.Conf, key)
	delete(s.ConfEnv, key)
	if name, isRef := profile.EnvRef(val); isRef {
		s.ConfEnv[key] = name
		return
	}
	s.Conf[key] = val
}

func packagesOf(b *profile.AssetBinding) []string {
	if b == nil || b.Asset.Plugin == nil {
		return nil
	}
	return b.Asset.Plugin.Packages
}

func sourceOf(c *Checker, pp *pipe, ex *ir.Extract) Source {
	b := c.env.Sources[ex.Asset]
	s := Source{Asset: ex.Asset, Contract: ex.Contract, Plugin: pluginName(b), Identity: identity(b), Options: []Option{},
		Static: ex.Static, Extract: ex, Binding: b}
	if ct, ok := c.ix.contracts[ex.Contract]; ok {
		if f, ok := ct.EventTimeField(); ok {
			s.EventTime = f.Name
		}
	}
	if b != nil {
		opts := b.SparkOptions()
		s.LiteralSecret = literalSecret(opts)
		envs := b.Asset.SparkOptionsEnv()
		for k, env := range envs {
			opts[k] = profile.EnvRefText(env) // read by the program when it starts
		}
		for _, k := range slices.Sorted(maps.Keys(opts)) {
			s.Options = append(s.Options, Option{Name: k, Value: opts[k], Env: envs[k]})
		}
	}
	s.Offsets = offsetsText(ex, b)
	if b != nil && b.Quarantine != nil {
		q := b.Quarantine
		rc := contracts.RejectionContract()
		s.Quarantine = &StaticQuarantine{Asset: q.Name(), Plugin: pluginName(q), Identity: identity(q),
			Keys: slices.Clone(contracts.StaticQuarantineKeys), Output: contractColumns(rc), Contract: rc, Binding: q}
	}
	return s
}

// staticQuarantines gives each static table's quarantine its owner: the
// first query that reads the table and runs (not a hosted load) writes it,
// so that one writer commits to it (two MERGEs into one Delta table at once
// can conflict).
func staticQuarantines(c *Checker, sources []Source, queries []*query, planned []Query) {
	for i := range sources {
		sq := sources[i].Quarantine
		if sq == nil {
			continue
		}
		for j, q := range queries {
			if planned[j].Host == "" && q.reads(sources[i].Asset) {
				sq.Owner, sq.Checkpoint = q.name, q.checkpoint(c.env)
				break
			}
		}
	}
}

// reads reports whether the query reads the asset, on any side of a join.
func (q *query) reads(asset string) bool {
	for _, op := range q.ops {
		if op.source != nil && op.source.Asset == asset {
			return true
		}
	}
	return false
}

// offsetsText states where a query reading the source starts.
func offsetsText(ex *ir.Extract, b *profile.AssetBinding) string {
	if ex.Static {
		if b != nil && b.Quarantine != nil {
			return "static table: read in full at every micro-batch and validated against its contract; a row that breaks it goes to quarantine " +
				b.Quarantine.Name() + ", each distinct row once, and is not joined (both engines)"
		}
		return "static table: read in full at every micro-batch and validated against its contract; a row that breaks it fails the batch (both engines)"
	}
	start := ""
	if b != nil {
		if start = b.StartingPosition(); start == "" {
			start = b.Source().DefaultStart
		}
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
		Watermarks: append([]Watermark{}, f.watermarks...), Windows: q.windows(), Stateful: q.statefulOps(c.env), Repartitions: q.repartitions(),
		OutputMode: q.mode, OutputModeReason: q.reason, Trigger: c.env.Trigger, Checkpoint: cp,
		Identity: Identity(q.pp.p.ID, q.pp.p.Version, c.env.Profile, q.name),
		Sink: Sink{Asset: q.name, Contract: q.load.Contract, Plugin: pluginName(q.sink), Identity: identity(q.sink),
			Load: q.load, Binding: q.sink},
		Guarantee: q.guaranteeFor(c.env, cp),
	}
	if q.sink != nil {
		out.Sink.WriteMode, out.Sink.MergeKeys = q.sink.WriteMode.Name, q.sink.MergeKeys
	}
	out.Sink = withLayout(out.Sink)
	out.Output = outputColumns(c, q)
	if q.root != nil && q.root.late {
		out.LateStep = q.root.step
		out.LateHost, out.LateSource = lateRoute(q)
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

// repartitions lists the query's repartitions, upstream first.
func (q *query) repartitions() []Repartition {
	var out []Repartition
	for _, n := range q.ops {
		if isOp(n, ir.OpRepartition) {
			out = append(out, Repartition{Step: n.step, Partitions: n.node.Partitions,
				Keys: append([]string{}, n.node.Keys...), Static: n.static})
		}
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
func (q *query) statefulOps(e *env) []StatefulOp {
	out := []StatefulOp{}
	for _, op := range q.rootFacts().stateful {
		srcs := make([]SourceName, len(op.Sources))
		for i, s := range op.Sources {
			b := e.Sources[s.Asset]
			srcs[i] = SourceName{Asset: s.Asset, Plugin: pluginName(b), Identity: identity(b)}
		}
		op.Sources = srcs
		out = append(out, op)
	}
	return out
}

// stepsOf builds the plan of every step of a pipeline.
func stepsOf(c *Checker, pp *pipe, inf *inference, queries []Query) []StepPlan {
	out := make([]StepPlan, 0, len(pp.p.Steps))
	for i := range pp.p.Steps {
		st := &pp.p.Steps[i]
		sp := StepPlan{Step: st, Transformation: c.ix.transfs[st.Transformation], Inferred: inf.steps[st], Stateful: st.Plan.FirstStateful(),
			eventTimes: pp.eventTimesOf(st.ID)}
		if sp.Stateful != nil {
			sp.StateQuery, sp.OutputMode, sp.OutputModeReason = stateMode(st.ID, queries)
		}
		out = append(out, sp)
	}
	return out
}

// eventTimesOf collects the watermarked columns of every streaming node of
// step id, from the first query that reads it.
func (pp *pipe) eventTimesOf(id string) map[*ir.Node]eventTimes {
	out := map[*ir.Node]eventTimes{}
	for _, q := range pp.queries {
		for _, n := range q.ops {
			if n.node == nil || n.step != id || n.static || n.facts == nil || !n.facts.streaming {
				continue
			}
			if _, ok := out[n.node]; !ok {
				out[n.node] = n.facts.wm
			}
		}
	}
	return out
}

// stateMode is the name and output mode of the first query (not a late
// branch) that runs a stateful operator of the step.
func stateMode(step string, queries []Query) (query, mode, reason string) {
	for _, q := range queries {
		if q.Branch == ir.PortLate {
			continue
		}
		for _, op := range q.Stateful {
			if op.Step == step {
				return q.Name, q.OutputMode, q.OutputModeReason
			}
		}
	}
	return "", "", ""
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
		out = contractColumns(ct)
	}
	return out
}

// contractColumns are a contract's fields as plan columns.
func contractColumns(ct *contracts.Contract) []Column {
	out := make([]Column, 0, len(ct.Fields))
	for _, f := range ct.Fields {
		out = append(out, Column{Name: f.Name, Type: typeString(&f.Type)})
	}
	return out
}

// sortedUnique returns the non-empty strings of in, sorted, each once;
// never nil.
func sortedUnique(in []string) []string {
	out := slices.DeleteFunc(slices.Clone(in), func(s string) bool { return s == "" })
	slices.Sort(out)
	out = slices.Compact(out)
	if out == nil {
		out = []string{}
	}
	return out
}

// The Spark confs of the state store: the provider class (Spark keeps a
// checkpoint's first one) and RocksDB's changelog checkpointing (a
// changelog per batch, a snapshot in the background, instead of a
// snapshot upload every batch).
const (
	StateStoreProviderConf     = "spark.sql.streaming.stateStore.providerClass"
	changelogCheckpointingConf = "spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled"
	RocksDBStateStoreProvider  = "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"
	// MinDeltasForSnapshotConf is how many deltas the state store writes
	// before a snapshot (both providers; execution.state_snapshot_interval).
	MinDeltasForSnapshotConf = "spark.sql.streaming.stateStore.minDeltasForSnapshot"
)

// defaultSnapshotInterval is Spark's minDeltasForSnapshot default, and
// the local engine's.
const defaultSnapshotInterval = 10

// snapshotIntervalOf is the profile's state snapshot interval, or the
// default.
func snapshotIntervalOf(ex profile.Execution) int {
	if ex.StateSnapshotInterval > 0 {
		return ex.StateSnapshotInterval
	}
	return defaultSnapshotInterval
}

// sessionSnapshotInterval is the minDeltasForSnapshot a Spark session's
// conf sets (a spark resource conf may override the profile's), else def.
func sessionSnapshotInterval(conf map[string]string, def int) int {
	if n, err := strconv.Atoi(conf[MinDeltasForSnapshotConf]); err == nil && n > 0 {
		return n
	}
	return def
}

// stateStoreOf names the state store a session's conf selects.
func stateStoreOf(conf map[string]string) string {
	if conf[StateStoreProviderConf] == RocksDBStateStoreProvider {
		return profile.StateStoreRocksDB
	}
	return profile.StateStoreHDFS
}
