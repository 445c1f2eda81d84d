package pyspark_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/pyspark"
)

// TestSQLExprTextFunctions: the text and URL functions render as the
// Spark SQL built-ins of the same meaning (the try_ forms for parse_url and
// url_decode), literals quoted for Spark's string syntax.
func TestSQLExprTextFunctions(t *testing.T) {
	s, n := etl.NewCol[string]("s"), etl.NewCol[int64]("n")
	for _, tc := range []struct {
		got  interface{ IR() *ir.Expr }
		want string
	}{
		{etl.In(s, "a", "it's"), "(`s` IN ('a', 'it\\'s'))"},
		{etl.In(n, 1), "(`n` IN (CAST('1' AS BIGINT)))"},
		{etl.Like(s, `50\%_`), "(`s` LIKE '50\\\\%_')"},
		{etl.StartsWith(s, "x"), "startswith(`s`, 'x')"},
		{etl.NullIf(s, etl.Lit("")), "nullif(`s`, '')"},
		{etl.Greatest(n, n, etl.Lit[int64](0)), "greatest(`n`, `n`, CAST('0' AS BIGINT))"},
		{etl.SplitPart(s, ",", -1), "split_part(`s`, ',', CAST('-1' AS INT))"},
		{etl.Lpad(s, 5, "0"), "lpad(`s`, CAST('5' AS INT), '0')"},
		{etl.LeftChars(s, 2), "left(`s`, CAST('2' AS INT))"},
		{etl.Locate("x", s, 1), "locate('x', `s`, CAST('1' AS INT))"},
		{etl.ConcatWS("\n", s), "concat_ws('\\u000A', `s`)"},
		{etl.ParseURL(s, etl.URLHost), "try_parse_url(`s`, 'HOST')"},
		{etl.ParseURLQuery(s, "utm_source"), "try_parse_url(`s`, 'QUERY', 'utm_source')"},
		{etl.URLDecode(s), "try_url_decode(`s`)"},
		{etl.URLEncode(s), "url_encode(`s`)"},
		{etl.RLike(s, `^\d+\z`), "rlike(`s`, '^\\\\d+\\\\z')"},
		{etl.RegexpExtract(s, `(a)`, 1), "regexp_extract(`s`, '(a)', CAST('1' AS INT))"},
	} {
		if got := pyspark.SQLExpr(tc.got.IR()); got != tc.want {
			t.Errorf("SQLExpr = %s, want %s", got, tc.want)
		}
	}
}
