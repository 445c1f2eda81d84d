package gen

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// constraintRule maps one validator constraint onto an ODCS property.
type constraintRule func(p *ODCSProperty, args []string)

// constraintRules is the mapping table, by validator tag. A tag missing here
// becomes a text quality rule, so nothing is silently dropped.
var constraintRules = map[string]constraintRule{
	"gt":         bound(func(o *ODCSOptions, v *Scalar) { o.ExclusiveMinimum = v }, nil, nil),
	"gte":        bound(func(o *ODCSOptions, v *Scalar) { o.Minimum = v }, nil, nil),
	"lt":         bound(func(o *ODCSOptions, v *Scalar) { o.ExclusiveMaximum = v }, nil, nil),
	"lte":        bound(func(o *ODCSOptions, v *Scalar) { o.Maximum = v }, nil, nil),
	"min":        bound(func(o *ODCSOptions, v *Scalar) { o.Minimum = v }, setMinLen, setMinItems),
	"max":        bound(func(o *ODCSOptions, v *Scalar) { o.Maximum = v }, setMaxLen, setMaxItems),
	"len":        bound(nil, setLen, setItems),
	"oneof":      oneOf,
	"required":   nonEmpty,
	"email":      formatRule("email"),
	"uuid":       formatRule("uuid"),
	"url":        formatRule("uri"),
	"alpha":      pattern(func([]string) string { return `^[A-Za-z]+$` }),
	"alphanum":   pattern(func([]string) string { return `^[A-Za-z0-9]+$` }),
	"numeric":    pattern(func([]string) string { return `^[-+]?[0-9]+(?:\.[0-9]+)?$` }),
	"startswith": pattern(func(a []string) string { return "^" + regexp.QuoteMeta(strings.Join(a, " ")) }),
	"endswith":   pattern(func(a []string) string { return regexp.QuoteMeta(strings.Join(a, " ")) + "$" }),
	"contains":   pattern(func(a []string) string { return regexp.QuoteMeta(strings.Join(a, " ")) }),
}

// applyConstraints maps every constraint of f onto p, in tag order.
func applyConstraints(p *ODCSProperty, f contracts.Field) {
	for _, c := range f.Constraints {
		if rule, ok := constraintRules[c.Kind]; ok {
			rule(p, c.Args)
			continue
		}
		textRule(p, c)
	}
}

// options returns p's options, creating them.
func options(p *ODCSProperty) *ODCSOptions {
	if p.LogicalTypeOptions == nil {
		p.LogicalTypeOptions = &ODCSOptions{}
	}
	return p.LogicalTypeOptions
}

// bound maps a numeric bound (integer, number), a string length bound and an
// array size bound; a nil setter means the tag does not apply to that type.
func bound(num func(*ODCSOptions, *Scalar), str, arr func(*ODCSOptions, int)) constraintRule {
	return func(p *ODCSProperty, args []string) {
		if len(args) != 1 {
			return
		}
		switch p.LogicalType {
		case "integer", "number":
			if num != nil {
				v := numScalar(args[0])
				num(options(p), &v)
			}
		case "string", "array":
			set := str
			if p.LogicalType == "array" {
				set = arr
			}
			if n, err := strconv.Atoi(args[0]); err == nil && set != nil {
				set(options(p), n)
			}
		}
	}
}

func setMinLen(o *ODCSOptions, n int)   { o.MinLength = &n }
func setMaxLen(o *ODCSOptions, n int)   { o.MaxLength = &n }
func setLen(o *ODCSOptions, n int)      { setMinLen(o, n); setMaxLen(o, n) }
func setMinItems(o *ODCSOptions, n int) { o.MinItems = &n }
func setMaxItems(o *ODCSOptions, n int) { o.MaxItems = &n }
func setItems(o *ODCSOptions, n int)    { setMinItems(o, n); setMaxItems(o, n) }

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

// textRule records a constraint ODCS has no structure for.
func textRule(p *ODCSProperty, c contracts.Constraint) {
	tag := c.Kind
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
