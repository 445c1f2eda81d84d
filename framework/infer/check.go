package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// CheckOutput compares an inferred schema with the declared output contract:
// every contract field must be produced with the same type (or one that
// widens to it without loss: int32 into int64, a decimal into a decimal with
// at least as many integer and fraction digits) and must not be nullable when
// the field is required; no other column may be produced. Diagnostics are
// placed at pos (the Into node) with the given path.
func CheckOutput(s Schema, out *contracts.Contract, pos diag.Position, path string) diag.List {
	w := &walker{path: path}
	for _, f := range out.Fields {
		c, ok := s.Column(f.Name)
		switch {
		case !ok:
			w.errorf(ir.CodeMissingColumn, pos, "produce the column with Select, WithColumn or an aggregate named As the contract column",
				"output contract %s needs column %s, which the plan does not produce", out.ID, f.Name)
		case !widens(c.Type, f.Type):
			w.errorf(ir.CodeColumnType, pos, "cast the column with etl.Cast or etl.CastDecimal, or change the contract",
				"column %s is %s, output contract %s declares %s", f.Name, typeString(c.Type), out.ID, typeString(f.Type))
		case c.Nullable && f.Required:
			w.errorf(ir.CodeNullable, pos, "make the field optional (a pointer), filter with IsNotNull, or Coalesce with a default",
				"column %s may be NULL but output contract %s requires it", f.Name, out.ID)
		}
	}
	for _, c := range s.Columns {
		if _, ok := out.Field(c.Name); !ok {
			w.errorf(ir.CodeExtraColumn, pos, "drop the column with Select, or add it to the contract",
				"column %s is not in output contract %s", c.Name, out.ID)
		}
	}
	return w.diags
}

// widens reports whether a value of type from can be written to a column of
// type to without loss.
func widens(from, to contracts.Type) bool {
	switch {
	case from.Kind == to.Kind && from.Kind == contracts.KindDecimal:
		return from.Scale <= to.Scale && from.Precision-from.Scale <= to.Precision-to.Scale
	case from.Kind == contracts.KindInt32 && to.Kind == contracts.KindInt64:
		return true
	}
	return from.Kind == to.Kind
}
