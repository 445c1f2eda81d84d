package contracts_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// TestReasonCodesComplete keeps ReasonCodes in step with the constants of
// reasons.go.
func TestReasonCodesComplete(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "reasons.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []contracts.ReasonCode
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
			if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				declared = append(declared, contracts.ReasonCode(s))
			}
		}
		return true
	})
	got := contracts.ReasonCodes()
	slices.Sort(declared)
	slices.Sort(got)
	if !slices.Equal(declared, got) || len(got) == 0 {
		t.Fatalf("ReasonCodes() = %v, reasons.go declares %v", got, declared)
	}
	if contracts.ReasonCode("NOPE").Known() || !contracts.ReasonBadEnum.Known() {
		t.Fatal("Known() is wrong")
	}
}

// TestEveryReasonCodeTested checks that the case tables reach every code.
func TestEveryReasonCodeTested(t *testing.T) {
	seen := map[contracts.ReasonCode]bool{contracts.ReasonPayloadTooLarge: true} // TestValidateOptions
	for _, tc := range orderCases {
		seen[tc.want.code] = true
	}
	for _, tc := range shipCases {
		seen[tc.want.code] = true
	}
	for _, tc := range ruleCases {
		seen[tc.want.code] = true
	}
	for _, c := range contracts.ReasonCodes() {
		if !seen[c] {
			t.Errorf("no test case expects %s", c)
		}
	}
}

func TestRejectionError(t *testing.T) {
	tests := []struct {
		rej  contracts.Rejection
		want string
	}{
		{contracts.Rejection{ReasonCode: contracts.ReasonMalformedJSON, Reason: "bad"}, "MALFORMED_JSON: bad"},
		{contracts.Rejection{ReasonCode: contracts.ReasonBadEnum, Reason: "bad", FieldPath: "status"}, "BAD_ENUM status: bad"},
	}
	for _, tc := range tests {
		if got := tc.rej.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}
