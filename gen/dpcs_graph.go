package gen

import (
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// NodeKind is the role of a node in a pipeline graph.
type NodeKind string

// The node kinds of a pipeline graph, in the order a reader meets them.
const (
	NodeSource     NodeKind = "source"     // an extract: the source asset
	NodeValidate   NodeKind = "validate"   // contract validation of an extract
	NodeStep       NodeKind = "step"       // a transformation step
	NodeSink       NodeKind = "sink"       // a load of valid or transformed rows
	NodeQuarantine NodeKind = "quarantine" // a load of rejected rows
	NodeLate       NodeKind = "late"       // a load of rows behind the watermark
)

// GraphNode is one node of a pipeline graph.
type GraphNode struct {
	// ID is unique in the graph and safe as a Mermaid, DOT and HTML id.
	ID string
	// Ref is the IR name: the asset of an extract or load, the step id.
	Ref  string
	Kind NodeKind
	// Title is the node's main label, e.g. "Kafka: OrderEvent".
	Title string
	// Detail is a second line, e.g. "order_events · order-events".
	Detail string
	// Contract is the id of the contract the node reads or writes; empty
	// for a step.
	Contract string
}

// GraphEdge is a directed edge of a pipeline graph, with an optional label
// naming the port (valid, rejected, late).
type GraphEdge struct {
	From, To, Label string
}

// Graph is the view of one pipeline that DPCS and the rendered docs share:
// sources, their validation, steps and sinks, in IR order.
type Graph struct {
	Nodes []GraphNode
	Edges []GraphEdge
}

// Node returns the node with the given id.
func (g Graph) Node(id string) (GraphNode, bool) {
	for _, n := range g.Nodes {
		if n.ID == id {
			return n, true
		}
	}
	return GraphNode{}, false
}

// graphBuilder builds the graph of one pipeline.
type graphBuilder struct {
	m    *Model
	plan *planner.PipelinePlan
	g    Graph
	ids  map[string]bool
	// byRef maps "x:asset", "s:step" and "l:asset" to node ids.
	byRef map[string]string
}

// PipelineGraph builds the graph of a planned pipeline of the model: every
// node first, then the edges, so a step may read one declared after it. An
// edge from a reference that names no node of the pipeline (the planner
// reports it: ETL-D263) is left out: the graph of a model with errors is
// still drawn.
func PipelineGraph(m *Model, pp *planner.PipelinePlan) Graph {
	b := &graphBuilder{m: m, plan: pp, ids: map[string]bool{}, byRef: map[string]string{}}
	p := pp.IR()
	for i := range pp.Sources {
		b.extract(&pp.Sources[i])
	}
	steps := make([]string, len(p.Steps))
	for i, st := range p.Steps {
		steps[i] = b.step(st)
	}
	loads := make([]string, len(pp.Queries))
	for i := range pp.Queries {
		loads[i] = b.load(&pp.Queries[i])
	}
	for i, st := range p.Steps {
		for _, in := range st.Inputs {
			b.edge(b.refNode(in.From), steps[i], portLabel(in.From))
		}
	}
	for i := range pp.Queries {
		q := &pp.Queries[i]
		b.edge(b.loadFrom(q), loads[i], portLabel(q.From))
	}
	b.gateOutputs()
	return b.g
}

// gateOutputs adds the output of each quarantine gate: a quarantine node
// fed, as the gated load is, by what the load reads, the edge labelled
// "gate" (the plan and the gate table name it).
func (b *graphBuilder) gateOutputs() {
	for _, o := range gatedOutputs(b.plan) {
		out := b.add("l:"+o.out.Asset, GraphNode{Ref: o.out.Asset, Kind: NodeQuarantine, Contract: o.out.Contract,
			Title:  systemOf(o.out.Binding, "Sink") + ": " + contractName(b.m, o.out.Contract),
			Detail: withIdentity(o.out.Asset, o.out.Identity)})
		b.edge(b.loadFrom(o.query), out, "gate")
	}
}

func (b *graphBuilder) extract(s *planner.Source) {
	ex, bind, identity := s.Extract, s.Binding, s.Identity
	src := b.add("x:"+ex.Asset, GraphNode{Ref: ex.Asset, Kind: NodeSource, Contract: ex.Contract,
		Title:  systemOf(bind, "Source") + ": " + contractName(b.m, ex.Contract),
		Detail: withIdentity(ex.Asset, identity)})
	val := b.add("v:"+ex.Asset, GraphNode{Ref: ex.Asset, Kind: NodeValidate, Contract: ex.Contract,
		Title: "Validate " + contractName(b.m, ex.Contract), Detail: "contract " + contractRef(b.m, ex.Contract)})
	b.edge(src, val, "")
}

// step adds the node of a step and returns its id.
func (b *graphBuilder) step(st ir.Step) string {
	return b.add("s:"+st.ID, GraphNode{Ref: st.ID, Kind: NodeStep,
		Title: engineLabel(b.m) + ": " + camelName(st.Transformation), Detail: stepDetail(st)})
}

// stepDetail is a step node's second line: "step <id>", then each
// repartition of its plan (a shuffle the reader of the graph should see),
// e.g. "step s · repartition 4 by customer_id".
func stepDetail(st ir.Step) string {
	d := "step " + st.ID
	for _, n := range planNodes(st.Plan) {
		if n.Op == ir.OpRepartition {
			d += " · " + RepartitionText(n)
		}
	}
	return d
}

// load adds the node of a load and returns its id.
func (b *graphBuilder) load(q *planner.Query) string {
	ld, bind, identity := *q.Sink.Load, q.Sink.Binding, q.Sink.Identity
	return b.add("l:"+ld.Asset, GraphNode{Ref: ld.Asset, Kind: loadKind(ld), Contract: ld.Contract,
		Title:  systemOf(bind, "Sink") + ": " + contractName(b.m, ld.Contract),
		Detail: withIdentity(ld.Asset, identity)})
}

// loadKind is the node kind of a load, by the port it reads.
func loadKind(ld ir.Load) NodeKind {
	switch ld.From.Port {
	case ir.PortInvalid, ir.PortQuarantine:
		return NodeQuarantine
	case ir.PortLate:
		return NodeLate
	}
	return NodeSink
}

// loadFrom is the node a load's edge starts at: the node it reads, or for a
// late output the step whose stateful operator drops the rows.
func (b *graphBuilder) loadFrom(q *planner.Query) string {
	ld := *q.Sink.Load
	if loadKind(ld) == NodeLate && q.LateStep != "" {
		if n, ok := b.byRef["s:"+q.LateStep]; ok {
			return n
		}
	}
	return b.refNode(ld.From)
}

// edge adds an edge between two nodes; none when either is missing.
func (b *graphBuilder) edge(from, to, label string) {
	if from == "" || to == "" {
		return
	}
	b.g.Edges = append(b.g.Edges, GraphEdge{From: from, To: to, Label: label})
}

// add appends a node with a unique id derived from key and returns the id.
func (b *graphBuilder) add(key string, n GraphNode) string {
	prefix := map[byte]string{'x': "src_", 'v': "validate_", 's': "step_", 'l': "sink_"}[key[0]]
	base := prefix + identifier(n.Ref)
	id := base
	for i := 2; b.ids[id]; i++ {
		id = base + "_" + strconv.Itoa(i)
	}
	b.ids[id] = true
	b.byRef[key] = id
	n.ID = id
	b.g.Nodes = append(b.g.Nodes, n)
	return id
}

// refNode is the node a stream reference reads: an extract's validation
// node (its valid, invalid and late ports) or a step.
func (b *graphBuilder) refNode(r ir.Ref) string {
	if id, ok := b.byRef["v:"+r.Node]; ok {
		return id
	}
	return b.byRef["s:"+r.Node]
}

// pluginOf is the plugin spec of a binding; nil when unbound.
func pluginOf(b *profile.AssetBinding) *profile.Plugin {
	if b == nil || b.Asset == nil {
		return nil
	}
	return b.Plugin()
}

// pluginDisplay is a plugin's name in docs: its spec's Display, else its
// name.
func pluginDisplay(p *profile.Plugin) string {
	if p.Display == "" {
		return string(p.Name)
	}
	return p.Display
}

// systemOf names the system of a bound asset; unbound, the role.
func systemOf(b *profile.AssetBinding, role string) string {
	if p := pluginOf(b); p != nil {
		return pluginDisplay(p)
	}
	return role
}

// engineLabel names what runs a step: the bound engine, or "Transform".
func engineLabel(m *Model) string {
	if !m.bound() {
		return "Transform"
	}
	if m.Plan.EngineDisplay != "" {
		return m.Plan.EngineDisplay
	}
	return m.Plan.Engine
}

// portLabel labels an edge by the port it reads: extracts' valid, invalid
// and late ports, a stream's quarantined rows (Quarantined()); a step's
// plain output has no label.
func portLabel(r ir.Ref) string {
	switch r.Port {
	case ir.PortInvalid:
		return "rejected"
	case ir.PortLate:
		return "late"
	case ir.PortValid:
		return "valid"
	case ir.PortQuarantine:
		return "quarantined"
	}
	return ""
}

func withIdentity(asset, identity string) string {
	if identity == "" || identity == asset {
		return asset
	}
	return asset + " · " + identity
}

// identifier maps s to [A-Za-z0-9_], for ids in every output format.
func identifier(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// camelName turns an id like aggregate-customer-orders into
// AggregateCustomerOrders, the name readers know from the Go code.
func camelName(id string) string {
	var b strings.Builder
	up := true
	for _, r := range id {
		if r == '-' || r == '_' || r == '.' || r == ' ' {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		b.WriteRune(r)
		up = false
	}
	return b.String()
}

// contractOf finds a contract by id: the IR's contracts first, then the
// packages'.
func contractOf(m *Model, id string) (contracts.Contract, bool) {
	if m.Plan != nil {
		if c, ok := m.Plan.Contract(id); ok {
			return *c, true
		}
	}
	for _, c := range m.Contracts() {
		if c.ID == id {
			return c, true
		}
	}
	return contracts.Contract{}, false
}

// contractName is a contract's Go type name, or its id when unknown.
func contractName(m *Model, id string) string {
	if c, ok := contractOf(m, id); ok && c.Name != "" {
		return c.Name
	}
	return id
}

// contractRef is "odcs:<id>@<version>" (the version when known).
func contractRef(m *Model, id string) string {
	if c, ok := contractOf(m, id); ok && c.Version != "" {
		return "odcs:" + id + "@" + c.Version
	}
	return "odcs:" + id
}
