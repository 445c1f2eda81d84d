package contracts

import "github.com/etlgen/etlgen/diag"

// RuleMarker starts a marker line that declares a cross-field rule of the
// contract on the same type:
//
//	// +etl:rule name=end_after_start field=session_end "session_end >= session_start"
const RuleMarker = "+etl:rule"

// Rule is a cross-field rule of a contract: a boolean expression over its
// fields (docs/validation.md, Cross-field rules). A payload whose fields
// pass their checks is rejected with ReasonRuleViolated when the
// expression is FALSE or an arithmetic error occurs in it; a NULL
// expression (an absent optional field) passes, as an SQL CHECK
// constraint does.
type Rule struct {
	// Name identifies the rule (snake_case); the rejection's reason names it.
	Name string `json:"name"`
	// Field is the dotted path of the field a rejection points at.
	Field string `json:"field"`
	// Expr is the expression as written (grammar in docs/validation.md).
	Expr string `json:"expr"`
	// Description says what the rule means, for catalogs and docs.
	Description string `json:"description,omitempty"`
	// Pos is where the expression is written; not part of the identity.
	Pos diag.Position `json:"-"`
}

// RuleOp is the operation of one node of a rule expression.
type RuleOp string

// The rule operations.
const (
	RuleField     RuleOp = "field"   // a field's value, by Path
	RuleLiteral   RuleOp = "literal" // a constant, by Value
	RuleAnd       RuleOp = "and"     // three-valued AND
	RuleOr        RuleOp = "or"      // three-valued OR
	RuleNot       RuleOp = "not"     // three-valued NOT
	RuleEq        RuleOp = "="       // comparisons: NULL when an operand is NULL
	RuleNe        RuleOp = "<>"
	RuleLt        RuleOp = "<"
	RuleLe        RuleOp = "<="
	RuleGt        RuleOp = ">"
	RuleGe        RuleOp = ">="
	RuleAdd       RuleOp = "+" // arithmetic: NULL when an operand is NULL
	RuleSub       RuleOp = "-"
	RuleMul       RuleOp = "*"
	RuleDiv       RuleOp = "/"         // always float64
	RuleNeg       RuleOp = "neg"       // unary minus
	RuleIsNull    RuleOp = "isnull"    // TRUE when the argument is NULL, never NULL
	RuleIsNotNull RuleOp = "isnotnull" // the opposite
	RuleCoalesce  RuleOp = "coalesce"  // the first argument that is not NULL
)

// RuleNode is one node of a type-checked rule expression (CheckRule). Types
// are those both engines compute in: int64 for any integer (int32 fields
// widen), float64, decimal(p,s) with p at most 38, string, bool, timestamp
// and date.
type RuleNode struct {
	Op RuleOp
	// Type is the node's result type.
	Type Type
	// Operand is the type the operands are converted to before a
	// comparison, arithmetic or coalesce (an integer to decimal(20,0) or
	// float64, a decimal to a wider one); it equals Type for arithmetic.
	Operand Type
	Args    []*RuleNode
	// Path is a RuleField's field names from the top level; Field is its
	// declared type (int32 for an int32 field whose Type is int64).
	Path  []string
	Field Type
	// Value is a RuleLiteral's value: the number's text (minus sign
	// included), the string, true or false.
	Value string
	// Offset is the byte offset of the node in the expression.
	Offset int
}
