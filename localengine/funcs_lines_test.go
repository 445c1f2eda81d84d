package localengine

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// TestCompilerTargetsTheProfileLine: a query's expressions give the
// answers of the Spark line its profile targets (Model.SparkVersion):
// try_parse_json of an unpaired surrogate escape is a value on 4.1 and
// NULL on 4.2 (recorded on both lines in internal/funcverdicts).
func TestCompilerTargetsTheProfileLine(t *testing.T) {
	s := NewSchema([]Column{{Name: "s", Type: contracts.Type{Kind: contracts.KindString}}})
	str := func(v string) *ir.Expr { return lit(v, contracts.KindString) }
	valid := call(string(ir.FuncJSONValid), col("s"))
	get := call(string(ir.FuncJSONGet), col("s"), str("$.a"), str("string"))
	tests := []struct {
		line, doc string
		valid     bool
		get       any
	}{
		{"4.1", `{"a":"\ud800"}`, true, "?"},
		{"4.2", `{"a":"\ud800"}`, false, nil},
		{"4.1", `{"a":"\udc00x"}`, true, "?x"},
		{"4.2", `{"a":"\udc00x"}`, false, nil},
		{"4.2", `{"a":"\ud83d\ude00"}`, true, "😀"}, // a pair is one character on both
		{"", `{"a":"\ud800"}`, true, "?"},          // no line: profile.DefaultSparkLine
	}
	for _, tc := range tests {
		t.Run(tc.line+" "+tc.doc, func(t *testing.T) {
			c := newCompiler(&planner.Model{SparkVersion: tc.line}, nil, "")
			for _, x := range []struct {
				e    *ir.Expr
				want any
			}{{valid, tc.valid}, {get, tc.get}} {
				f, err := c.exprs.compile(x.e, s)
				if err != nil {
					t.Fatal(err)
				}
				if got := f(Row{tc.doc}); got != x.want {
					t.Errorf("%s: got %#v, want %#v", x.e.Name, got, x.want)
				}
			}
		})
	}
}
