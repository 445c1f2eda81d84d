package contracts

import (
	"errors"
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// CheckRule parses expr and type-checks it against c's fields: the typed
// tree both engines compile (Go validation, package sparksql). The error
// lists every problem with its byte offset; goload.Load reports the same
// problems as diagnostics with their positions.
func CheckRule(c *Contract, expr string) (*RuleNode, error) {
	n, errs := checkRule(c.Fields, expr)
	if len(errs) > 0 {
		all := make([]error, len(errs))
		for i, e := range errs {
			all[i] = e
		}
		return nil, fmt.Errorf("rule %q: %w", expr, errors.Join(all...))
	}
	return n, nil
}

// checkRule parses and types expr; a nil tree comes with the problems.
func checkRule(fields []Field, expr string) (*RuleNode, []*ruleError) {
	n, perr := parseRuleExpr(expr)
	if perr != nil {
		return nil, []*ruleError{perr}
	}
	ty := &ruleTyper{fields: fields}
	if ty.node(n) {
		ty.settle(n, Type{})
		if n.Type.Kind != KindBool {
			ty.errorf(n, CodeRuleType, "write a comparison, e.g. a >= b",
				"a rule must be a condition (bool), this expression is %s", typeName(n.Type))
		}
	}
	if len(ty.errs) > 0 {
		return nil, ty.errs
	}
	return n, nil
}

// ruleTyper types nodes bottom-up and collects problems.
type ruleTyper struct {
	fields []Field
	errs   []*ruleError
}

func (ty *ruleTyper) errorf(n *RuleNode, code, hint, format string, args ...any) {
	ty.errs = append(ty.errs, &ruleError{off: n.Offset, code: code, msg: fmt.Sprintf(format, args...), hint: hint})
}

// node types n and its arguments; false when a problem was reported.
func (ty *ruleTyper) node(n *RuleNode) bool {
	ok := true
	for _, a := range n.Args {
		ok = ty.node(a) && ok
	}
	if !ok {
		return false
	}
	switch n.Op {
	case RuleField:
		return ty.field(n)
	case RuleLiteral:
		return true
	case RuleAnd, RuleOr, RuleNot:
		return ty.logic(n)
	case RuleEq, RuleNe, RuleLt, RuleLe, RuleGt, RuleGe:
		return ty.compare(n)
	case RuleAdd, RuleSub, RuleMul, RuleDiv, RuleNeg:
		return ty.arith(n)
	case RuleIsNull, RuleIsNotNull:
		return ty.nullTest(n)
	case RuleCoalesce:
		return ty.coalesce(n)
	}
	ty.errorf(n, CodeRuleSyntax, "", "unknown operation %q", n.Op)
	return false
}

// field resolves a field path to its leaf type.
func (ty *ruleTyper) field(n *RuleNode) bool {
	fields := ty.fields
	for i, name := range n.Path {
		f := findField(fields, name)
		if f == nil {
			ty.unknownField(n, fields, i)
			return false
		}
		switch {
		case f.Type.Kind == KindStruct && i < len(n.Path)-1:
			fields = f.Type.Fields
			continue
		case i < len(n.Path)-1:
			ty.errorf(n, CodeRuleType, "only struct fields have fields", "%s is %s, not a struct", strings.Join(n.Path[:i+1], "."), typeName(f.Type))
			return false
		case f.Type.Kind == KindStruct || f.Type.Kind == KindArray:
			ty.errorf(n, CodeRuleType, "name a scalar field: rules compare strings, numbers, booleans, timestamps and dates",
				"field %s is %s; rules cannot use it", strings.Join(n.Path, "."), f.Type.Kind)
			return false
		}
		n.Field, n.Type = f.Type, f.Type
		if f.Type.Kind == KindInt32 {
			n.Type = Type{Kind: KindInt64}
		}
	}
	return true
}

func findField(fields []Field, name string) *Field {
	for i := range fields {
		if fields[i].Name == name {
			return &fields[i]
		}
	}
	return nil
}

func (ty *ruleTyper) unknownField(n *RuleNode, fields []Field, depth int) {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	hint := "fields here: " + strings.Join(names, ", ")
	if s := diag.ClosestOne(n.Path[depth], names); s != "" {
		hint = "did you mean " + strings.Join(append(append([]string(nil), n.Path[:depth]...), s), ".") + "?"
	}
	ty.errorf(n, CodeRuleUnknownField, hint, "unknown field %s", strings.Join(n.Path[:depth+1], "."))
}

func (ty *ruleTyper) logic(n *RuleNode) bool {
	for _, a := range n.Args {
		ty.settle(a, Type{})
		if a.Type.Kind != KindBool {
			ty.errorf(a, CodeRuleType, "compare it, e.g. x > 0", "%s needs a condition (bool), got %s", n.Op, typeName(a.Type))
			return false
		}
	}
	n.Type = Type{Kind: KindBool}
	return true
}

func (ty *ruleTyper) compare(n *RuleNode) bool {
	t, ok := ty.join(n, n.Args)
	if !ok {
		return false
	}
	if t.Kind == KindBool && n.Op != RuleEq && n.Op != RuleNe {
		ty.errorf(n, CodeRuleIncomparable, "compare booleans with = or <>", "booleans have no order: %s", n.Op)
		return false
	}
	n.Operand, n.Type = t, Type{Kind: KindBool}
	return true
}

func (ty *ruleTyper) nullTest(n *RuleNode) bool {
	if len(n.Args) != 1 {
		ty.errorf(n, CodeRuleType, "write "+string(n.Op)+"(field)", "%s takes one argument, got %d", n.Op, len(n.Args))
		return false
	}
	ty.settle(n.Args[0], Type{})
	n.Type = Type{Kind: KindBool}
	return true
}

func (ty *ruleTyper) coalesce(n *RuleNode) bool {
	if len(n.Args) < 2 {
		ty.errorf(n, CodeRuleType, "write coalesce(field, default)", "coalesce takes at least two arguments, got %d", len(n.Args))
		return false
	}
	t, ok := ty.join(n, n.Args)
	n.Operand, n.Type = t, t
	return ok
}

// typeName renders a type for messages.
func typeName(t Type) string {
	switch t.Kind {
	case "":
		return "a number"
	case KindDecimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	}
	return string(t.Kind)
}
