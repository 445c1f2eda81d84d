package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// timeRules type the date and time functions as Spark 4.1 does.
var timeRules = map[ir.Func]rule{
	ir.FuncAddInterval:   addInterval,
	ir.FuncDateAdd:       dateAdd,
	ir.FuncDateDiff:      temporals(2, tInt32),
	ir.FuncTimestampDiff: timestampDiff,
	ir.FuncUnixSeconds:   allOf(contracts.KindTimestamp, tInt64),
	ir.FuncUnixMillis:    allOf(contracts.KindTimestamp, tInt64),
	ir.FuncUnixMicros:    allOf(contracts.KindTimestamp, tInt64),
	ir.FuncTSSeconds:     integerTo(tTimestamp),
	ir.FuncTSMillis:      integerTo(tTimestamp),
	ir.FuncTSMicros:      integerTo(tTimestamp),
	ir.FuncSecond:        allOf(contracts.KindTimestamp, tInt32),
	ir.FuncDayOfWeek:     temporals(1, tInt32),
	ir.FuncDayOfYear:     temporals(1, tInt32),
	ir.FuncWeekOfYear:    temporals(1, tInt32),
	ir.FuncQuarter:       temporals(1, tInt32),
	ir.FuncLastDay:       temporals(1, tDate),
	ir.FuncDateFormat:    dateFormat,
	ir.FuncTryToTS:       tryToTimestamp,
}

// temporal reports whether k is a timestamp or a date.
func temporal(k contracts.Kind) bool {
	return k == contracts.KindTimestamp || k == contracts.KindDate
}

// temporals accepts n timestamps or dates.
func temporals(n int, res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) != n {
			return contracts.Type{}, "needs " + map[int]string{1: "one date", 2: "two dates"}[n]
		}
		for _, a := range args {
			if !temporal(a.t.Kind) {
				return contracts.Type{}, "argument of type " + string(a.t.Kind) + ", want a date or a timestamp"
			}
		}
		return res, ""
	}
}

// integerTo accepts one INT or BIGINT.
func integerTo(res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) != 1 || (args[0].t.Kind != contracts.KindInt32 && args[0].t.Kind != contracts.KindInt64) {
			return contracts.Type{}, "needs one integer"
		}
		return res, ""
	}
}

// addInterval is timestamp + INTERVAL literal.
func addInterval(args []value) (contracts.Type, string) {
	if len(args) != 2 || args[0].t.Kind != contracts.KindTimestamp || args[1].lit == nil || args[1].t.Kind != contracts.KindString {
		return contracts.Type{}, "needs a timestamp and a duration literal"
	}
	return tTimestamp, ""
}

// dateAdd is date_add(date or timestamp, INT days).
func dateAdd(args []value) (contracts.Type, string) {
	if len(args) != 2 || !temporal(args[0].t.Kind) || args[1].t.Kind != contracts.KindInt32 {
		return contracts.Type{}, "needs a date and an INT number of days"
	}
	return tDate, ""
}

// timestampDiff is timestampdiff(unit literal, start, end).
func timestampDiff(args []value) (contracts.Type, string) {
	if len(args) != 3 || args[0].lit == nil || args[0].t.Kind != contracts.KindString ||
		args[1].t.Kind != contracts.KindTimestamp || args[2].t.Kind != contracts.KindTimestamp {
		return contracts.Type{}, "needs a unit literal and two timestamps"
	}
	return tInt64, ""
}

// dateFormat is date_format(date or timestamp, pattern literal).
func dateFormat(args []value) (contracts.Type, string) {
	if len(args) != 2 || !temporal(args[0].t.Kind) || args[1].lit == nil || args[1].t.Kind != contracts.KindString {
		return contracts.Type{}, "needs a date or timestamp and a pattern literal"
	}
	return tString, ""
}

// tryToTimestamp is try_to_timestamp(string, pattern literal).
func tryToTimestamp(args []value) (contracts.Type, string) {
	if len(args) != 2 || args[0].t.Kind != contracts.KindString || args[1].lit == nil || args[1].t.Kind != contracts.KindString {
		return contracts.Type{}, "needs a string and a pattern literal"
	}
	return tTimestamp, ""
}
