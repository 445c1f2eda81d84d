package contracts

import (
	"math"
	"strconv"
	"strings"
)

// maxRuleDecimal is Spark's largest decimal precision: a rule whose decimal
// result would need more is refused, since Spark would round it.
const maxRuleDecimal = 38

// The integer types' decimal forms in Spark's type coercion: an int32
// field is read as int64, and int64 widens to decimal(20,0).
var int64AsDecimal = Type{Kind: KindDecimal, Precision: 20}

func isNumber(k Kind) bool {
	return k == KindInt32 || k == KindInt64 || k == KindFloat64 || k == KindDecimal || k == ""
}

func isInteger(k Kind) bool { return k == KindInt32 || k == KindInt64 }

// settle gives an untyped number literal its type toward the other
// operand's type (the zero Type when there is none): float64 toward a
// float64 or when written with an exponent; int64 when whole and within
// int64 (unless toward a decimal); else decimal(p,s) of its digits.
func (ty *ruleTyper) settle(n *RuleNode, toward Type) {
	if n.Op != RuleLiteral || n.Type.Kind != "" {
		return
	}
	text := strings.TrimPrefix(n.Value, "-")
	switch {
	case strings.ContainsAny(text, "eE") || toward.Kind == KindFloat64:
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil || math.IsInf(f, 0) {
			ty.errorf(n, CodeRuleType, "write a number within float64's range", "number %s does not fit a float64", n.Value)
		}
		n.Type = Type{Kind: KindFloat64}
	case !strings.Contains(text, ".") && toward.Kind != KindDecimal && fitsInt64(n.Value):
		n.Type = Type{Kind: KindInt64}
	default:
		n.Type = literalDecimal(text)
		if n.Type.Precision > maxRuleDecimal {
			ty.errorf(n, CodeRuleEngines, "write at most 38 significant digits",
				"number %s has more than %d digits, more than a Spark decimal holds", n.Value, maxRuleDecimal)
		}
	}
}

func fitsInt64(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// literalDecimal is the decimal type of a number written without exponent,
// as Spark types a BD literal (java.math.BigDecimal's precision and scale).
func literalDecimal(text string) Type {
	whole, frac, _ := strings.Cut(text, ".")
	whole = strings.TrimLeft(whole, "0")
	p := max(len(whole)+len(frac), 1)
	if whole == "" {
		p = max(len(strings.TrimLeft(frac, "0")), 1)
	}
	return Type{Kind: KindDecimal, Precision: max(p, len(frac)), Scale: len(frac)}
}

// join settles the literals among args and returns the type they are
// compared or combined in: one numeric type (ints widen to float64 or to
// decimal(20,0), decimals to the wider one), or one shared kind.
func (ty *ruleTyper) join(n *RuleNode, args []*RuleNode) (Type, bool) {
	var typed Type
	for _, a := range args {
		if a.Type.Kind != "" {
			typed = a.Type
			break
		}
	}
	for _, a := range args {
		ty.settle(a, typed)
	}
	t := args[0].Type
	for _, a := range args[1:] {
		next, ok := ty.join2(n, t, a.Type)
		if !ok {
			return Type{}, false
		}
		t = next
	}
	if t.Kind == KindInt32 {
		t = Type{Kind: KindInt64}
	}
	return t, true
}

func (ty *ruleTyper) join2(n *RuleNode, a, b Type) (Type, bool) {
	switch {
	case isNumber(a.Kind) && isNumber(b.Kind):
		return ty.joinNumbers(n, a, b)
	case a.Kind == b.Kind:
		return a, true
	}
	ty.errorf(n, CodeRuleIncomparable, "compare values of one kind: numbers with numbers, strings with strings, timestamps with timestamps",
		"cannot compare or combine %s with %s", typeName(a), typeName(b))
	return Type{}, false
}

func (ty *ruleTyper) joinNumbers(n *RuleNode, a, b Type) (Type, bool) {
	switch {
	case isInteger(a.Kind) && isInteger(b.Kind):
		return Type{Kind: KindInt64}, true
	case a.Kind == KindFloat64 && b.Kind == KindDecimal || a.Kind == KindDecimal && b.Kind == KindFloat64:
		ty.errorf(n, CodeRuleEngines, "keep the rule in decimals (write literals without exponent) or declare both fields float64",
			"cannot mix %s with %s: Go and Spark convert a decimal to a double differently in the last bit", typeName(a), typeName(b))
		return Type{}, false
	case a.Kind == KindFloat64 || b.Kind == KindFloat64:
		return Type{Kind: KindFloat64}, true
	}
	a, b = asDecimal(a), asDecimal(b)
	s := max(a.Scale, b.Scale)
	return ty.decimal(n, max(a.Precision-a.Scale, b.Precision-b.Scale)+s, s)
}

// asDecimal is an integer type's decimal form; decimals stay.
func asDecimal(t Type) Type {
	if isInteger(t.Kind) {
		return int64AsDecimal
	}
	return t
}

// decimal returns decimal(p,s), refused beyond 38 digits.
func (ty *ruleTyper) decimal(n *RuleNode, p, s int) (Type, bool) {
	if p > maxRuleDecimal {
		ty.errorf(n, CodeRuleEngines, "use narrower decimal fields or split the rule",
			"%s needs decimal(%d,%d), more than Spark's 38 digits: Spark would round it and Go would not", n.Op, p, s)
		return Type{}, false
	}
	return Type{Kind: KindDecimal, Precision: p, Scale: s}, true
}

// arith types + - * / and unary minus, with Spark's result types: integers
// in int64 (overflow is an error), / in float64, decimals exact.
func (ty *ruleTyper) arith(n *RuleNode) bool {
	for _, a := range n.Args {
		if !isNumber(a.Type.Kind) {
			ty.errorf(a, CodeRuleType, "arithmetic needs numbers", "%s needs numbers, got %s", n.Op, typeName(a.Type))
			return false
		}
	}
	if n.Op == RuleNeg {
		ty.settle(n.Args[0], Type{})
		n.Type = n.Args[0].Type
		if n.Type.Kind == KindInt32 {
			n.Type = Type{Kind: KindInt64}
		}
		n.Operand = n.Type
		return true
	}
	t, ok := ty.join(n, n.Args)
	if !ok {
		return false
	}
	n.Type, ok = ty.arithType(n, t)
	n.Operand = n.Type
	return ok
}

func (ty *ruleTyper) arithType(n *RuleNode, joined Type) (Type, bool) {
	a, b := n.Args[0].Type, n.Args[1].Type
	switch {
	case n.Op == RuleDiv && joined.Kind == KindDecimal:
		ty.errorf(n, CodeRuleEngines, "compare products instead: a / b <= c as a <= b * c (for b > 0)",
			"decimal division is refused: Spark rounds its result to a scale Go does not reproduce")
		return Type{}, false
	case n.Op == RuleDiv:
		return Type{Kind: KindFloat64}, true
	case joined.Kind != KindDecimal:
		return joined, true
	}
	a, b = asDecimal(a), asDecimal(b)
	if n.Op == RuleMul {
		return ty.decimal(n, a.Precision+b.Precision+1, a.Scale+b.Scale)
	}
	s := max(a.Scale, b.Scale)
	return ty.decimal(n, max(a.Precision-a.Scale, b.Precision-b.Scale)+s+1, s)
}
