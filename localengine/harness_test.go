package localengine

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// The tests build IR documents by hand: contract "ev" (k string, v int64,
// t timestamp event time), sources and one step "s" whose plan is given.

var (
	tString = contracts.Type{Kind: contracts.KindString}
	tInt64  = contracts.Type{Kind: contracts.KindInt64}
	tTime   = contracts.Type{Kind: contracts.KindTimestamp}
)

func field(name string, t contracts.Type) contracts.Field {
	return contracts.Field{Name: name, Type: t, Required: true}
}

func contract(id string, fs ...contracts.Field) contracts.Contract {
	return contracts.Contract{ID: id, Version: "1.0.0", Name: id, Fields: fs}
}

var evContract = func() contracts.Contract {
	c := contract("ev", field("k", tString), field("v", tInt64), field("t", tTime))
	c.Fields[2].EventTime = true
	return c
}()

func col(n string) *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: n} }

func lit(v string, k contracts.Kind) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprLiteral, Value: v, Type: &contracts.Type{Kind: k}}
}

func call(name string, args ...*ir.Expr) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprCall, Name: name, Args: args}
}

func agg(name string, args ...*ir.Expr) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprAgg, Name: name, Args: args}
}

func input(name string) *ir.Node { return &ir.Node{Op: ir.OpInput, Input: name} }

func wm(in *ir.Node, column, delay string) *ir.Node {
	return &ir.Node{Op: ir.OpWatermark, Inputs: []*ir.Node{in}, Column: column, Delay: ir.Duration(delay)}
}

// pipelineDoc is one pipeline "p": extracts (asset → contract ev), a step
// "s" over inputs bound to the extracts of the same name, a load "out" of
// its output with contract out, and optional extra loads.
func pipelineDoc(plan *ir.Node, out contracts.Contract, inputs []string, extra ...ir.Load) *ir.Document {
	doc := &ir.Document{IRVersion: ir.Version, Contracts: []contracts.Contract{evContract, out}}
	t := ir.Transformation{ID: "t", Outputs: []ir.Port{{Name: "out", Contract: out.ID}}, Plan: plan}
	p := ir.Pipeline{ID: "p", Version: "1.0.0"}
	st := ir.Step{ID: "s", Transformation: "t", Plan: plan}
	for _, in := range inputs {
		t.Inputs = append(t.Inputs, ir.Port{Name: in, Contract: "ev"})
		p.Extracts = append(p.Extracts, ir.Extract{Asset: in, Contract: "ev"})
		st.Inputs = append(st.Inputs, ir.Binding{Input: in, From: ir.Ref{Node: in, Port: ir.PortValid}})
	}
	p.Steps = []ir.Step{st}
	p.Loads = append([]ir.Load{{Asset: "out", From: ir.Ref{Node: "s", Port: ir.PortOut}, Contract: out.ID}}, extra...)
	doc.Transformations = []ir.Transformation{t}
	doc.Pipelines = []ir.Pipeline{p}
	return doc
}

// harness runs a hand-built pipeline on memory assets.
type harness struct {
	t    *testing.T
	doc  *ir.Document
	mode string
	// mergeKeys make sink out a merge table on them.
	mergeKeys []string
	// exec are execution settings of the profile (name → YAML flow value).
	exec map[string]string
	dir  string
	env  *Env
	eng  *Engine
	now  time.Time
	runs []*Progress
}

func newHarness(t *testing.T, doc *ir.Document, mode string, mergeKeys ...string) *harness {
	t.Helper()
	h := &harness{t: t, doc: doc, mode: mode, mergeKeys: mergeKeys, dir: t.TempDir(), env: &Env{}, now: time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)}
	h.env.Clock = func() time.Time { return h.now }
	if len(mergeKeys) > 0 {
		h.env.Tables = map[string]*MemoryTable{"out": NewMemoryTable("out", TableMerge, mergeKeys)}
	}
	h.open()
	t.Cleanup(h.close)
	return h
}

// open opens the engine, closing the one open before: a restart.
func (h *harness) open() {
	h.t.Helper()
	h.close()
	m, _ := planMemoryExec(h.t, h.doc, h.dir, h.exec, planner.Options{OutputModes: map[string]string{"out": h.mode}}, false, h.mergeKeys...)
	eng, err := Open(m, "p", h.env)
	if err != nil {
		h.t.Fatalf("open: %v", err)
	}
	h.eng = eng
}

// close releases the open engine's checkpoints.
func (h *harness) close() {
	if h.eng != nil {
		h.eng.Close()
		h.eng = nil
	}
}

// add adds events (k, v, RFC 3339 time) to an asset.
func (h *harness) add(asset string, evs ...string) {
	h.t.Helper()
	if h.env.Memory[asset] == nil {
		h.t.Fatalf("no memory stream %s", asset)
	}
	for i := 0; i+2 < len(evs); i += 3 {
		raw := `{"k":"` + evs[i] + `","v":` + evs[i+1] + `,"t":"` + evs[i+2] + `"}`
		h.env.Memory[asset].Add([]byte(raw))
	}
}

func (h *harness) run() {
	h.t.Helper()
	if err := h.eng.RunAvailable(func(p *Progress) { h.runs = append(h.runs, p) }); err != nil {
		h.t.Fatal(err)
	}
}

// rows renders the table "out" as encoded JSON rows.
func (h *harness) rows(table string) []string {
	s, rows := h.env.Tables[table].Rows()
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(EncodeRow(s, r))
	}
	return out
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}
