package contracts

import (
	"strconv"
	"time"

	"github.com/shopspring/decimal"
)

// exampleCheckers check that an example value is a valid value of a kind.
var exampleCheckers = map[Kind]func(v string, t Type) bool{
	KindBool:    func(v string, _ Type) bool { return v == "true" || v == "false" },
	KindInt32:   func(v string, _ Type) bool { _, err := strconv.ParseInt(v, 10, 32); return err == nil },
	KindInt64:   func(v string, _ Type) bool { _, err := strconv.ParseInt(v, 10, 64); return err == nil },
	KindFloat64: func(v string, _ Type) bool { _, err := strconv.ParseFloat(v, 64); return err == nil },
	KindDecimal: exampleDecimal,
	KindTimestamp: func(v string, _ Type) bool {
		_, err := time.Parse(time.RFC3339Nano, v)
		return err == nil
	},
	KindDate: func(v string, _ Type) bool { _, err := ParseDate(v); return err == nil },
}

// exampleDecimal accepts a plain decimal number that fits decimal(p,s).
func exampleDecimal(v string, t Type) bool {
	if len(v) > maxArgNumberLen {
		return false
	}
	d, err := decimal.NewFromString(v)
	if err != nil || d.Exponent() < -maxArgExponent || d.Exponent() > maxArgExponent {
		return false
	}
	if t.Precision == 0 { // decimal(p,s) missing: reported elsewhere
		return true
	}
	return decimalFits(d, t.Precision, t.Scale)
}

// decimalFits reports whether d has at most s fractional digits (trailing
// zeros dropped) and at most p-s integer digits.
func decimalFits(d decimal.Decimal, p, s int) bool {
	frac := 0
	for i := 1; i <= maxArgExponent && !d.Equal(d.Truncate(int32(i-1))); i++ {
		frac = i
	}
	whole := d.Truncate(0).Abs()
	intDigits := 0
	if !whole.IsZero() {
		intDigits = len(whole.String())
	}
	return frac <= s && intDigits <= p-s
}

// checkExamples reports examples that are not values of the field's kind.
func checkExamples(examples []string, t Type, ps *tagProblems) {
	parse, ok := exampleCheckers[t.Kind]
	if !ok {
		return
	}
	for _, v := range examples {
		if !parse(v, t) {
			ps.add(CodeBadExample, "write an example that is a valid "+string(t.Kind)+" value",
				"example %q is not a valid %s", v, t.Kind)
		}
	}
}
