package contracts_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

func ptr[T any](v T) *T { return &v }

func TestValidateTypedValues(t *testing.T) {
	raw := ship(m("event", `{"order_id":7,"note":"h\u00e9"}`), m("items", `[{"sku":"AB12","qty":2},{"sku":"CD34","qty":100}]`),
		m("weight", "2.5e2"), m("fragile", "true"), m("count32", "-5"), m("price", "-1.5e1"),
		m("email", `"a@b.co"`), m("rating", "null"), m("seen", `"2026-07-15T13:50:00.5+02:00"`))
	got, rej := contracts.Validate[valShipment]([]byte(raw))
	if rej != nil {
		t.Fatal(rej)
	}
	want := valShipment{
		ID:     "123e4567-e89b-12d3-a456-426614174000",
		Event:  valRef{OrderID: 7, Note: ptr("hé")},
		Items:  []valItem{{"AB12", 2}, {"CD34", 100}},
		Tags:   []string{"a", "b"},
		Weight: 250, Fragile: true, Count32: -5,
		Price:    decimal.New(-1500, -2),
		ShipDate: contracts.Date{Year: 2026, Month: time.July, Day: 15},
		Email:    ptr("a@b.co"), Name: ptr("bob"),
		Seen: ptr(time.Date(2026, 7, 15, 11, 50, 0, 5e8, time.UTC)),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("value (-want +got):\n%s", diff)
	}
	if got.Seen.Location() != time.UTC || got.Price.Exponent() != -2 {
		t.Fatalf("timestamp not UTC or decimal not at scale 2: %v %v", got.Seen, got.Price.Exponent())
	}
}

func TestValidateOrderEventValue(t *testing.T) {
	got, rej := contracts.Validate[valOrderEvent]([]byte(order(m("order_total", "1.999e1"), m("event_time", `"2026-07-15T06:20:00.000001-05:30"`))))
	if rej != nil {
		t.Fatal(rej)
	}
	want := valOrderEvent{EventID: "evt-0001", OrderID: 1001, CustomerID: 42, OrderTotal: decimal.RequireFromString("19.99"),
		Status: "paid", EventTime: time.Date(2026, 7, 15, 11, 50, 0, 1000, time.UTC)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("value (-want +got):\n%s", diff)
	}
}

func TestRecordAccessors(t *testing.T) {
	v, err := contracts.NewRecordValidator(&valShipmentContract)
	if err != nil {
		t.Fatal(err)
	}
	rec, rej := v.Validate([]byte(ship(m("price", "12345e-3"), m("rating", "3"))))
	if rej == nil {
		t.Fatalf("price 12.345 accepted in decimal(5,2)")
	}
	rec, rej = v.Validate([]byte(ship(m("rating", "3"), m("big", "-"))))
	if rej != nil {
		t.Fatal(rej)
	}
	got := rec.Map()
	want := map[string]any{
		"id": "123e4567-e89b-12d3-a456-426614174000", "event": map[string]any{"order_id": int64(7), "note": nil},
		"items": []any{map[string]any{"sku": "AB12", "qty": int32(2)}}, "tags": []any{"a", "b"},
		"weight": 1.5, "fragile": false, "count32": int32(0), "price": decimal.New(1250, -2),
		"ship_date": contracts.Date{Year: 2026, Month: time.July, Day: 15}, "email": nil, "site": nil, "code": nil,
		"name": "bob", "lower": nil, "upper": nil, "num": nil, "prefix": nil, "suffix": nil, "middle": nil,
		"alnum": nil, "ref": nil, "rating": int64(3), "seen": nil,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("record (-want +got):\n%s", diff)
	}
	if r, ok := rec.Get("rating"); !ok || r.Kind() != contracts.KindInt64 || r.Int() != 3 {
		t.Fatalf("Get(rating) = %v, %v", r, ok)
	}
	if e, ok := rec.Get("email"); !ok || !e.IsNull() {
		t.Fatalf("Get(email) = %v, %v", e, ok)
	}
	if rec.Name(0) != "id" || len(rec.Values()) != rec.Len() {
		t.Fatalf("Name(0) = %q, %d values", rec.Name(0), len(rec.Values()))
	}
}

func TestValidateOptions(t *testing.T) {
	at := time.Date(2026, 7, 15, 14, 0, 0, 0, time.FixedZone("X", 7200))
	clock := contracts.WithClock(func() time.Time { return at })
	raw := []byte(order(m("extra", "1")))
	tests := []struct {
		name string
		opts []contracts.Option
		want verdict
	}{
		{"defaults", nil, verdict{}},
		{"limit below size", []contracts.Option{contracts.WithMaxPayloadBytes(len(raw) - 1)}, verdict{code: contracts.ReasonPayloadTooLarge}},
		{"limit at size", []contracts.Option{contracts.WithMaxPayloadBytes(len(raw))}, verdict{}},
		{"zero keeps default", []contracts.Option{contracts.WithMaxPayloadBytes(0)}, verdict{}},
		{"reject unknown", []contracts.Option{contracts.WithUnknownFields(contracts.UnknownReject)}, verdict{contracts.ReasonUnknownField, "extra"}},
		{"allow overrides contract", nil, verdict{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, rej := contracts.Validate[valOrderEvent](raw, append(tc.opts, clock)...)
			checkVerdict(t, raw, rej, tc.want)
			if rej != nil && !rej.ObservedAt.Equal(at) {
				t.Fatalf("ObservedAt = %v, want %v", rej.ObservedAt, at)
			}
		})
	}
	allow := []byte(ship(m("extra", "1")))
	if _, rej := contracts.Validate[valShipment](allow, contracts.WithUnknownFields(contracts.UnknownAllow)); rej != nil {
		t.Fatalf("allow policy did not override the contract: %v", rej)
	}
}

func TestPayloadTooLargeBeforeEverything(t *testing.T) {
	raw := []byte("\xff" + strings.Repeat(" ", contracts.DefaultMaxPayloadBytes))
	_, rej := contracts.Validate[valOrderEvent](raw)
	checkVerdict(t, raw, rej, verdict{code: contracts.ReasonPayloadTooLarge})
}

func TestValidateBatch(t *testing.T) {
	var raws [][]byte
	for i := range 10 {
		p := order(m("order_id", fmt.Sprint(i)))
		raws = append(raws, []byte(p))
	}
	valid, rejected := contracts.ValidateBatch[valOrderEvent](raws)
	if len(valid)+len(rejected) != len(raws) || len(rejected) != 1 {
		t.Fatalf("%d valid + %d rejected, want 9 + 1", len(valid), len(rejected))
	}
	for i, ev := range valid {
		if ev.OrderID != int64(i+1) {
			t.Fatalf("valid[%d].OrderID = %d: order not preserved", i, ev.OrderID)
		}
	}
	if string(rejected[0].RawPayload) != string(raws[0]) || rejected[0].FieldPath != "order_id" {
		t.Fatalf("rejection = %+v", rejected[0])
	}
}

func TestNewRecordValidatorErrors(t *testing.T) {
	tests := []struct {
		name  string
		field contracts.Field
		want  string
	}{
		{"no precision", field("d", kind(contracts.KindDecimal), true), "precision"},
		{"scale above precision", field("d", contracts.Type{Kind: contracts.KindDecimal, Precision: 2, Scale: 3}, true), "precision"},
		{"unknown kind", field("x", kind("map"), true), "unsupported kind"},
		{"array without elem", field("a", kind(contracts.KindArray), true), "element"},
		{"oneof on int", field("i", kind(contracts.KindInt64), true, cons("oneof", "1")), "strings only"},
		{"len on int", field("i", kind(contracts.KindInt64), true, cons("len", "1")), "strings and arrays"},
		{"bad bound", field("i", kind(contracts.KindInt64), true, cons("gt", "x")), "not a number"},
		{"bad length", field("s", kind(contracts.KindString), true, cons("max", "-1")), "not a length"},
		{"gt on bool", field("b", kind(contracts.KindBool), true, cons("gt", "1")), "does not apply"},
		{"unknown tag", field("s", kind(contracts.KindString), true, cons("ip")), "unsupported constraint"},
		{"email on int", field("i", kind(contracts.KindInt32), true, cons("email")), "strings only"},
		{"nested", field("n", contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
			field("x", kind(contracts.KindString), true, cons("gt", "1"))}}, true), "n.x: constraint gt: applies to numbers only"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := contracts.Contract{ID: "bad", Fields: []contracts.Field{tc.field}}
			_, err := contracts.NewRecordValidator(&c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to mention %q", err, tc.want)
			}
		})
	}
	c := valOrderEventContract
	if _, err := contracts.NewRecordValidator(&c, contracts.WithUnknownFields("maybe")); err == nil {
		t.Fatal("unknown-field policy maybe accepted")
	}
}

// valMismatch has a Go field that cannot hold its contract's type.
type valMismatch struct {
	N string `json:"n"`
}

func TestNewValidatorTypeMismatch(t *testing.T) {
	c := contracts.Contract{ID: "val-mismatch", Name: "valMismatch", Fields: []contracts.Field{field("n", kind(contracts.KindInt64), true)}}
	contracts.MustRegister(reflectTypeOf[valMismatch](), c)
	if _, err := contracts.NewValidator[valMismatch](); err == nil || !strings.Contains(err.Error(), "cannot be stored") {
		t.Fatalf("error = %v", err)
	}
}

// valUnregistered has no registered contract: FromType supplies it.
type valUnregistered struct {
	Name  string   `json:"name" validate:"required"`
	Score *int32   `json:"score" validate:"min=1"`
	Tags  []string `json:"tags" validate:"max=2"`
}

func TestValidateFromType(t *testing.T) {
	got, rej := contracts.Validate[valUnregistered]([]byte(`{"name":"a","score":3,"tags":["x"]}`))
	if rej != nil {
		t.Fatal(rej)
	}
	if diff := cmp.Diff(valUnregistered{Name: "a", Score: ptr(int32(3)), Tags: []string{"x"}}, got); diff != "" {
		t.Fatalf("value (-want +got):\n%s", diff)
	}
	raw := []byte(`{"name":"a","score":0,"tags":[]}`)
	_, rej = contracts.Validate[valUnregistered](raw)
	checkVerdict(t, raw, rej, verdict{contracts.ReasonOutOfRange, "score"})
}

func reflectTypeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

func TestValidateConcurrent(t *testing.T) {
	payloads, _ := benchPayloads(200, 7)
	want := make([]*contracts.Rejection, len(payloads))
	vals := make([]valOrderEvent, len(payloads))
	for i, p := range payloads {
		vals[i], want[i] = contracts.Validate[valOrderEvent](p)
	}
	errs := make(chan string, 4)
	for range 4 {
		go func() {
			for i, p := range payloads {
				got, rej := contracts.Validate[valOrderEvent](p)
				if (rej == nil) != (want[i] == nil) || (rej != nil && rej.ReasonCode != want[i].ReasonCode) || !cmp.Equal(got, vals[i]) {
					errs <- fmt.Sprintf("payload %d: concurrent result differs", i)
					return
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if e := <-errs; e != "" {
			t.Fatal(e)
		}
	}
}

func TestRecordValidatorBatchAndString(t *testing.T) {
	v, err := contracts.NewRecordValidator(&valOrderEventContract)
	if err != nil {
		t.Fatal(err)
	}
	raws := [][]byte{[]byte(order()), []byte(`[]`), []byte(order(m("status", `"cancelled"`)))}
	valid, rejected := v.ValidateBatch(raws)
	if len(valid) != 2 || len(rejected) != 1 || rejected[0].ReasonCode != contracts.ReasonNotAnObject {
		t.Fatalf("%d valid, rejections %+v", len(valid), rejected)
	}
	tests := []struct {
		field, want string
	}{
		{"status", "cancelled"}, {"order_id", "1001"}, {"order_total", "19.99"},
		{"event_time", "2026-07-15 11:50:00 +0000 UTC"},
	}
	for _, tc := range tests {
		if got, _ := valid[1].Get(tc.field); got.String() != tc.want {
			t.Errorf("%s = %q, want %q", tc.field, got.String(), tc.want)
		}
	}
	if (contracts.Value{}).String() != "null" {
		t.Errorf("null value renders as %q", contracts.Value{}.String())
	}
}
