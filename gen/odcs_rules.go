package gen

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
)

// rulesQuality maps the contract's cross-field rules to quality entries of
// its schema object: an SQL rule counting the rows that break it (the
// predicate the Spark validation checks, over the table's columns), which
// must be 0, with the rule's name, field, expression and reason code.
func rulesQuality(c contracts.Contract) []ODCSQuality {
	var out []ODCSQuality
	for _, r := range c.Rules {
		pass, err := sparksql.RuleSQL(&c, r)
		if err != nil { // goload.Load refuses such a rule; keep its text
			pass = "FALSE"
		}
		zero := numScalar("0")
		desc := r.Description
		if desc == "" {
			desc = "rule " + r.Name + ": " + r.Expr
		}
		out = append(out, ODCSQuality{
			Type:        "sql",
			Name:        r.Name,
			Description: desc,
			Dimension:   "consistency",
			Query:       "SELECT COUNT(*) FROM ${object} WHERE NOT " + pass,
			MustBe:      &zero,
			CustomProperties: []ODCSCustom{
				{Property: "reasonCode", Value: string(contracts.ReasonRuleViolated)},
				{Property: "fieldPath", Value: r.Field},
				{Property: "expression", Value: r.Expr},
			},
		})
	}
	return out
}
