package contracts

import (
	"fmt"
	"strings"
)

// compiledRule is a cross-field rule ready to run on a payload's values.
type compiledRule struct {
	rule Rule
	eval ruleFn
}

// compileRules type-checks and compiles the contract's rules.
func compileRules(c *Contract) ([]compiledRule, error) {
	out := make([]compiledRule, 0, len(c.Rules))
	for _, r := range c.Rules {
		n, err := CheckRule(c, r.Expr)
		if err != nil {
			return nil, fmt.Errorf("compile rule %s: %w", r.Name, err)
		}
		fn, err := compileRuleNode(c.Fields, n)
		if err != nil {
			return nil, fmt.Errorf("compile rule %s: %w", r.Name, err)
		}
		out = append(out, compiledRule{rule: r, eval: fn})
	}
	return out, nil
}

// checkRules runs the rules in declaration order on the top-level values of
// a payload that passed every field check; the first rule that fails is
// the failure.
func checkRules(rules []compiledRule, top []Value) *failure {
	for i := range rules {
		r := &rules[i]
		var st ruleState
		v := r.eval(top, &st)
		if st.err {
			return &failure{code: ReasonRuleViolated, path: r.rule.Field, msg: RuleErrorReason(r.rule), rule: r.rule.Name}
		}
		if !v.null && !v.b {
			return &failure{code: ReasonRuleViolated, path: r.rule.Field, msg: RuleReason(r.rule), rule: r.rule.Name}
		}
	}
	return nil
}

// RuleReason is the reason of a rejection by rule r: its name and
// expression. Both engines write it.
func RuleReason(r Rule) string {
	return fmt.Sprintf("rule %s is violated: %s", r.Name, oneLine(r.Expr))
}

// RuleErrorReason is the reason of a rejection by rule r when its
// arithmetic fails (integer overflow, division by zero).
func RuleErrorReason(r Rule) string {
	return fmt.Sprintf("rule %s cannot be evaluated (integer overflow or division by zero): %s", r.Name, oneLine(r.Expr))
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
