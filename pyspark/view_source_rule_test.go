package pyspark

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
)

// TestRuleColumn: a rejected row's rule is the name of the cross-field
// rule it broke, looked up by its verdict _etl_rule (the 1-based index of
// the rule table: after the 4 payload checks and the fields' 5), NULL
// for any other check, as the local engine writes it.
func TestRuleColumn(t *testing.T) {
	ts := contracts.Type{Kind: contracts.KindTimestamp}
	fields := []contracts.Field{{Name: "start", Type: ts, Required: true}, {Name: "end", Type: ts}}
	ordered := contracts.Rule{Name: "end_after_start", Field: "end", Expr: "end >= start"}
	quoted := contracts.Rule{Name: "it's", Field: "start", Expr: "start <= end"}
	for _, tc := range []struct {
		name  string
		rules []contracts.Rule
		want  string
	}{
		{"no rules", nil, "CAST(NULL AS STRING)"},
		{"one rule", []contracts.Rule{ordered}, "CASE `_etl_rule` WHEN 10 THEN 'end_after_start' END"},
		{"two rules, quoted", []contracts.Rule{ordered, quoted},
			"CASE `_etl_rule` WHEN 10 THEN 'end_after_start' WHEN 11 THEN 'it\\'s' END"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &contracts.Contract{ID: "c", Version: "1.0.0", Name: "C", Fields: fields, Rules: tc.rules}
			plan, err := sparksql.Compile(c, sparksql.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := ruleColumn(plan)
			if got != tc.want {
				t.Errorf("ruleColumn = %s\nwant %s", got, tc.want)
			}
			for i, r := range tc.rules {
				if ck := plan.Checks[9+i]; ck.Rule != "rule "+r.Name || ck.RuleName != r.Name {
					t.Errorf("check %d is %q (name %q), want rule %s", 10+i, ck.Rule, ck.RuleName, r.Name)
				}
			}
		})
	}
}
