package sparksql

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// crossRules adds one check per cross-field rule of the contract, after
// every field check, in declaration order. A rule reads the typed values
// of the fields (the same expressions as the projection), so it sees
// exactly what Go validation sees.
func (cp *compiler) crossRules() error {
	c := cp.plan.Contract
	leaves := map[string]string{}
	leaf := func(n *contracts.RuleNode) string {
		id, sql := cp.payloadLeaf(c.Fields, n)
		if _, ok := leaves[id]; !ok && !strings.HasPrefix(sql, "`") {
			leaves[id] = cp.stage("_etl_c"+id, sql)
		} else if !ok {
			leaves[id] = sql
		}
		return leaves[id]
	}
	for _, r := range c.Rules {
		n, err := contracts.CheckRule(c, r.Expr)
		if err != nil {
			return fmt.Errorf("rule %s: %w", r.Name, err)
		}
		e := ruleRenderer{leaf: leaf}
		pred := e.render(n)
		reason := QuoteString(contracts.RuleReason(r))
		if errs := e.failed(); errs != "" {
			reason = fmt.Sprintf("CASE WHEN %s THEN %s ELSE %s END", errs, QuoteString(contracts.RuleErrorReason(r)), reason)
		}
		cp.plan.Checks = append(cp.plan.Checks, Check{
			Rule: "rule " + r.Name, RuleName: r.Name, Code: contracts.ReasonRuleViolated, CodeSQL: QuoteString(string(contracts.ReasonRuleViolated)),
			FieldPath: r.Field, PathSQL: QuoteString(r.Field), Reason: reason, SQL: e.passes(pred),
		})
	}
	return nil
}

// RuleSQL returns the predicate of rule r over the columns of a table of
// contract c (a row of Schema): TRUE when the row passes the rule, never
// NULL; the query of the rule's ODCS quality entry.
func RuleSQL(c *contracts.Contract, r contracts.Rule) (string, error) {
	n, err := contracts.CheckRule(c, r.Expr)
	if err != nil {
		return "", fmt.Errorf("rule %s: %w", r.Name, err)
	}
	e := ruleRenderer{leaf: columnLeaf}
	return e.passes(e.render(n)), nil
}

// payloadLeaf is a field's stage id (1_2 is the second field of the first)
// and typed value in the validation plan: the stage of its value that the
// projection reads (value.ruleValue), else the typed read of its variant
// stage, which crossRules keeps as a stage _etl_cN.
func (cp *compiler) payloadLeaf(fields []contracts.Field, n *contracts.RuleNode) (id, sql string) {
	for _, name := range n.Path {
		for i := range fields {
			if fields[i].Name == name {
				id = strings.TrimPrefix(id+"_"+strconv.Itoa(i+1), "_")
				fields = fields[i].Type.Fields
				break
			}
		}
	}
	if typed := cp.values[id].ruleValue(n.Field); typed != "" {
		return id, typed
	}
	return id, widenInt(n.Field, typedExpr(n.Field, QuoteIdent("_etl_v"+id), 1))
}

// columnLeaf is a field's column, a struct member by dotted access.
func columnLeaf(n *contracts.RuleNode) string {
	parts := make([]string, len(n.Path))
	for i, p := range n.Path {
		parts[i] = QuoteIdent(p)
	}
	return widenInt(n.Field, strings.Join(parts, "."))
}

// widenInt reads an int32 as BIGINT: rules compute integers in int64.
func widenInt(t contracts.Type, sql string) string {
	if t.Kind == contracts.KindInt32 {
		return "CAST(" + sql + " AS BIGINT)"
	}
	return sql
}

// ruleRenderer renders a typed rule tree to Spark SQL and collects the
// conditions under which its arithmetic fails (never NULL): integer
// overflow, which try_add and friends turn into NULL, and division by
// zero, which try_divide turns into NULL.
type ruleRenderer struct {
	leaf func(*contracts.RuleNode) string
	errs []string
}

// failed is the disjunction of the error conditions, "" when none.
func (e *ruleRenderer) failed() string {
	if len(e.errs) == 0 {
		return ""
	}
	return "(" + strings.Join(e.errs, " OR ") + ")"
}

// passes is the rule's check: no arithmetic error, and the predicate TRUE
// or NULL (an SQL CHECK constraint passes on NULL).
func (e *ruleRenderer) passes(pred string) string {
	if errs := e.failed(); errs != "" {
		return fmt.Sprintf("coalesce(NOT %s AND coalesce(%s, true), false)", errs, pred)
	}
	return fmt.Sprintf("coalesce(%s, true)", pred)
}

func (e *ruleRenderer) render(n *contracts.RuleNode) string {
	args := make([]string, len(n.Args))
	for i, a := range n.Args {
		args[i] = e.render(a)
	}
	switch n.Op {
	case contracts.RuleField:
		return e.leaf(n)
	case contracts.RuleLiteral:
		return ruleLiteral(n)
	case contracts.RuleAnd, contracts.RuleOr:
		return "(" + args[0] + " " + strings.ToUpper(string(n.Op)) + " " + args[1] + ")"
	case contracts.RuleNot:
		return "(NOT " + args[0] + ")"
	case contracts.RuleEq, contracts.RuleNe, contracts.RuleLt, contracts.RuleLe, contracts.RuleGt, contracts.RuleGe:
		return "(" + args[0] + " " + string(n.Op) + " " + args[1] + ")"
	case contracts.RuleIsNull:
		return "(" + args[0] + " IS NULL)"
	case contracts.RuleIsNotNull:
		return "(" + args[0] + " IS NOT NULL)"
	case contracts.RuleCoalesce:
		return "coalesce(" + strings.Join(args, ", ") + ")"
	case contracts.RuleNeg:
		return e.neg(n, args[0])
	}
	return e.arith(n, args[0], args[1])
}

// tryFuncs are the integer operations that return NULL on overflow.
var tryFuncs = map[contracts.RuleOp]string{
	contracts.RuleAdd: "try_add", contracts.RuleSub: "try_subtract", contracts.RuleMul: "try_multiply",
}

func (e *ruleRenderer) arith(n *contracts.RuleNode, a, b string) string {
	switch {
	case n.Op == contracts.RuleDiv:
		a, b = "CAST("+a+" AS DOUBLE)", "CAST("+b+" AS DOUBLE)"
		e.errs = append(e.errs, fmt.Sprintf("(%s IS NOT NULL AND %s IS NOT NULL AND %s = 0)", a, b, b))
		return fmt.Sprintf("try_divide(%s, %s)", a, b)
	case n.Type.Kind == contracts.KindInt64:
		sql := fmt.Sprintf("%s(%s, %s)", tryFuncs[n.Op], a, b)
		e.errs = append(e.errs, fmt.Sprintf("(%s IS NOT NULL AND %s IS NOT NULL AND %s IS NULL)", a, b, sql))
		return sql
	}
	return "(" + a + " " + string(n.Op) + " " + b + ")"
}

func (e *ruleRenderer) neg(n *contracts.RuleNode, a string) string {
	if n.Type.Kind != contracts.KindInt64 {
		return "(- " + a + ")"
	}
	sql := "try_subtract(0L, " + a + ")"
	e.errs = append(e.errs, fmt.Sprintf("(%s IS NOT NULL AND %s IS NULL)", a, sql))
	return sql
}

// ruleLiteral renders a literal in its type: BIGINT (L), DOUBLE (D) and
// DECIMAL (BD) literals, so Spark types it as the checker did.
func ruleLiteral(n *contracts.RuleNode) string {
	switch n.Type.Kind {
	case contracts.KindString:
		return QuoteString(n.Value)
	case contracts.KindBool:
		return strings.ToUpper(n.Value)
	case contracts.KindInt64:
		if n.Value == strconv.FormatInt(math.MinInt64, 10) { // 9223372036854775808L does not parse
			return "CAST(" + n.Value + " AS BIGINT)"
		}
		return n.Value + "L"
	case contracts.KindFloat64:
		return n.Value + "D"
	}
	return n.Value + "BD"
}
