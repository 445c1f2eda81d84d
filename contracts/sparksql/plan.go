package sparksql

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// DefaultPayloadColumn is the raw payload column Compile reads by default.
const DefaultPayloadColumn = "raw_payload"

// DefaultMaxPayloadBytes is the payload size limit when neither the options
// nor the contract set one (docs/validation.md: 1 MiB).
const DefaultMaxPayloadBytes = 1 << 20

// PayloadType is the SQL type of the raw payload column.
type PayloadType string

// The payload column types. BINARY is Kafka's value column; STRING suits a
// text source. Both are read as bytes first (size, UTF-8), then as text.
const (
	PayloadBinary PayloadType = "BINARY"
	PayloadString PayloadType = "STRING"
)

// Options configures Compile. The zero value reads a BINARY column named
// raw_payload with the contract's own limits and policy.
type Options struct {
	// PayloadColumn is the column holding the raw payload; default raw_payload.
	PayloadColumn string
	// PayloadType is BINARY (default) or STRING.
	PayloadType PayloadType
	// MaxPayloadBytes overrides the contract's size limit when positive.
	MaxPayloadBytes int
	// UnknownFields overrides the contract's unknown-field policy when set.
	UnknownFields contracts.UnknownFieldPolicy
}

// Stage is one intermediate column: an alias and its SQL expression. Stages
// are evaluated in order (a stage may read the stages before it), e.g. with
// one selectExpr("*", "<sql> AS <alias>") per stage.
type Stage struct {
	Alias string
	SQL   string
}

// Expr renders the stage as a select expression: <sql> AS `alias`.
func (s Stage) Expr() string { return s.SQL + " AS " + QuoteIdent(s.Alias) }

// Check is one validation rule compiled to Spark SQL. SQL is a boolean
// predicate over the payload column and the plan's stages that is never
// NULL: TRUE when the row passes the rule (or the rule does not apply).
type Check struct {
	// Rule names the rule as the contract states it: "payload size",
	// "payload UTF-8", "payload JSON", "payload object", "required",
	// "type <kind>", a constraint as tagged ("min=1", "oneof=a b"),
	// "elements" (an array's elements), "unknown_fields=reject", or
	// "rule <name>" (a cross-field rule).
	Rule string
	// RuleName is the name of the cross-field rule the check is
	// (contracts.Rule.Name), empty for every other check: a rejected row's
	// rule column.
	RuleName string
	// Code is the reason code of the rule; empty when the code depends on
	// the row (array element checks), then CodeSQL computes it.
	Code contracts.ReasonCode
	// CodeSQL is a SQL string expression of the reason code (a literal when
	// Code is set).
	CodeSQL string
	// FieldPath is the field the rule is about, dotted (items[*].sku for an
	// element check); empty for payload-level rules.
	FieldPath string
	// PathSQL is a SQL string expression of the field path of a failing row.
	PathSQL string
	// Reason is a SQL string expression explaining a failure in English.
	Reason string
	// SQL is the NULL-safe predicate.
	SQL string
}

// Column is one typed output column: its name and the SQL expression that
// computes it from a valid row.
type Column struct {
	Name string
	SQL  string
}

// Plan is a contract compiled to Spark SQL: the stages to add, the checks in
// the order of docs/validation.md (the first failing check is the row's
// reason), and the typed projection of a valid row.
type Plan struct {
	Contract *contracts.Contract
	Options  Options
	// MaxPayloadBytes is the effective size limit.
	MaxPayloadBytes int
	// UnknownFields is the effective unknown-field policy.
	UnknownFields contracts.UnknownFieldPolicy
	Stages        []Stage
	Checks        []Check
	Columns       []Column
}

// Compile compiles contract c to a validation plan. It fails when the
// contract uses a type or constraint this package cannot compile (contracts
// from goload.Load never do).
func Compile(c *contracts.Contract, opts Options) (*Plan, error) {
	p := &Plan{Contract: c, Options: opts}
	if err := p.resolveOptions(); err != nil {
		return nil, fmt.Errorf("compile spark checks for contract %s: %w", c.ID, err)
	}
	cp := &compiler{plan: p}
	cp.payload()
	if err := cp.fields(); err != nil {
		return nil, fmt.Errorf("compile spark checks for contract %s: %w", c.ID, err)
	}
	if p.UnknownFields == contracts.UnknownReject {
		cp.unknown()
	}
	if err := cp.crossRules(); err != nil {
		return nil, fmt.Errorf("compile spark checks for contract %s: %w", c.ID, err)
	}
	return p, nil
}

func (p *Plan) resolveOptions() error {
	if p.Options.PayloadColumn == "" {
		p.Options.PayloadColumn = DefaultPayloadColumn
	}
	switch p.Options.PayloadType {
	case "":
		p.Options.PayloadType = PayloadBinary
	case PayloadBinary, PayloadString:
	default:
		return fmt.Errorf("payload type %q is not BINARY or STRING", p.Options.PayloadType)
	}
	p.MaxPayloadBytes = firstPositive(p.Options.MaxPayloadBytes, p.Contract.MaxPayloadBytes, DefaultMaxPayloadBytes)
	p.UnknownFields = p.Options.UnknownFields
	if p.UnknownFields == "" {
		p.UnknownFields = p.Contract.UnknownFields
	}
	switch p.UnknownFields {
	case "":
		p.UnknownFields = contracts.UnknownAllow
	case contracts.UnknownAllow, contracts.UnknownReject:
	default:
		return fmt.Errorf("unknown-field policy %q is not allow or reject", p.UnknownFields)
	}
	return nil
}

func firstPositive(ns ...int) int {
	for _, n := range ns {
		if n > 0 {
			return n
		}
	}
	return 0
}

// StageExprs returns the stages as select expressions, in order.
func (p *Plan) StageExprs() []string {
	out := make([]string, len(p.Stages))
	for i, s := range p.Stages {
		out[i] = s.Expr()
	}
	return out
}

// RuleColumn is the verdict stage: the 1-based index in Checks of the
// first check a row fails, 0 when it passes every check.
const RuleColumn = "_etl_rule"

// VerdictStage returns the verdict stage, RuleColumn: CASE WHEN NOT (p1)
// THEN 1 WHEN NOT (p2) THEN 2 ... ELSE 0 END, in which each check is
// written and evaluated once, in order, and the first failure ends the
// evaluation. It reads every stage, so it comes after them (StageLevels).
func (p *Plan) VerdictStage() Stage {
	if len(p.Checks) == 0 {
		return Stage{Alias: RuleColumn, SQL: "0"}
	}
	var b strings.Builder
	b.WriteString("CASE")
	for i, c := range p.Checks {
		fmt.Fprintf(&b, "\n  WHEN NOT (%s) THEN %d", c.SQL, i+1)
	}
	b.WriteString("\n  ELSE 0\nEND")
	return Stage{Alias: RuleColumn, SQL: b.String()}
}

// ValidExpr returns the verdict: TRUE for a valid row, FALSE otherwise,
// never NULL. It reads RuleColumn.
func (p *Plan) ValidExpr() string { return QuoteIdent(RuleColumn) + " = 0" }

// ReasonCodeExpr returns the code of the first failing check, looked up by
// RuleColumn: CASE _etl_rule WHEN 1 THEN 'CODE1' ... END, NULL for a valid
// row.
func (p *Plan) ReasonCodeExpr() string {
	return p.lookupExpr(func(c Check) string { return c.CodeSQL })
}

// ReasonExpr returns the reason text of the first failing check, NULL for a
// valid row.
func (p *Plan) ReasonExpr() string {
	return p.lookupExpr(func(c Check) string { return c.Reason })
}

// FieldPathExpr returns the field path of the first failing check (empty
// for payload-level reasons), NULL for a valid row.
func (p *Plan) FieldPathExpr() string {
	return p.lookupExpr(func(c Check) string { return c.PathSQL })
}

// lookupExpr returns value of the check RuleColumn names: a CASE over an
// integer, which evaluates one branch and no predicate.
func (p *Plan) lookupExpr(value func(Check) string) string {
	if len(p.Checks) == 0 {
		return "CAST(NULL AS STRING)"
	}
	var b strings.Builder
	b.WriteString("CASE " + QuoteIdent(RuleColumn))
	for i, c := range p.Checks {
		fmt.Fprintf(&b, "\n  WHEN %d THEN %s", i+1, value(c))
	}
	b.WriteString("\nEND")
	return b.String()
}

// ProjectionExprs returns one select expression per top-level field,
// aliased to its column name and typed as in Schema: the row of the contract
// for a valid payload (timestamps as UTC instants, decimals exact).
func (p *Plan) ProjectionExprs() []string {
	out := make([]string, len(p.Columns))
	for i, c := range p.Columns {
		out[i] = c.SQL + " AS " + QuoteIdent(c.Name)
	}
	return out
}
