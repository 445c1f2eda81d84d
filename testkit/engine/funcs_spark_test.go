package engine

import (
	"strconv"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir/funccases"
	"github.com/shopspring/decimal"
)

// TestFuncsMatchSpark41 evaluates the function cases on the local engine
// and compares with the answers Spark 4.1.1 gave (framework/ir/funccases;
// the cases Spark answers with an error are refused by package infer and
// never reach the engine).
func TestFuncsMatchSpark41(t *testing.T) {
	cases, err := funccases.Spark41()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Error != "" {
			continue
		}
		t.Run(c.Name(), func(t *testing.T) {
			e, err := c.Expr()
			if err != nil {
				t.Fatal(err)
			}
			f, err := compileExpr(e, NewSchema(nil))
			if err != nil {
				t.Fatal(err)
			}
			typ, err := funccases.ParseType(c.Type)
			if err != nil {
				t.Fatal(err)
			}
			if got := f(nil); !sameAnswer(typ.Kind, got, c.Want) {
				t.Errorf("got %#v (%T), Spark 4.1.1 gave %s %s", got, got, c.Type, c.Want)
			}
		})
	}
}

// sameAnswer compares an engine value with Spark's answer's text, by the
// answer's type: integers of the same width, the rest as funccases.Same.
func sameAnswer(k contracts.Kind, got any, want string) bool {
	switch x := got.(type) {
	case int32:
		return k == contracts.KindInt32 && strconv.FormatInt(int64(x), 10) == want
	case int64:
		return k == contracts.KindInt64 && strconv.FormatInt(x, 10) == want
	case float64:
		return k == contracts.KindFloat64 && funccases.Same(k, strconv.FormatFloat(x, 'g', -1, 64), want)
	case decimal.Decimal:
		return k == contracts.KindDecimal && funccases.Same(k, x.String(), want)
	case contracts.Date:
		return k == contracts.KindDate && x.String() == want
	case time.Time:
		return k == contracts.KindTimestamp && funccases.Same(k, x.UTC().Format(time.RFC3339Nano), want)
	}
	return false
}
