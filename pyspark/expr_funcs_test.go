package pyspark_test

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/shopspring/decimal"
)

// TestSQLOfMathAndTimeFuncs: the math and time functions of the DSL print
// as the Spark SQL the live function cases run (TestLiveFuncCases).
func TestSQLOfMathAndTimeFuncs(t *testing.T) {
	x, d := etl.NewCol[float64]("x"), etl.NewCol[decimal.Decimal]("d")
	n, i := etl.NewCol[int64]("n"), etl.NewCol[int32]("i")
	ts, day := etl.NewCol[time.Time]("ts"), etl.NewCol[contracts.Date]("day")
	tests := []struct {
		name string
		e    interface{ IR() *ir.Expr }
		want string
	}{
		{"abs", etl.Abs(x), "abs(`x`)"},
		{"negate", etl.Negate(d), "negative(`d`)"},
		{"sign", etl.Sign(n), "signum(`n`)"},
		{"sqrt", etl.Sqrt(i), "sqrt(`i`)"},
		{"floor", etl.Floor(x), "floor(`x`)"},
		{"ceil decimal", etl.CeilDecimal(d), "ceil(`d`)"},
		{"round", etl.Round(d, -2), "round(`d`, CAST('-2' AS INT))"},
		{"mod", etl.Mod(n, 7), "mod(`n`, CAST('7' AS BIGINT))"},
		{"pmod decimal", etl.Pmod(d, decimal.RequireFromString("0.5")), "pmod(`d`, CAST('0.5' AS DECIMAL(1,1)))"},
		{"add duration", etl.AddDuration(ts, etl.ParseDuration("90 minutes")), "(`ts` + INTERVAL 90 minutes)"},
		{"sub duration", etl.SubDuration(ts, etl.DurationOf(24*time.Hour)), "(`ts` - INTERVAL 1 day)"},
		{"add negative duration", etl.AddDuration(ts, etl.DurationOf(-time.Microsecond)), "(`ts` - INTERVAL 1 microsecond)"},
		{"date_add", etl.DateAdd(day, i), "date_add(`day`, `i`)"},
		{"datediff of timestamps", etl.DateDiff(ts, day), "datediff(`ts`, `day`)"},
		{"timestampdiff", etl.TimestampDiff("minute", ts, ts), "timestampdiff(MINUTE, `ts`, `ts`)"},
		{"timestampdiff in months (refused by infer)", etl.TimestampDiff("Month", ts, ts), "timestampdiff(MONTH, `ts`, `ts`)"},
		{"timestampdiff of no unit", etl.TimestampDiff("1 day) --", ts, ts), "timestampdiff('1 day) --', `ts`, `ts`)"},
		{"unix_millis", etl.UnixMillis(ts), "unix_millis(`ts`)"},
		{"timestamp_seconds", etl.TimestampSeconds(n), "timestamp_seconds(`n`)"},
		{"weekofyear", etl.WeekOfYear(day), "weekofyear(`day`)"},
		{"last_day", etl.LastDay(ts), "last_day(`ts`)"},
		{"try_to_timestamp", etl.TryToTimestamp(etl.NewCol[string]("s"), "yyyyMMdd"), "try_to_timestamp(`s`, 'yyyyMMdd')"},
		{"date_format", etl.DateFormat(day, "yyyy-MM-dd'T'HH"), "date_format(`day`, 'yyyy-MM-dd\\'T\\'HH')"},
	}
	for _, tt := range tests {
		if got := pyspark.SQLExpr(tt.e.IR()); got != tt.want {
			t.Errorf("%s: SQLExpr = %s, want %s", tt.name, got, tt.want)
		}
	}
}
