package infer

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// value is the inferred type of an expression. ok is false when a problem
// was already reported, so callers stay silent instead of cascading.
type value struct {
	t        contracts.Type
	nullable bool
	lineage  []Source
	ok       bool
	// lit is the argument's literal, when it is one (set for the arguments
	// of a function call: round's scale, mod's divisor).
	lit *ir.Expr
}

// walker carries what inference needs and collects its diagnostics.
type walker struct {
	inputs map[string]*contracts.Contract
	diags  diag.List
	path   string
	// nodes memoises the schema of every node inferred so far: a node
	// reachable twice is inferred (and reported) once.
	nodes map[*ir.Node]inferred
	// splitOK lets the next call be split's: the first argument of an
	// array function (arrayArgs); every call consumes it (refuseArray).
	splitOK bool
}

// inferred is the memoised result of one node.
type inferred struct {
	s  Schema
	ok bool
}

// errorf records an error at pos.
func (w *walker) errorf(code string, pos diag.Position, hint, format string, args ...any) {
	w.diags.Add(diag.Diagnostic{Code: code, Severity: diag.Error, Pos: pos, Path: w.path,
		Message: fmt.Sprintf(format, args...), Hint: hint})
}

// expr infers e over schema s; pos is the position of the enclosing node.
func (w *walker) expr(e *ir.Expr, s Schema, pos diag.Position) value {
	if e == nil {
		w.errorf(ir.CodeTypeMismatch, pos, "pass an expression", "missing expression")
		return value{}
	}
	switch e.Kind {
	case ir.ExprColumn:
		return w.column(e.Name, s, pos)
	case ir.ExprLiteral:
		if e.Type == nil {
			return value{t: contracts.Type{Kind: contracts.KindString}, ok: true}
		}
		return value{t: *e.Type, ok: true}
	case ir.ExprCast:
		return w.cast(e, s, pos)
	case ir.ExprCase:
		return w.caseWhen(e, s, pos)
	case ir.ExprCall:
		return w.call(e, s, pos)
	case ir.ExprAgg:
		return w.agg(e, s, pos)
	}
	w.errorf(ir.CodeTypeMismatch, pos, "use the etl DSL to build expressions", "unknown expression kind %q", e.Kind)
	return value{}
}

// column looks a column up in s.
func (w *walker) column(name string, s Schema, pos diag.Position) value {
	c, ok := s.Column(name)
	if !ok {
		w.errorf(ir.CodeUnknownColumn, pos, "use a column of the operator's input; available: "+fmt.Sprint(s.Names()),
			"unknown column %s", name)
		return value{}
	}
	return value{t: c.Type, nullable: c.Nullable, lineage: c.Lineage, ok: true}
}

// args infers every argument; ok is false when one failed.
func (w *walker) args(e *ir.Expr, s Schema, pos diag.Position) ([]value, bool) {
	out := make([]value, len(e.Args))
	ok := true
	for i, a := range e.Args {
		out[i] = w.expr(a, s, pos)
		ok = ok && out[i].ok
	}
	return out, ok
}

// cast is CAST(arg AS type): the target type, the argument's nullability.
func (w *walker) cast(e *ir.Expr, s Schema, pos diag.Position) value {
	args, ok := w.args(e, s, pos)
	if !ok || len(args) != 1 || e.Type == nil || e.Type.Kind == "" {
		if ok {
			w.errorf(ir.CodeTypeMismatch, pos, "cast to a supported contract type", "cast needs one argument and a target type")
		}
		return value{}
	}
	if msg, hint := castRefusal(args[0].t, *e.Type); msg != "" {
		w.errorf(ir.CodeCastRefused, pos, hint, "%s", msg)
		return value{}
	}
	return value{t: *e.Type, nullable: args[0].nullable, lineage: args[0].lineage, ok: true}
}

// caseWhen is CASE WHEN c1 THEN v1 ... [ELSE e] END.
func (w *walker) caseWhen(e *ir.Expr, s Schema, pos diag.Position) value {
	args, ok := w.args(e, s, pos)
	if !ok || len(args) < 2 {
		return value{}
	}
	out := value{t: args[1].t, ok: true, nullable: len(args)%2 == 0}
	for i, a := range args {
		isCond := i%2 == 0 && i < len(args)-1
		if isCond && a.t.Kind != contracts.KindBool {
			w.errorf(ir.CodeTypeMismatch, pos, "use a boolean condition", "CASE condition %d is %s, not bool", i/2+1, a.t.Kind)
			return value{}
		}
		if !isCond && !sameType(a.t, out.t) {
			w.errorf(ir.CodeTypeMismatch, pos, "give every branch the same type", "CASE branches mix %s and %s", typeString(out.t), typeString(a.t))
			return value{}
		}
		if !isCond {
			out.nullable = out.nullable || a.nullable
		}
		out.lineage = mergeLineage(out.lineage, a.lineage)
	}
	return out
}

// sameType compares kinds, and precision and scale of decimals.
func sameType(a, b contracts.Type) bool {
	return a.Kind == b.Kind && a.Precision == b.Precision && a.Scale == b.Scale
}

// typeString renders a type as in messages: decimal(18,2), int64, ...
func typeString(t contracts.Type) string {
	if t.Kind == contracts.KindDecimal {
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	}
	if t.Kind == contracts.KindArray && t.Elem != nil {
		return "array<" + typeString(*t.Elem) + ">"
	}
	return string(t.Kind)
}
