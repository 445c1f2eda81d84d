package contracts_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/contracts"
)

// ruleRefund is a Go type whose registered contract carries rules, as the
// generated zz_etlgen.go registers it.
type ruleRefund struct {
	OrderTotal  decimal.Decimal  `json:"order_total" contract:"decimal(18,2)"`
	RefundTotal *decimal.Decimal `json:"refund_total" contract:"decimal(18,2)"`
	Start       time.Time        `json:"start"`
	End         *time.Time       `json:"end"`
	Qty         int32            `json:"qty"`
	Per         int64            `json:"per"`
}

func init() {
	c, err := contracts.FromType(reflect.TypeFor[ruleRefund]())
	if err != nil {
		panic(err)
	}
	c.ID, c.Version = "rule-refund", "1.0.0"
	c.Rules = []contracts.Rule{
		{Name: "refund_within_total", Field: "refund_total", Expr: "refund_total <= order_total"},
		{Name: "end_after_start", Field: "end", Expr: "end >= start"},
		{Name: "per_item", Field: "per", Expr: "qty * per >= 0 and per / qty < 100"},
	}
	contracts.MustRegister(reflect.TypeFor[ruleRefund](), c)
}

func refund(changes ...member) string {
	return with([]member{{"order_total", "10"}, {"start", `"2026-07-15T10:00:00Z"`}, {"qty", "1"}, {"per", "1"}}, changes...)
}

// ruleCases cover the rule semantics of docs/validation.md (the Spark
// agreement is proven by contracts/sparksql's cross_rules corpus).
var ruleCases = []struct {
	name    string
	payload string
	want    verdict
}{
	{"valid", refund(), verdict{}},
	{"refund equal to total", refund(m("refund_total", "10.00")), verdict{}},
	{"refund over total", refund(m("refund_total", "10.01")), verdict{contracts.ReasonRuleViolated, "refund_total"}},
	{"refund null passes (SQL CHECK)", refund(m("refund_total", "null")), verdict{}},
	{"field check before rule", refund(m("refund_total", "10.001")), verdict{contracts.ReasonDecimalOverflow, "refund_total"}},
	{"end before start by a microsecond", refund(m("start", `"2026-07-15T10:00:00.000001Z"`), m("end", `"2026-07-15T10:00:00Z"`)),
		verdict{contracts.ReasonRuleViolated, "end"}},
	{"end equal start across offsets", refund(m("end", `"2026-07-15T12:00:00+02:00"`)), verdict{}},
	{"first failing rule wins", refund(m("refund_total", "11"), m("end", `"2026-07-15T09:00:00Z"`)),
		verdict{contracts.ReasonRuleViolated, "refund_total"}},
	{"overflow fails", refund(m("qty", "2"), m("per", "9223372036854775807")), verdict{contracts.ReasonRuleViolated, "per"}},
	{"division by zero fails", refund(m("qty", "0")), verdict{contracts.ReasonRuleViolated, "per"}},
	{"false and error", refund(m("qty", "-1"), m("per", "9223372036854775807")), verdict{contracts.ReasonRuleViolated, "per"}},
}

func TestRules(t *testing.T) {
	v, err := contracts.NewValidator[ruleRefund]()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range ruleCases {
		t.Run(tc.name, func(t *testing.T) {
			_, rej := v.Validate([]byte(tc.payload))
			checkVerdict(t, []byte(tc.payload), rej, tc.want)
		})
	}
}

func TestRuleReasons(t *testing.T) {
	v, err := contracts.NewValidator[ruleRefund]()
	if err != nil {
		t.Fatal(err)
	}
	for payload, want := range map[string]string{
		refund(m("refund_total", "11")): "rule refund_within_total is violated: refund_total <= order_total",
		refund(m("qty", "0")):           "rule per_item cannot be evaluated (integer overflow or division by zero)",
	} {
		if _, rej := v.Validate([]byte(payload)); rej == nil || !strings.HasPrefix(rej.Reason, want) {
			t.Errorf("%s: got %v, want reason %q", payload, rej, want)
		}
	}
}

func TestRuleCompileError(t *testing.T) {
	c := &contracts.Contract{ID: "x", Fields: []contracts.Field{{Name: "a", Type: contracts.Type{Kind: contracts.KindString}}},
		Rules: []contracts.Rule{{Name: "r", Expr: "a > 1"}}}
	if _, err := contracts.NewRecordValidator(c); err == nil || !strings.Contains(err.Error(), "cannot compare") {
		t.Fatalf("NewRecordValidator: %v, want a compile error", err)
	}
}
