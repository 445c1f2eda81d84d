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
	ir.AggMinBy: byOrdering, ir.AggMaxBy: byOrdering,
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
		w.errorf(ir.CodeTypeMismatch, pos, "pass "+info.ArityText(), "%s needs %s", e.Name, info.ArityText())
		return value{}
	}
	if len(args) == 2 && !orderable(args[1].t) { // min_by, max_by
		w.errorf(ir.CodeTypeMismatch, pos, "order by a scalar column such as the event time",
			"%s ordered by %s: not an orderable type", e.Name, typeString(args[1].t))
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

// byOrdering: the value's type, always nullable (min_by, max_by: NULL when
// no row has a non-NULL ordering; Spark's MaxMinBy is nullable).
func byOrdering(a value) (contracts.Type, bool, string) { return a.t, true, "" }

// orderable reports whether values of t compare (the ordering of min_by,
// max_by): scalars; the local engine compares no arrays or structs.
func orderable(t contracts.Type) bool {
	return t.Kind != contracts.KindArray && t.Kind != contracts.KindStruct
}

// keep: the argument's type and nullability (min, max, first, last).
func keep(a value) (contracts.Type, bool, string) { return a.t, a.nullable, "" }
