package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// maxPrecision is Spark's largest decimal precision.
const maxPrecision = 38

// decimalType is decimal(p,s).
func decimalType(p, s int) contracts.Type {
	return contracts.Type{Kind: contracts.KindDecimal, Precision: p, Scale: s}
}

// bounded caps a decimal at precision 38 as DecimalType.bounded does.
func bounded(p, s int) contracts.Type {
	return decimalType(min(p, maxPrecision), min(s, maxPrecision))
}

// adjust applies Spark's precision-loss rule for results wider than 38
// digits: keep the integer digits, cut the scale down to at least
// min(s, 6).
func adjust(p, s int) contracts.Type {
	if p <= maxPrecision {
		return decimalType(p, s)
	}
	intDigits := p - s
	minScale := min(s, 6)
	return decimalType(maxPrecision, max(maxPrecision-intDigits, minScale))
}

// asDecimal widens an integer type to the decimal that holds it, as Spark
// does when mixing integers and decimals.
func asDecimal(t contracts.Type) (contracts.Type, bool) {
	switch t.Kind {
	case contracts.KindDecimal:
		return t, true
	case contracts.KindInt32:
		return decimalType(10, 0), true
	case contracts.KindInt64:
		return decimalType(20, 0), true
	}
	return contracts.Type{}, false
}

// decimalArith is the result type of a op b for decimals (Spark's rules).
func decimalArith(op ir.Func, a, b contracts.Type) contracts.Type {
	p1, s1, p2, s2 := a.Precision, a.Scale, b.Precision, b.Scale
	switch op {
	case ir.FuncAdd, ir.FuncSub:
		s := max(s1, s2)
		return adjust(max(p1-s1, p2-s2)+s+1, s)
	case ir.FuncMul:
		return adjust(p1+p2+1, s1+s2)
	case ir.FuncMod, ir.FuncPmod:
		s := max(s1, s2)
		return adjust(min(p1-s1, p2-s2)+s, s)
	}
	s := max(6, s1+p2+1)
	return adjust(p1-s1+s2+s, s)
}
