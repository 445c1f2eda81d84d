package gen

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/regex"
	"github.com/etlgen/etlgen/contracts/sparksql"
)

// patternRule maps pattern=: the authoritative SQL rule (Spark's RLIKE with
// the user's pattern, reason PATTERN_MISMATCH), and the pattern in the
// ECMA-262 syntax ODCS's and JSON Schema's pattern use (regex.Portable: the
// same matches on text within the BMP) as the logical-type option, when
// the property has no pattern yet and ECMA-262 5.1 can spell it.
func patternRule(p *ODCSProperty, args []string) {
	if p.LogicalType != "string" || len(args) != 1 {
		return
	}
	if ecma, err := regex.Portable(args[0]); err == nil && options(p).Pattern == "" {
		options(p).Pattern = ecma
	}
	zero := numScalar("0")
	p.Quality = append(p.Quality, ODCSQuality{
		Type:             "sql",
		Description:      "value matches the pattern " + args[0] + " somewhere (Spark's rlike)",
		Dimension:        "conformity",
		Query:            "SELECT COUNT(*) FROM ${object} WHERE NOT (${property} RLIKE " + sparksql.QuoteString(args[0]) + ")",
		MustBe:           &zero,
		CustomProperties: []ODCSCustom{{Property: "reasonCode", Value: string(contracts.ReasonPatternMismatch)}},
	})
}
