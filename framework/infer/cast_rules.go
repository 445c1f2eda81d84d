package infer

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
)

// castRule says whether CAST(from AS to) is offered: "" when both engines
// cast alike (the function corpus, internal/funcverdicts, proves each pair
// against Spark 4.1), else why not.
type castRule struct{ from, to contracts.Kind }

// Why a cast is refused.
const (
	castSparkRefuses = "Spark's ANSI mode has no such cast (DATATYPE_MISMATCH)"
	castDiffers      = "the local engine cannot give Spark's exact answer"
)

// castsRefused lists the casts between scalar kinds that are not offered.
// Spark refuses booleans to dates and timestamps, numbers to dates, dates
// to numbers and booleans, and timestamps to booleans. Text is parsed by
// Spark's own ANSI rules (spaces, signs, exponents, date forms) and a
// double printed by Java's Double.toString: the local engine does not
// mimic them. A decimal read as seconds wraps past bigint microseconds on
// Spark instead of failing.
var castsRefused = func() map[castRule]string {
	out := map[castRule]string{}
	k := func(from contracts.Kind, why string, tos ...contracts.Kind) {
		for _, to := range tos {
			out[castRule{from, to}] = why
		}
	}
	numbers := []contracts.Kind{contracts.KindInt32, contracts.KindInt64, contracts.KindFloat64, contracts.KindDecimal}
	k(contracts.KindBool, castSparkRefuses, contracts.KindTimestamp, contracts.KindDate)
	for _, n := range numbers {
		k(n, castSparkRefuses, contracts.KindDate)
		k(contracts.KindDate, castSparkRefuses, n)
	}
	k(contracts.KindDate, castSparkRefuses, contracts.KindBool)
	k(contracts.KindTimestamp, castSparkRefuses, contracts.KindBool)
	k(contracts.KindString, castDiffers, append(numbers, contracts.KindBool, contracts.KindTimestamp, contracts.KindDate)...)
	k(contracts.KindFloat64, castDiffers, contracts.KindString)
	k(contracts.KindDecimal, castDiffers, contracts.KindTimestamp)
	return out
}()

// castRefusal is the message and hint of a refused cast; "" when offered.
func castRefusal(from, to contracts.Type) (msg, hint string) {
	why, ok := castsRefused[castRule{from.Kind, to.Kind}]
	if !ok {
		return "", ""
	}
	msg = fmt.Sprintf("cast from %s to %s is not offered: %s", typeString(from), typeString(to), why)
	switch {
	case from.Kind == contracts.KindString:
		hint = "declare the field with its type in the contract, so that it is validated and parsed on read"
	case why == castSparkRefuses:
		hint = "convert with a function instead (ToDate for a timestamp's date, a comparison for a boolean)"
	default:
		hint = "cast to another type first (a double to a decimal, then to a string)"
	}
	return msg, hint
}
