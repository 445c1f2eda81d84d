package etl

import (
	"fmt"
	"reflect"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// resolver maps Go types to contract ids and remembers which were used.
type resolver struct {
	ids   map[string]bool
	diags *diag.List
}

// id returns the contract id of Go type t, recording ETL-D204 when t has no
// registered contract.
func (r *resolver) id(t reflect.Type, pos diag.Position, path string) string {
	if c, ok := contracts.Lookup(t); ok {
		r.ids[c.ID] = true
		return c.ID
	}
	r.diags.Add(diag.Diagnostic{Code: ir.CodeNoContract, Severity: diag.Error, Pos: pos, Path: path,
		Message: fmt.Sprintf("type %s has no registered contract", t),
		Hint:    "mark the type with a +etl:contract comment and run go generate ./... (etlgen gen)"})
	return ""
}

// Into gives a stream the contract of T. In a transformation body it ends
// the plan by conforming it to the output contract (the schema is checked
// against T at plan time); in a pipeline it types an extract's invalid or
// late branch for a load.
func Into[T any](f Frame) Stream[T] {
	var s *stream
	if f != nil {
		s = f.frame()
	}
	switch {
	case s == nil:
		return Stream[T]{}
	case s.plan != nil:
		out := s.derive(ir.OpIntoOutput, typeT[T](), nil, nil)
		out.node.Output = s.plan.res.id(typeT[T](), out.node.Pos, s.plan.path)
		return Stream[T]{out}
	}
	return Stream[T]{&stream{ref: s.ref, pipe: s.pipe, goType: typeT[T](), static: s.static}}
}

// builtPlan is a plan built with one set of parameter values.
type builtPlan struct {
	root   *ir.Node
	params []ir.ParamValue
}

// buildPlan calls the body of d with params (an addressable P) after
// applying defaults, and returns the plan ending in an into node.
// Declaration problems (parameter struct, defaults) are reported only for
// the transformation itself (isStep false).
func (d *transformDef) buildPlan(params reflect.Value, pos diag.Position, path string, diags *diag.List, res *resolver, isStep bool) builtPlan {
	declDiags := diags
	if isStep {
		declDiags = &diag.List{}
	}
	fields := paramFields(d.paramType, pos, path, declDiags)
	var values []ir.ParamValue
	if d.paramType.Kind() == reflect.Struct {
		values = bindParams(params, fields, pos, path, diags, !isStep)
	}
	c := &planCtx{diags: diags, path: path, res: res}
	in := make([]*stream, len(d.inputs))
	for i, def := range d.inputs {
		in[i] = &stream{node: &ir.Node{Op: ir.OpInput, Input: def.name, Pos: d.pos}, plan: c, goType: def.goType, static: def.static}
	}
	root := d.callBody(c, in, params)
	if root == nil {
		return builtPlan{params: values}
	}
	if root.node.Op != ir.OpIntoOutput {
		root = &stream{node: &ir.Node{Op: ir.OpIntoOutput, Inputs: []*ir.Node{root.node}, Pos: d.pos,
			Output: res.id(d.outType, d.pos, path)}, plan: c}
	}
	return builtPlan{root: root.node, params: values}
}

// callBody runs the user's body, turning a panic into ETL-D211 and a
// foreign or zero result into a diagnostic.
func (d *transformDef) callBody(c *planCtx, in []*stream, params reflect.Value) (root *stream) {
	defer func() {
		if r := recover(); r != nil {
			c.errorf(ir.CodeBodyPanic, d.pos, "fix the transformation body; DSL calls never panic, so the panic is in user code",
				"transformation %s panicked: %v", d.id, r)
			root = nil
		}
	}()
	root = d.body(in, params)
	switch {
	case root == nil:
		c.errorf(ir.CodeBadArgument, d.pos, "return the stream built from the inputs", "transformation %s returned an empty stream", d.id)
	case root.plan != c:
		c.errorf(ir.CodeWrongContext, d.pos, "return a stream built from this body's inputs", "transformation %s returned a stream of another body", d.id)
		return nil
	}
	return root
}

// transformationIR is the declaration of d with its default plan.
func (d *transformDef) transformationIR(diags *diag.List, res *resolver) ir.Transformation {
	path := "transformation/" + d.id
	t := ir.Transformation{ID: d.id, Version: d.version, Description: d.description, Pos: d.pos,
		Inputs:  make([]ir.Port, len(d.inputs)),
		Outputs: []ir.Port{{Name: ir.PortOut, Contract: res.id(d.outType, d.pos, path)}}}
	for i, in := range d.inputs {
		t.Inputs[i] = ir.Port{Name: in.name, Contract: res.id(in.goType, d.pos, path), Static: in.static}
	}
	for _, f := range paramFields(d.paramType, d.pos, path, &diag.List{}) {
		t.Params = append(t.Params, f.decl)
	}
	zero := reflect.New(d.paramType).Elem()
	t.Plan = d.buildPlan(zero, d.pos, path, diags, res, false).root
	return t
}
