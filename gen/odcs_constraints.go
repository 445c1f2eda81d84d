package gen

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// constraintRule maps one validator constraint onto an ODCS property.
type constraintRule func(p *ODCSProperty, args []string)

// constraintRules is the mapping table, by validator tag, of the constraints
// that are not bounds (bounds map through boundRule, by their comparison in
// contracts' vocabulary). Every kind of contracts.ConstraintKinds is here
// or a bound (TestEveryConstraintKindMaps); a kind added to contracts but
// not here becomes a text quality rule, so nothing is silently dropped.
var constraintRules = map[contracts.ConstraintKind]constraintRule{
	contracts.ConstraintOneOf:      oneOf,
	contracts.ConstraintRequired:   nonEmpty,
	contracts.ConstraintEmail:      formatRule("email"),
	contracts.ConstraintUUID:       formatRule("uuid"),
	contracts.ConstraintURL:        formatRule("uri"),
	contracts.ConstraintAlpha:      pattern(func([]string) string { return `^[A-Za-z]+$` }),
	contracts.ConstraintAlphaNum:   pattern(func([]string) string { return `^[A-Za-z0-9]+$` }),
	contracts.ConstraintNumeric:    pattern(func([]string) string { return `^[-+]?[0-9]+(?:\.[0-9]+)?$` }),
	contracts.ConstraintStartsWith: pattern(func(a []string) string { return "^" + regexp.QuoteMeta(strings.Join(a, " ")) }),
	contracts.ConstraintEndsWith:   pattern(func(a []string) string { return regexp.QuoteMeta(strings.Join(a, " ")) + "$" }),
	contracts.ConstraintContains:   pattern(func(a []string) string { return regexp.QuoteMeta(strings.Join(a, " ")) }),
	contracts.ConstraintLowercase:  caseRule("lower"),
	contracts.ConstraintUppercase:  caseRule("upper"),
	contracts.ConstraintOmitEmpty:  func(*ODCSProperty, []string) {}, // checks nothing: optionality is required's
	contracts.ConstraintPattern:    patternRule,
}

// applyConstraints maps every constraint of f onto p, in tag order.
func applyConstraints(p *ODCSProperty, f contracts.Field) {
	for _, c := range f.Constraints {
		rule, ok := constraintRules[c.Kind]
		switch {
		case c.Kind.IsBound():
			boundRule(p, f.Type.Kind, c)
		case ok:
			rule(p, c.Args)
		default:
			textRule(p, c)
		}
	}
}

// options returns p's options, creating them.
func options(p *ODCSProperty) *ODCSOptions {
	if p.LogicalTypeOptions == nil {
		p.LogicalTypeOptions = &ODCSOptions{}
	}
	return p.LogicalTypeOptions
}

// boundRule maps a bound on a field of kind k: a numeric bound, a string
// length bound or an array size bound; nothing where it does not apply.
func boundRule(p *ODCSProperty, k contracts.Kind, c contracts.Constraint) {
	if len(c.Args) != 1 || !c.Kind.AppliesTo(k) {
		return
	}
	if !c.Kind.IsLengthBound(k) {
		o, v := options(p), numScalar(c.Args[0])
		numberBound(c.Kind, &v, &o.Minimum, &o.ExclusiveMinimum, &o.Maximum, &o.ExclusiveMaximum)
		return
	}
	n, err := strconv.Atoi(c.Args[0])
	if err != nil {
		return
	}
	setMin, setMax := setMinLen, setMaxLen
	if k == contracts.KindArray {
		setMin, setMax = setMinItems, setMaxItems
	}
	if !c.Kind.UpperBound() { // min, len
		setMin(options(p), n)
	}
	if !c.Kind.LowerBound() { // max, len
		setMax(options(p), n)
	}
}

// numberBound stores v in the slot a bound on a number names: the
// inclusive or exclusive minimum or maximum (JSON Schema's keywords, which
// ODCS shares).
func numberBound[T any](k contracts.ConstraintKind, v T, minimum, exclMinimum, maximum, exclMaximum *T) {
	switch {
	case k.LowerBound() && k.Strict():
		*exclMinimum = v
	case k.LowerBound():
		*minimum = v
	case k.Strict():
		*exclMaximum = v
	default:
		*maximum = v
	}
}

func setMinLen(o *ODCSOptions, n int)   { o.MinLength = &n }
func setMaxLen(o *ODCSOptions, n int)   { o.MaxLength = &n }
func setMinItems(o *ODCSOptions, n int) { o.MinItems = &n }
func setMaxItems(o *ODCSOptions, n int) { o.MaxItems = &n }

// oneOf is a library rule: no value outside the listed ones.
func oneOf(p *ODCSProperty, args []string) {
	zero := numScalar("0")
	p.Quality = append(p.Quality, ODCSQuality{
		Type:             "library",
		Metric:           "invalidValues",
		Description:      "value is one of the listed values",
		Dimension:        "conformity",
		Arguments:        &ODCSArguments{ValidValues: append([]string(nil), args...)},
		MustBe:           &zero,
		CustomProperties: []ODCSCustom{{Property: "reasonCode", Value: string(contracts.ReasonBadEnum)}},
	})
}

// nonEmpty is validator's required on a string: "" is missing.
func nonEmpty(p *ODCSProperty, _ []string) {
	if p.LogicalType != "string" {
		return
	}
	zero := numScalar("0")
	p.Quality = append(p.Quality, ODCSQuality{
		Type:             "library",
		Metric:           "missingValues",
		Description:      "value is not empty",
		Dimension:        "completeness",
		Arguments:        &ODCSArguments{MissingValues: []string{""}},
		MustBe:           &zero,
		CustomProperties: []ODCSCustom{{Property: "reasonCode", Value: string(contracts.ReasonMissingRequired)}},
	})
}

// formatRule sets the string format.
func formatRule(name string) constraintRule {
	return func(p *ODCSProperty, _ []string) {
		if p.LogicalType == "string" {
			options(p).Format = name
		}
	}
}

// pattern sets the string pattern; a second pattern becomes a text rule, as
// ODCS has room for one.
func pattern(re func([]string) string) constraintRule {
	return func(p *ODCSProperty, args []string) {
		if p.LogicalType != "string" {
			return
		}
		o := options(p)
		if o.Pattern == "" {
			o.Pattern = re(args)
			return
		}
		p.Quality = append(p.Quality, ODCSQuality{Type: "text", Description: "value matches " + re(args), Dimension: "conformity"})
	}
}

// caseRule is an SQL rule for lowercase and uppercase: no value differs
// from its lower (upper) case, in Spark SQL (Unicode case mapping, as the
// validation's predicate), with ODCS's ${object} and ${property}
// placeholders.
func caseRule(fn string) constraintRule {
	return func(p *ODCSProperty, _ []string) {
		if p.LogicalType != "string" {
			return
		}
		zero := numScalar("0")
		p.Quality = append(p.Quality, ODCSQuality{
			Type:             "sql",
			Description:      "value is " + fn + " case",
			Dimension:        "conformity",
			Query:            "SELECT COUNT(*) FROM ${object} WHERE ${property} <> " + fn + "(${property})",
			MustBe:           &zero,
			CustomProperties: []ODCSCustom{{Property: "reasonCode", Value: string(contracts.ReasonBadFormat)}},
		})
	}
}

// textRule records a constraint ODCS has no structure for.
func textRule(p *ODCSProperty, c contracts.Constraint) {
	tag := string(c.Kind)
	if len(c.Args) > 0 {
		tag += "=" + strings.Join(c.Args, " ")
	}
	p.Quality = append(p.Quality, ODCSQuality{
		Type:             "text",
		Description:      "validate:" + strconv.Quote(tag),
		Dimension:        "conformity",
		CustomProperties: []ODCSCustom{{Property: "validate", Value: tag}},
	})
}
