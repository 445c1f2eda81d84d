package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// aggRules types each aggregate function from its argument.
var aggRules = map[ir.Func]func(arg value) (contracts.Type, bool, string){
	ir.AggCount:               func(value) (contracts.Type, bool, string) { return tInt64, false, "" },
	ir.AggApproxCountDistinct: func(value) (contracts.Type, bool, string) { return tInt64, false, "" },
	ir.AggSum:                 sumType,
	ir.AggAvg:                 avgType,
	ir.AggMin:                 keep, ir.AggMax: keep, ir.AggFirst: keep, ir.AggLast: keep,
}

// agg infers an aggregate expression.
func (w *walker) agg(e *ir.Expr, s Schema, pos diag.Position) value {
	r, ok := aggRules[e.Func()]
	if !ok {
		w.errorf(ir.CodeTypeMismatch, pos, "use an aggregate of the etl DSL", "unknown aggregate %s", e.Name)
		return value{}
	}
	args, ok := w.args(e, s, pos)
	if !ok {
		return value{}
	}
	if info, _ := e.Func().Info(); !info.Accepts(len(args)) {
		w.errorf(ir.CodeTypeMismatch, pos, "pass one column", "%s needs one argument", e.Name)
		return value{}
	}
	if len(args) == 0 { // count(*)
		return value{t: tInt64, ok: true}
	}
	t, nullable, msg := r(args[0])
	if msg != "" {
		w.errorf(ir.CodeTypeMismatch, pos, "aggregate a numeric column, or cast it", "%s of %s: %s", e.Name, typeString(args[0].t), msg)
		return value{}
	}
	return value{t: t, nullable: nullable, lineage: args[0].lineage, ok: true}
}

// sumType: integers → int64, float → float, decimal(p,s) → decimal(p+10,s).
func sumType(a value) (contracts.Type, bool, string) {
	switch a.t.Kind {
	case contracts.KindInt32, contracts.KindInt64:
		return tInt64, a.nullable, ""
	case contracts.KindFloat64:
		return tFloat, a.nullable, ""
	case contracts.KindDecimal:
		return bounded(a.t.Precision+10, a.t.Scale), a.nullable, ""
	}
	return contracts.Type{}, false, "not a number"
}

// avgType: numbers → float, decimal(p,s) → decimal(p+4,s+4).
func avgType(a value) (contracts.Type, bool, string) {
	switch a.t.Kind {
	case contracts.KindInt32, contracts.KindInt64, contracts.KindFloat64:
		return tFloat, a.nullable, ""
	case contracts.KindDecimal:
		return bounded(a.t.Precision+4, a.t.Scale+4), a.nullable, ""
	}
	return contracts.Type{}, false, "not a number"
}

// keep: the argument's type and nullability (min, max, first, last).
func keep(a value) (contracts.Type, bool, string) { return a.t, a.nullable, "" }
