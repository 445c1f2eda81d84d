package pyspark

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// TestRuleColumn: a rejected row's rule is the name of the cross-field
// rule whose reason (violated, or not evaluable) it has, NULL for any
// other reason, as the local engine writes it.
func TestRuleColumn(t *testing.T) {
	r := contracts.Rule{Name: "end_after_start", Field: "end", Expr: "end >= start"}
	for _, tc := range []struct {
		name  string
		rules []contracts.Rule
		want  string
	}{
		{"no rules", nil, "CAST(NULL AS STRING)"},
		{"one rule", []contracts.Rule{r}, "CASE _etl_reason_code WHEN 'RULE_VIOLATED' THEN CASE _etl_reason" +
			" WHEN " + SQLString(contracts.RuleReason(r)) + " THEN 'end_after_start'" +
			" WHEN " + SQLString(contracts.RuleErrorReason(r)) + " THEN 'end_after_start' END END"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ruleColumn(&contracts.Contract{Rules: tc.rules}); got != tc.want {
				t.Errorf("ruleColumn = %s\nwant %s", got, tc.want)
			}
		})
	}
}
