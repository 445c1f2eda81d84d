package etl_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
)

// irText renders an expression compactly: name(args), literals as
// value:kind.
func irText(e *ir.Expr) string {
	switch e.Kind {
	case ir.ExprColumn:
		return e.Name
	case ir.ExprLiteral:
		return e.Value + ":" + string(e.Type.Kind)
	}
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		args[i] = irText(a)
	}
	return e.Name + "(" + strings.Join(args, ", ") + ")"
}

// TestTextFunctionsIR: each text and URL function builds the call of its
// Spark function, Go values as typed literals.
func TestTextFunctionsIR(t *testing.T) {
	s, n := etl.NewCol[string]("s"), etl.NewCol[int64]("n")
	for _, tc := range []struct {
		got  interface{ IR() *ir.Expr }
		want string
	}{
		{etl.In(s, "a", "b"), "in(s, a:string, b:string)"},
		{etl.In(n, 1, 2), "in(n, 1:int64, 2:int64)"},
		{etl.Like(s, `a\%_`), `like(s, a\%_:string)`},
		{etl.StartsWith(s, "x"), "startswith(s, x:string)"},
		{etl.EndsWith(s, "x"), "endswith(s, x:string)"},
		{etl.Contains(s, "x"), "contains(s, x:string)"},
		{etl.NullIf(n, etl.Lit[int64](0)), "nullif(n, 0:int64)"},
		{etl.Greatest(n, etl.Lit[int64](0), n), "greatest(n, 0:int64, n)"},
		{etl.Least(s, s), "least(s, s)"},
		{etl.Replace(s, "a", "b"), "replace(s, a:string, b:string)"},
		{etl.SplitPart(s, ",", -1), "split_part(s, ,:string, -1:int32)"},
		{etl.Lpad(s, 5, "0"), "lpad(s, 5:int32, 0:string)"},
		{etl.Rpad(s, 5, "0"), "rpad(s, 5:int32, 0:string)"},
		{etl.Ltrim(s), "ltrim(s)"},
		{etl.Rtrim(s), "rtrim(s)"},
		{etl.LeftChars(s, 2), "left(s, 2:int32)"},
		{etl.RightChars(s, 2), "right(s, 2:int32)"},
		{etl.Instr(s, "x"), "instr(s, x:string)"},
		{etl.Locate("x", s, 3), "locate(x:string, s, 3:int32)"},
		{etl.Reverse(s), "reverse(s)"},
		{etl.InitCap(s), "initcap(s)"},
		{etl.Repeat(s, 3), "repeat(s, 3:int32)"},
		{etl.Translate(s, "ab", "x"), "translate(s, ab:string, x:string)"},
		{etl.ConcatWS("-", s, s), "concat_ws(-:string, s, s)"},
		{etl.OctetLength(s), "octet_length(s)"},
		{etl.ParseURL(s, etl.URLHost), "try_parse_url(s, HOST:string)"},
		{etl.ParseURLQuery(s, "utm"), "try_parse_url(s, QUERY:string, utm:string)"},
		{etl.URLEncode(s), "url_encode(s)"},
		{etl.URLDecode(s), "try_url_decode(s)"},
		{etl.RLike(s, `^\d+`), `rlike(s, ^\d+:string)`},
		{etl.RegexpExtract(s, `(a)`, 1), "regexp_extract(s, (a):string, 1:int32)"},
		{etl.RegexpReplace(s, `a+`, "b"), "regexp_replace(s, a+:string, b:string)"},
		{etl.RegexpCount(s, `a+`), "regexp_count(s, a+:string)"},
		{etl.RegexpSubstr(s, `a+`), "regexp_substr(s, a+:string)"},
	} {
		if got := irText(tc.got.IR()); got != tc.want {
			t.Errorf("got %s, want %s", got, tc.want)
		}
	}
}
