package pyspark_test

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

var hostile = []string{
	"", "plain", `"`, `\`, `\"`, "'", `'''`, `"""`, "a\nb", "a\r\nb", "tab\there", "nul\x00byte",
	"bell\x07", "del\x7f", "é ü ß", "日本語", "emoji 🎉", "bad \xff utf8", "{{ .X }}", "%s %d", "${env:X}",
	"\u2028line sep", "back`tick", "`", "a.b", "--comment", "/* c */", "x'); DROP TABLE t; --",
}

func TestPyStringIsOneASCIILine(t *testing.T) {
	for _, s := range hostile {
		got := pyspark.PyString(s)
		if !strings.HasPrefix(got, `"`) || !strings.HasSuffix(got, `"`) {
			t.Errorf("PyString(%q) = %s: not double-quoted", s, got)
		}
		for _, r := range got {
			if r < 0x20 || r > 0x7e {
				t.Errorf("PyString(%q) = %q: holds %U", s, got, r)
			}
		}
	}
}

// TestPyStringRoundTrip evaluates the literals with Python and compares
// the values (invalid UTF-8 becomes U+FFFD, as in SQL literals).
func TestPyStringRoundTrip(t *testing.T) {
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	lits := make([]string, len(hostile))
	for i, s := range hostile {
		lits[i] = pyspark.PyString(s)
	}
	script := "import json, sys\nvals = [" + strings.Join(lits, ", ") + "]\nsys.stdout.write(json.dumps(vals))\n"
	out, err := exec.Command(py, "-c", script).Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	for i, s := range hostile {
		want := strings.ToValidUTF8(s, "\uFFFD")
		if got[i] != want {
			t.Errorf("python read %s as %q, want %q", lits[i], got[i], want)
		}
	}
}

func TestSQLExprQuotes(t *testing.T) {
	str := &contracts.Type{Kind: contracts.KindString}
	tests := []struct {
		e    *ir.Expr
		want string
	}{
		{&ir.Expr{Kind: ir.ExprColumn, Name: "a`b"}, "`a``b`"},
		{&ir.Expr{Kind: ir.ExprColumn, Name: "select"}, "`select`"},
		{&ir.Expr{Kind: ir.ExprLiteral, Value: `it's \ "x"`, Type: str}, `'it\'s \\ "x"'`},
		{&ir.Expr{Kind: ir.ExprLiteral, Value: "a\nb\x00", Type: str}, `'a\u000Ab\u0000'`},
		{&ir.Expr{Kind: ir.ExprLiteral, Value: "x'); DROP TABLE t; --", Type: str}, `'x\'); DROP TABLE t; --'`},
		{&ir.Expr{Kind: ir.ExprCall, Name: "=", Args: []*ir.Expr{
			{Kind: ir.ExprColumn, Name: "status"}, {Kind: ir.ExprLiteral, Value: "paid", Type: str}}}, "(`status` = 'paid')"},
		{&ir.Expr{Kind: ir.ExprCall, Name: "!=", Args: []*ir.Expr{
			{Kind: ir.ExprColumn, Name: "a"}, {Kind: ir.ExprLiteral, Value: "1", Type: &contracts.Type{Kind: contracts.KindInt64}}}}, "(`a` <> CAST('1' AS BIGINT))"},
		{&ir.Expr{Kind: ir.ExprCall, Name: "isnull", Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "x y"}}}, "(`x y` IS NULL)"},
		{&ir.Expr{Kind: ir.ExprAgg, Name: "count", Distinct: true, Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "id"}}}, "count(DISTINCT `id`)"},
		{&ir.Expr{Kind: ir.ExprCast, Type: &contracts.Type{Kind: contracts.KindDecimal, Precision: 18, Scale: 2},
			Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "t"}}}, "CAST(`t` AS DECIMAL(18,2))"},
		{&ir.Expr{Kind: ir.ExprCase, Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "c"},
			{Kind: ir.ExprLiteral, Value: "y", Type: str}, {Kind: ir.ExprLiteral, Value: "n", Type: str}}}, "CASE WHEN `c` THEN 'y' ELSE 'n' END"},
	}
	for _, tt := range tests {
		if got := pyspark.SQLExpr(tt.e); got != tt.want {
			t.Errorf("SQLExpr = %s, want %s", got, tt.want)
		}
	}
}

func TestSQLTable(t *testing.T) {
	if got, want := pyspark.SQLTable("curated.customer_order_windows", ""), "`curated`.`customer_order_windows`"; got != want {
		t.Errorf("SQLTable = %s, want %s", got, want)
	}
	if got, want := pyspark.SQLTable("", "s3a://b/p`q"), "delta.`s3a://b/p``q`"; got != want {
		t.Errorf("SQLTable = %s, want %s", got, want)
	}
}

func TestIntervalAndPyName(t *testing.T) {
	for d, want := range map[ir.Duration]string{"15m0s": "15 minutes", "1h0m0s": "1 hour", "90s": "90 seconds",
		"-10m0s": "-10 minutes", "250ms": "250 milliseconds", "48h0m0s": "2 days", "": "0 seconds"} {
		if got := pyspark.Interval(d); got != want {
			t.Errorf("Interval(%s) = %s, want %s", d, got, want)
		}
	}
	for in, want := range map[string]string{"customer-order-streaming": "customer_order_streaming", "1x": "_1x", "a.b c": "a_b_c", "": "_"} {
		if got := pyspark.PyName(in); got != want {
			t.Errorf("PyName(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestPyDocRoundTrip evaluates each text as a docstring with Python: the
// docstring holds the text exactly (invalid UTF-8 as U+FFFD), and the
// module around it is intact.
func TestPyDocRoundTrip(t *testing.T) {
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	texts := append(append([]string(nil), hostile...), `ends with "`, `"`, `""`, "\u2029\u0085\ufeff\u202e", `\`)
	var b strings.Builder
	b.WriteString("import json, sys\nvals = []\n")
	for i, s := range texts {
		fmt.Fprintf(&b, "def f%d():\n    \"\"\"%s\"\"\"\nvals.append(f%d.__doc__)\n", i, pyspark.PyDoc(s), i)
	}
	b.WriteString("sys.stdout.write(json.dumps(vals))\n")
	out, err := exec.Command(py, "-c", b.String()).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		if want := strings.ToValidUTF8(s, "\uFFFD"); got[i] != want {
			t.Errorf("docstring of %q read back as %q", s, got[i])
		}
	}
}

// TestPyCommentIsOneLine: no character Python (or an editor) takes as a
// line break, and no NUL, survives in a comment.
func TestPyCommentIsOneLine(t *testing.T) {
	for _, s := range append(hostile, "\f\v\x1c\x1d\x1e\u0085\u2028\u2029") {
		got := pyspark.PyComment(s)
		if strings.ContainsAny(got, "\n\r\f\v\x00\x1c\x1d\x1e\u0085\u2028\u2029") {
			t.Errorf("PyComment(%q) = %q keeps a line break or NUL", s, got)
		}
	}
	if got, want := pyspark.PyComment("a\nb \\ é \"q\""), `a\nb \\ é "q"`; got != want {
		t.Errorf("PyComment = %s, want %s", got, want)
	}
}

// TestPyNameAvoidsKeywords: a keyword gets a '_' suffix.
func TestPyNameAvoidsKeywords(t *testing.T) {
	for in, want := range map[string]string{"lambda": "lambda_", "None": "None_", "class": "class_", "match": "match", "spark": "spark"} {
		if got := pyspark.PyName(in); got != want {
			t.Errorf("PyName(%q) = %s, want %s", in, got, want)
		}
	}
}
