package pyspark

import "github.com/etlgen/etlgen/contracts/sparksql"

// ruleView is one row of a contract's rule table in the program: Field
// and Rule name it (Python literals of plain text); Code, Reason, Path and
// Cond are Python literals of Spark SQL: the reason code, the reason and
// the field path of a row that breaks the rule, and the rule's condition
// (TRUE when the row passes, never NULL).
type ruleView struct {
	Field, Rule, Code, Reason, Path, Cond string
}

// ruleTable is the rule table of a compiled contract: one row per check,
// in the order of plan.Checks, whose 1-based index is the verdict stage's
// value (the runtime's rule_check builds the same verdict and lookups as
// plan.VerdictStage and plan.ReasonCodeExpr, ReasonExpr, FieldPathExpr).
func ruleTable(plan *sparksql.Plan) []ruleView {
	out := make([]ruleView, len(plan.Checks))
	for i, c := range plan.Checks {
		out[i] = ruleView{Field: PyString(c.FieldPath), Rule: PyString(c.Rule), Code: PyString(c.CodeSQL),
			Reason: PyString(c.Reason), Path: PyString(c.PathSQL), Cond: PyString(c.SQL)}
	}
	return out
}
