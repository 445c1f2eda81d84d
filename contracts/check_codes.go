package contracts

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// The diagnostic codes of the contract loader (ETL-C1xx). They are stable:
// never change the meaning of one, only add. docs/diagnostics.md explains each
// with its fix.
const (
	CodePackageLoad         = "ETL-C100" // the Go package cannot be loaded or parsed
	CodeMarkerSyntax        = "ETL-C101" // a +etl: marker line cannot be read
	CodeMarkerUnknownKey    = "ETL-C102" // unknown key in the +etl:contract marker
	CodeMarkerMissing       = "ETL-C103" // id or version missing from the marker
	CodeMarkerBadID         = "ETL-C104" // contract id not kebab case
	CodeMarkerBadVersion    = "ETL-C105" // version not MAJOR.MINOR.PATCH
	CodeMarkerBadStatus     = "ETL-C106" // status not proposed|draft|active|deprecated|retired
	CodeMarkerBadUnknown    = "ETL-C107" // unknown_fields not allow|reject
	CodeMarkerBadMaxPayload = "ETL-C108" // max_payload not a positive integer
	CodeDuplicateContractID = "ETL-C109" // two contracts share an id
	CodeUnsupportedType     = "ETL-C110" // Go type with no contract kind
	CodeMissingJSONName     = "ETL-C111" // field without a json tag name
	CodeEmbeddedField       = "ETL-C112" // embedded struct field
	CodeTagSyntax           = "ETL-C113" // struct tag, contract tag or validate tag syntax
	CodeUnknownContractKey  = "ETL-C114" // unknown key in the contract tag
	CodeUnsupportedValidate = "ETL-C115" // validate tag outside the supported vocabulary
	CodeBadArgument         = "ETL-C116" // bad or missing constraint/key argument
	CodeNotApplicable       = "ETL-C117" // constraint does not apply to the field's type
	CodeContradiction       = "ETL-C118" // constraints no value can satisfy
	CodeDuplicateColumn     = "ETL-C119" // two fields share a column name
	CodeDecimalMissing      = "ETL-C120" // decimal field without decimal(p,s)
	CodeDecimalInvalid      = "ETL-C121" // decimal(p,s) with bad precision or scale
	CodeDecimalNotDecimal   = "ETL-C122" // decimal(p,s) on a non-decimal field
	CodeEventTimeDuplicate  = "ETL-C123" // more than one event-time field
	CodeEventTimeType       = "ETL-C124" // event-time field not a required timestamp
	CodePrimaryKeyOptional  = "ETL-C125" // primary key on an optional (pointer) field
	CodePrimaryKeyPositions = "ETL-C126" // duplicate or missing primary key positions
	CodeUnresolvedType      = "ETL-C127" // field type does not compile
	CodeBadClassification   = "ETL-C128" // unknown classification value
	CodeNestedKey           = "ETL-C129" // pk, unique or eventtime inside a nested struct
	CodeMarkerNotStruct     = "ETL-C130" // +etl:contract on a type that is not a struct
	CodeMissingDescription  = "ETL-C131" // warning: field or contract without a doc comment
	CodeRecursiveType       = "ETL-C132" // struct type that contains itself
	CodeMarkerDuplicate     = "ETL-C133" // more than one +etl:contract marker on a type
	CodeBadExample          = "ETL-C134" // example value that does not fit the field type
	CodeMarkerBadCatalog    = "ETL-C135" // freshness, retention, support or contact marker value malformed
	CodeBadPattern          = "ETL-C136" // pattern= regular expression outside the Java/RE2 subset
	CodeRuleMarker          = "ETL-C140" // +etl:rule marker malformed: keys, name, expression string
	CodeRuleSyntax          = "ETL-C141" // rule expression does not parse
	CodeRuleUnknownField    = "ETL-C142" // rule names a field the contract does not have
	CodeRuleType            = "ETL-C143" // rule operator or function on the wrong type, or not boolean
	CodeRuleIncomparable    = "ETL-C144" // rule compares values of incomparable types
	CodeRuleEngines         = "ETL-C145" // rule arithmetic the engines would compute differently
)

// tagProblem is a diagnostic before it has a position and a path: the tag and
// marker parsers report tagProblems, the builders place them.
type tagProblem struct {
	Code    string
	Message string
	Hint    string
}

// tagProblems collects problems in order.
type tagProblems []tagProblem

func (ps *tagProblems) add(code, hint, format string, args ...any) {
	*ps = append(*ps, tagProblem{Code: code, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// place turns problems into error diagnostics at pos with the given path.
func (ps tagProblems) place(l *diag.List, pos diag.Position, path string) {
	for _, p := range ps {
		l.Add(diag.Diagnostic{Code: p.Code, Severity: diag.Error, Pos: pos, Path: path, Message: p.Message, Hint: p.Hint})
	}
}
