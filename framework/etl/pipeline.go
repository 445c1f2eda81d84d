package etl

import (
	"fmt"
	"reflect"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Pipeline is a declared pipeline: extracts, steps and loads. NewPipeline
// registers it so that the IR program finds every pipeline of a package.
type Pipeline struct {
	def *pipelineDef
}

// pipelineDef is a pipeline's declaration; its body runs when a document is built.
type pipelineDef struct {
	id, version, description string
	pkg                      string
	pos                      diag.Position
	body                     func(*Builder)
}

// PipelineOption configures a pipeline.
type PipelineOption func(*pipelineDef)

// Describe sets the pipeline's description.
func Describe(s string) PipelineOption { return func(d *pipelineDef) { d.description = s } }

// NewPipeline declares and registers a pipeline. The body runs later, each
// time a document is built, after every contract has been registered.
func NewPipeline(id, version string, body func(p *Builder), opts ...PipelineOption) *Pipeline {
	d := &pipelineDef{id: id, version: version, pkg: callerPackage(), pos: callerPos(), body: body}
	for _, o := range opts {
		o(d)
	}
	registerPipeline(d)
	return &Pipeline{def: d}
}

// ID returns the pipeline id.
func (p *Pipeline) ID() string { return p.def.id }

// Version returns the pipeline version.
func (p *Pipeline) Version() string { return p.def.version }

// Builder records a pipeline's extracts, steps and loads.
type Builder struct {
	pl      ir.Pipeline
	diags   *diag.List
	res     *resolver
	path    string
	steps   map[string]bool
	assets  map[string]string
	applied []*transformDef
}

// errorf records an error diagnostic on the pipeline.
func (b *Builder) errorf(code string, pos diag.Position, hint, format string, args ...any) {
	b.diags.Add(diag.Diagnostic{Code: code, Severity: diag.Error, Pos: pos, Path: b.path,
		Message: fmt.Sprintf(format, args...), Hint: hint})
}

// owns reports whether s is a stream of this pipeline, recording why not.
func (b *Builder) owns(s *stream, pos diag.Position, what string) bool {
	switch {
	case s == nil:
		b.errorf(ir.CodeBadArgument, pos, "pass a stream from Extract or a step", "%s: empty stream", what)
	case s.pipe != b:
		b.errorf(ir.CodeWrongContext, pos, "pass a stream of this pipeline", "%s: stream belongs to another pipeline or transformation", what)
	default:
		return true
	}
	return false
}

// claim records a use of an asset, reporting a second one.
func (b *Builder) claim(asset, role string, pos diag.Position) {
	if asset == "" {
		b.errorf(ir.CodeBadArgument, pos, "name the asset", "%s of an empty asset name", role)
		return
	}
	if prev, ok := b.assets[asset]; ok {
		b.errorf(ir.CodeDuplicateAsset, pos, "use one asset per extract or load", "asset %s is already used by %s", asset, diag.WithArticle(prev))
		return
	}
	b.assets[asset] = role
}

// Source is an extracted asset: its rows valid against contract T, the
// rejected ones, and the late ones.
type Source[T any] struct {
	b     *Builder
	asset string
}

// Extract reads the asset and validates its rows against the contract of T.
func Extract[T any](p *Builder, asset string) *Source[T] {
	pos := callerPos()
	p.claim(asset, "extract", pos)
	p.pl.Extracts = append(p.pl.Extracts, ir.Extract{Asset: asset, Contract: p.res.id(typeT[T](), pos, p.path), Pos: pos})
	return &Source[T]{b: p, asset: asset}
}

// ExtractStatic reads the asset as a static (batch) table, for the static
// input of a TransformStatic step.
func ExtractStatic[T any](p *Builder, asset string) Static[T] {
	pos := callerPos()
	p.claim(asset, "extract", pos)
	p.pl.Extracts = append(p.pl.Extracts, ir.Extract{Asset: asset, Contract: p.res.id(typeT[T](), pos, p.path), Static: true, Pos: pos})
	return Static[T]{&stream{ref: ir.Ref{Node: asset, Port: ir.PortValid}, pipe: p, goType: typeT[T](), static: true}}
}

// port returns the stream of one port of the source.
func (s *Source[T]) port(port string, t reflect.Type) *stream {
	if s == nil {
		return nil
	}
	return &stream{ref: ir.Ref{Node: s.asset, Port: port}, pipe: s.b, goType: t}
}

// Valid is the stream of rows that satisfy the contract.
func (s *Source[T]) Valid() Stream[T] { return Stream[T]{s.port(ir.PortValid, typeT[T]())} }

// Invalid is the stream of rejected payloads (raw payload, reason code,
// reason, ...). Give it its quarantine contract with etl.Into before loading.
func (s *Source[T]) Invalid() Stream[Row] { return Stream[Row]{s.port(ir.PortInvalid, typeRow)} }

// Late is the stream of valid rows that arrived behind the watermark of the
// first stateful operator downstream of this source. Give it its late-event
// contract with etl.Into before loading; the planner checks that a stateful
// operator with a watermark consumes the source.
func (s *Source[T]) Late() Stream[Row] { return Stream[Row]{s.port(ir.PortLate, typeRow)} }

// Late is, for a step output, the stream of the step's input rows that
// arrived behind the watermark of its stateful operator. It is a pipeline
// operation; give the result its contract with etl.Into before loading.
func (s Stream[T]) Late() Stream[Row] {
	return s.s.branch(branchCall{port: ir.PortLate, code: ir.CodeBadLate, call: "Late()",
		inBody: "route late rows in the pipeline: etl.Load(p, asset, etl.Into[L](step.Late()))",
		wrong:  "call Late() on an extract or a step output"}, callerPos())
}

// branchCall is a pipeline call that gives another port of a stream's node
// (Late(), Quarantined()): the port, the code and hints of its misuse.
type branchCall struct {
	port, code, call string
	inBody, wrong    string // hints: called in a transformation body, on a stream that is not valid rows nor a step's output
	noStatic         bool   // a static table has no such port
}

// branch is the stream of port bc.port of b's node, or nothing with the
// misuse reported at pos.
func (b *stream) branch(bc branchCall, pos diag.Position) Stream[Row] {
	switch {
	case b == nil:
		return Stream[Row]{}
	case b.pipe == nil:
		b.plan.errorf(bc.code, pos, bc.inBody, "%s used inside a transformation body", bc.call)
		return Stream[Row]{}
	case (bc.noStatic && b.static) || (b.ref.Port != ir.PortValid && b.ref.Port != ir.PortOut):
		b.pipe.errorf(bc.code, pos, bc.wrong, "%s of %s.%s", bc.call, b.ref.Node, b.ref.Port)
		return Stream[Row]{}
	}
	return Stream[Row]{&stream{ref: ir.Ref{Node: b.ref.Node, Port: bc.port}, pipe: b.pipe, goType: typeRow}}
}

// Load writes the stream to the asset; the stream must have a contract.
func Load[T any](p *Builder, asset string, s Stream[T]) {
	pos := callerPos()
	p.claim(asset, "load", pos)
	if !p.owns(s.s, pos, "load "+asset) {
		return
	}
	t := s.s.goType
	if t == nil || t == typeRow {
		p.errorf(ir.CodeUntypedLoad, pos, "give the stream its contract: etl.Load(p, asset, etl.Into[T](stream))",
			"load %s: stream %s.%s has no contract", asset, s.s.ref.Node, s.s.ref.Port)
		return
	}
	p.pl.Loads = append(p.pl.Loads, ir.Load{Asset: asset, From: s.s.ref, Contract: p.res.id(t, pos, p.path), Pos: pos})
}

// step applies def to the inputs with params (an addressable P).
func (b *Builder) step(def *transformDef, in []*stream, params reflect.Value) *stream {
	pos := callerPos()
	id := def.id
	for n := 2; b.steps[id]; n++ {
		id = fmt.Sprintf("%s-%d", def.id, n)
	}
	b.steps[id] = true
	st := ir.Step{ID: id, Transformation: def.id, Pos: pos}
	for i, s := range in {
		decl := def.inputs[i]
		if !b.owns(s, pos, "step "+id+" input "+decl.name) {
			continue
		}
		if s.static != decl.static {
			b.errorf(ir.CodeBadArgument, pos, "bind static inputs to etl.ExtractStatic tables and stream inputs to streams",
				"step %s input %s: static=%t, stream static=%t", id, decl.name, decl.static, s.static)
		}
		st.Inputs = append(st.Inputs, ir.Binding{Input: decl.name, From: s.ref})
	}
	bp := def.buildPlan(params, pos, b.path+"/step/"+id, b.diags, b.res, true)
	st.Plan, st.Params = bp.root, bp.params
	b.pl.Steps = append(b.pl.Steps, st)
	b.applied = append(b.applied, def)
	return &stream{ref: ir.Ref{Node: id, Port: ir.PortOut}, pipe: b, goType: def.outType}
}
