package infer

import (
	"strconv"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// refusal is why a well-typed call is refused: its diagnostic code, a
// message and a hint; a zero refusal accepts the call.
type refusal struct{ code, msg, hint string }

// refusals hold, per function, the check of the arguments that Spark (ANSI
// mode, UTC session) and the local engine would not treat alike, or that
// only one of them could take: such a call is refused, never silently
// different.
var refusals = map[ir.Func]func(args []value) refusal{
	ir.FuncAbs:           refuseWideDecimal,
	ir.FuncNegate:        refuseWideDecimal,
	ir.FuncRound:         refuseRound,
	ir.FuncMod:           refuseRemainder,
	ir.FuncPmod:          refuseRemainder,
	ir.FuncAddInterval:   refuseInterval,
	ir.FuncTimestampDiff: refuseDiffUnit,
	ir.FuncDateFormat:    refusePattern,
	ir.FuncTryToTS:       refusePattern,
}

// refuse checks a typed call's arguments.
func refuse(f ir.Func, args []value) refusal {
	if check, ok := refusals[f]; ok {
		return check(args)
	}
	return refusal{}
}

// differs is an ETL-D229 refusal.
func differs(hint, msg string) refusal {
	return refusal{code: ir.CodeEngineDiffers, msg: msg, hint: hint}
}

// negateDigits is the most digits of a decimal Spark negates exactly:
// abs and negative of a wider one go through Scala's BigDecimal with
// MathContext.DECIMAL128 (34 digits) and round (or overflow).
const negateDigits = 34

// refuseWideDecimal refuses abs and negative of a decimal wider than 34
// digits.
func refuseWideDecimal(args []value) refusal {
	if t := args[0].t; t.Kind == contracts.KindDecimal && t.Precision > negateDigits {
		return differs("cast to a decimal of at most 34 digits first (etl.CastDecimal)",
			"Spark rounds a decimal of more than 34 digits to 34 when it negates it (abs, negative); the local engine does not")
	}
	return refusal{}
}

// refuseRound refuses what may overflow on Spark (an ANSI error): an
// integer rounded left of the point, a decimal whose result precision
// Spark caps at 38.
func refuseRound(args []value) refusal {
	scale, _ := intLiteral(args[1])
	t := args[0].t
	switch t.Kind {
	case contracts.KindInt32, contracts.KindInt64:
		if scale < 0 {
			return differs("round a decimal or a double (etl.Cast) instead",
				"rounding an integer to a negative scale may overflow (an ANSI error on Spark the local engine cannot raise)")
		}
	case contracts.KindDecimal:
		if _, _, capped := roundedDecimal(t, scale); capped {
			return differs("round to a scale of at least -37, or cast to a decimal with fewer integer digits first (etl.CastDecimal)",
				"the rounded decimal needs more than 38 digits and may overflow (an ANSI error on Spark)")
		}
	}
	return refusal{}
}

// refuseRemainder requires a non-zero literal divisor: Spark raises
// REMAINDER_BY_ZERO for a zero one (doubles too), which the local engine
// cannot.
func refuseRemainder(args []value) refusal {
	d := args[1]
	if d.lit == nil {
		return differs("divide by a literal (etl.Mod(x, 7)); filter zero divisors out and use CASE for a column",
			"the divisor is not a literal: a zero divisor is Spark's REMAINDER_BY_ZERO error, which the local engine cannot raise")
	}
	if zeroLiteral(d.lit.Value) {
		return differs("use a non-zero divisor", "the divisor is zero (Spark's REMAINDER_BY_ZERO error)")
	}
	return refusal{}
}

// zeroLiteral reports whether a number literal's text is a zero.
func zeroLiteral(s string) bool {
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f == 0
}

// refuseInterval requires a duration literal in whole microseconds (ETL-D210).
func refuseInterval(args []value) refusal {
	d, err := time.ParseDuration(args[1].lit.Value)
	hint := "write a duration like 15m or \"15 minutes\" (etl.ParseDuration), in whole microseconds"
	switch {
	case err != nil:
		return refusal{code: ir.CodeBadDuration, msg: "duration " + args[1].lit.Value + ": " + err.Error(), hint: hint}
	case d%time.Microsecond != 0:
		return refusal{code: ir.CodeBadDuration, msg: "duration " + d.String() + " is not whole microseconds (Spark's precision)", hint: hint}
	}
	return refusal{}
}

// refuseDiffUnit accepts the fixed-length units.
func refuseDiffUnit(args []value) refusal {
	if _, ok := ir.DiffUnit(args[0].lit.Value); !ok {
		return differs("use MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY or WEEK",
			"unit "+args[0].lit.Value+": only the fixed-length units are offered (Spark's calendar MONTH/QUARTER/YEAR differences are not in the local engine)")
	}
	return refusal{}
}

// refusePattern accepts the date patterns of ir.DatePattern's subset.
func refusePattern(args []value) refusal {
	if _, err := ir.ParseDatePattern(args[1].lit.Value); err != nil {
		return differs(ir.DatePatternHint, "pattern "+strconv.Quote(args[1].lit.Value)+" "+err.Error()+
			" (Spark's other letters depend on the JVM's locale data)")
	}
	return refusal{}
}
