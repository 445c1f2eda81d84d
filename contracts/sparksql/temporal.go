package sparksql

import "fmt"

// timestampPattern is the RFC 3339 profile of docs/validation.md, anchored
// with \z (Java's $ also matches before a final line terminator). Offsets
// are limited to ±HH:MM with minutes 00-59; hours are bounded below.
const timestampPattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,6})?(Z|[+-][0-9]{2}:[0-5][0-9])\z`

// maxOffsetMinutes is ±18:00, the largest offset java.time (and Go
// validation) accept.
const maxOffsetMinutes = 18 * 60

// timestampExpr returns the UTC instant of the string expression s, or NULL
// when s is not a valid timestamp: the pattern, year not 0000, offset at
// most 18:00, a real local date-time, and an instant in 0001-9999 UTC. The
// string carries its offset (the pattern requires Z or ±HH:MM), so the
// instant does not depend on the session time zone. Every step is a try_
// function or a CASE guard, so nothing throws under ANSI mode.
func timestampExpr(s string) string {
	return timestampFrom(s, offsetExpr(s), instantExpr(s))
}

// offsetExpr is the UTC offset of a timestamp string in minutes, NULL when
// the string does not match the pattern.
func offsetExpr(s string) string {
	return fmt.Sprintf("CASE WHEN %s RLIKE %s THEN\n"+
		"  CASE WHEN endswith(%s, 'Z') THEN 0\n"+
		"  ELSE (CASE WHEN substr(%s, -6, 1) = '-' THEN -1 ELSE 1 END)\n"+
		"    * (try_cast(substr(%s, -5, 2) AS INT) * 60 + try_cast(substr(%s, -2, 2) AS INT)) END END",
		s, QuoteString(timestampPattern), s, s, s, s)
}

// instantExpr is the instant of a timestamp string by Spark's CAST (its own
// parser, not a datetime pattern: 13 % of the validation's CPU on the
// order example, docs/spark-engine.md "Levers"), NULL when it is not a real
// date-time (month 13, Feb 30, hour 24, second 60: java.time's checks). On
// a string the pattern accepts it reads what the pattern allows (1 to 6
// fraction digits, Z or ±HH:MM) and applies the offset itself; what else
// CAST would accept (a date alone, a space for T, no offset) the pattern
// has rejected, and timestampFrom gives NULL for it.
func instantExpr(s string) string {
	return fmt.Sprintf("try_cast(%s AS TIMESTAMP)", s)
}

// timestampFrom combines the parts: year 0001 or later, offset within
// ±18:00 (offset is NULL when the pattern does not match), instant within
// 0001-9999.
func timestampFrom(s, offset, instant string) string {
	return fmt.Sprintf("CASE WHEN left(%s, 4) <> '0000' AND abs(%s) <= %d\n"+
		"  AND %s BETWEEN TIMESTAMP '0001-01-01 00:00:00Z' AND TIMESTAMP '9999-12-31 23:59:59.999999Z'\n"+
		"  THEN %s END", s, offset, maxOffsetMinutes, instant, instant)
}

// datePattern is YYYY-MM-DD, anchored with \z.
const datePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}\z`

// dateExpr returns the DATE of the string expression s, or NULL when s is
// not YYYY-MM-DD or not a real date in 0001-9999; try_cast to DATE rejects
// month 13 and Feb 30 (java.time LocalDate.of).
func dateExpr(s string) string {
	return fmt.Sprintf("CASE WHEN %s RLIKE %s AND left(%s, 4) <> '0000' THEN try_cast(%s AS DATE) END",
		s, QuoteString(datePattern), s, s)
}
