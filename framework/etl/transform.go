package etl

import (
	"fmt"
	"reflect"

	"github.com/etlgen/etlgen/diag"
)

// transformDef is what every transformation form shares.
type transformDef struct {
	id, version, description string
	pkg                      string
	pos                      diag.Position
	inputs                   []inputDef
	paramType                reflect.Type
	outType                  reflect.Type
	// body calls the user's function with placeholder inputs and the
	// parameter struct (a pointer to P) and returns the result stream.
	body func(in []*stream, params reflect.Value) *stream
}

// inputDef is one declared input.
type inputDef struct {
	name   string
	goType reflect.Type
	static bool
}

// Option configures a transformation.
type Option func(*transformDef)

// WithVersion sets the transformation's version (DTCS).
func WithVersion(v string) Option { return func(d *transformDef) { d.version = v } }

// WithDescription sets the transformation's description.
func WithDescription(s string) Option { return func(d *transformDef) { d.description = s } }

// WithInputs names the inputs in order; by default an input is named after
// its contract type in snake case (order_event).
func WithInputs(names ...string) Option {
	return func(d *transformDef) {
		for i := range min(len(names), len(d.inputs)) {
			d.inputs[i].name = names[i]
		}
	}
}

// newDef builds and registers a definition.
func newDef(id string, outType, paramType reflect.Type, inputs []inputDef, opts []Option) *transformDef {
	d := &transformDef{id: id, pkg: callerPackage(), pos: callerPos(), inputs: inputs,
		paramType: paramType, outType: outType}
	seen := map[string]int{}
	for i := range d.inputs {
		n := snake(d.inputs[i].goType.Name())
		seen[n]++
		if seen[n] > 1 {
			n = fmt.Sprintf("%s_%d", n, seen[n])
		}
		d.inputs[i].name = n
	}
	for _, o := range opts {
		o(d)
	}
	registerTransform(d)
	return d
}

// Transformation is a typed transformation with one input of I, parameters
// P and an output of O. Its body is a logical plan.
type Transformation[I, P, O any] struct {
	def *transformDef
}

// Transform declares a transformation. The body is called (later, when a
// document is built) with a placeholder stream and the parameters, and must
// return a plan built with the DSL, usually ending in etl.Into[O].
func Transform[I, P, O any](id string, body func(in Stream[I], params P) Stream[O], opts ...Option) *Transformation[I, P, O] {
	d := newDef(id, typeT[O](), typeT[P](), []inputDef{{goType: typeT[I]()}}, opts)
	d.body = func(in []*stream, pv reflect.Value) *stream {
		return body(Stream[I]{in[0]}, pv.Interface().(P)).s
	}
	return &Transformation[I, P, O]{def: d}
}

// ID returns the transformation id.
func (t *Transformation[I, P, O]) ID() string { return t.def.id }

// Step applies the transformation in a pipeline to in with the given
// parameters; zero parameter fields take their defaults.
func (t *Transformation[I, P, O]) Step(p *Builder, in Stream[I], params P) Stream[O] {
	return Stream[O]{p.step(t.def, []*stream{in.s}, reflect.ValueOf(&params).Elem())}
}

// Transformation2 is a typed transformation with two stream inputs (a
// stream-stream join, a union of two contracts).
type Transformation2[A, B, P, O any] struct {
	def *transformDef
}

// Transform2 declares a transformation with two stream inputs.
func Transform2[A, B, P, O any](id string, body func(a Stream[A], b Stream[B], params P) Stream[O], opts ...Option) *Transformation2[A, B, P, O] {
	d := newDef(id, typeT[O](), typeT[P](), []inputDef{{goType: typeT[A]()}, {goType: typeT[B]()}}, opts)
	d.body = func(in []*stream, pv reflect.Value) *stream {
		return body(Stream[A]{in[0]}, Stream[B]{in[1]}, pv.Interface().(P)).s
	}
	return &Transformation2[A, B, P, O]{def: d}
}

// ID returns the transformation id.
func (t *Transformation2[A, B, P, O]) ID() string { return t.def.id }

// Step applies the transformation in a pipeline.
func (t *Transformation2[A, B, P, O]) Step(p *Builder, a Stream[A], b Stream[B], params P) Stream[O] {
	return Stream[O]{p.step(t.def, []*stream{a.s, b.s}, reflect.ValueOf(&params).Elem())}
}

// TransformationStatic is a typed transformation of a stream of A enriched
// with a static table of B (a stream-static join).
type TransformationStatic[A, B, P, O any] struct {
	def *transformDef
}

// TransformStatic declares a transformation with a stream input and a static
// input; a pipeline binds the static input to an etl.ExtractStatic table.
func TransformStatic[A, B, P, O any](id string, body func(s Stream[A], t Static[B], params P) Stream[O], opts ...Option) *TransformationStatic[A, B, P, O] {
	d := newDef(id, typeT[O](), typeT[P](), []inputDef{{goType: typeT[A]()}, {goType: typeT[B](), static: true}}, opts)
	d.body = func(in []*stream, pv reflect.Value) *stream {
		return body(Stream[A]{in[0]}, Static[B]{in[1]}, pv.Interface().(P)).s
	}
	return &TransformationStatic[A, B, P, O]{def: d}
}

// ID returns the transformation id.
func (t *TransformationStatic[A, B, P, O]) ID() string { return t.def.id }

// Step applies the transformation in a pipeline.
func (t *TransformationStatic[A, B, P, O]) Step(p *Builder, s Stream[A], table Static[B], params P) Stream[O] {
	return Stream[O]{p.step(t.def, []*stream{s.s, table.s}, reflect.ValueOf(&params).Elem())}
}
