package sparksql

import "fmt"

// timestampPattern is the RFC 3339 profile of docs/validation.md, anchored
// with \z (Java's $ also matches before a final line terminator). Offsets
// are limited to ±HH:MM with minutes 00-59; hours are bounded below.
const timestampPattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,6})?(Z|[+-][0-9]{2}:[0-5][0-9])\z`

// timestampFormat parses the local part (offset forced to +00:00): Spark
// accepts 1 to 6 fraction digits for SSSSSS when parsing, and its datetime
// parser is strict (month 13, Feb 30, hour 24, second 60 fail).
const timestampFormat = `yyyy-MM-dd'T'HH:mm:ss[.SSSSSS]XXX`

// maxOffsetMinutes is ±18:00, the largest offset java.time (and Go
// validation) accept.
const maxOffsetMinutes = 18 * 60

// timestampExpr returns the UTC instant of the string expression s, or NULL
// when s is not a valid timestamp: the pattern, year not 0000, offset at
// most 18:00, a real local date-time, and an instant in 0001-9999 UTC. The
// offset is applied with timestampadd so that the result does not depend on
// the session time zone. Every step is a try_ function or a CASE guard, so
// nothing throws under ANSI mode.
func timestampExpr(s string) string {
	return timestampFrom(s, offsetExpr(s), localExpr(s))
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

// localExpr is the local date-time of a timestamp string read as if at UTC,
// NULL when it is not a real date-time.
func localExpr(s string) string {
	local := fmt.Sprintf("left(%s, length(%s) - CASE WHEN endswith(%s, 'Z') THEN 1 ELSE 6 END)", s, s, s)
	return fmt.Sprintf("try_to_timestamp(concat(%s, '+00:00'), %s)", local, QuoteString(timestampFormat))
}

// timestampFrom combines the parts: year 0001 or later, offset within
// ±18:00, local time shifted by the offset, instant within 0001-9999.
func timestampFrom(s, offset, local string) string {
	instant := fmt.Sprintf("timestampadd(MINUTE, 0 - %s, %s)", offset, local)
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
