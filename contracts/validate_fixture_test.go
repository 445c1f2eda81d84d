package contracts_test

import (
	"reflect"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// valOrderEvent mirrors examples/order-streaming's OrderEvent (importing the
// example from here would invert the dependency).
type valOrderEvent struct {
	EventID    string          `json:"event_id" validate:"required,max=64"`
	OrderID    int64           `json:"order_id" validate:"gt=0"`
	CustomerID int64           `json:"customer_id" validate:"gt=0"`
	OrderTotal decimal.Decimal `json:"order_total" validate:"gte=0" contract:"decimal(18,2)"`
	Status     string          `json:"status" validate:"oneof=paid cancelled refunded"`
	EventTime  time.Time       `json:"event_time" contract:"eventtime"`
}

func cons(kind contracts.ConstraintKind, args ...string) contracts.Constraint {
	return contracts.Constraint{Kind: kind, Args: args}
}

func field(name string, t contracts.Type, required bool, cs ...contracts.Constraint) contracts.Field {
	return contracts.Field{Name: name, Type: t, Required: required, Constraints: cs}
}

func kind(k contracts.Kind) contracts.Type { return contracts.Type{Kind: k} }

// valOrderEventContract is the OrderEvent contract as the loader builds it.
var valOrderEventContract = contracts.Contract{
	ID: "val-order-event", Version: "1.0.0", Name: "valOrderEvent",
	Package: "github.com/etlgen/etlgen/contracts_test", UnknownFields: contracts.UnknownAllow,
	Fields: []contracts.Field{
		field("event_id", kind(contracts.KindString), true, cons("required"), cons("max", "64")),
		field("order_id", kind(contracts.KindInt64), true, cons("gt", "0")),
		field("customer_id", kind(contracts.KindInt64), true, cons("gt", "0")),
		field("order_total", contracts.Type{Kind: contracts.KindDecimal, Precision: 18, Scale: 2}, true, cons("gte", "0")),
		field("status", kind(contracts.KindString), true, cons("oneof", "paid", "cancelled", "refunded")),
		{Name: "event_time", Type: kind(contracts.KindTimestamp), Required: true, EventTime: true},
	},
}

// valItem and valShipment exercise every kind, nesting, arrays, optional
// fields and every constraint family.
type valItem struct {
	SKU string `json:"sku"`
	Qty int32  `json:"qty"`
}

type valRef struct {
	OrderID int64   `json:"order_id"`
	Note    *string `json:"note"`
}

type valShipment struct {
	ID       string          `json:"id"`
	Event    valRef          `json:"event"`
	Items    []valItem       `json:"items"`
	Tags     []string        `json:"tags"`
	Weight   float64         `json:"weight"`
	Fragile  bool            `json:"fragile"`
	Count32  int32           `json:"count32"`
	Price    decimal.Decimal `json:"price"`
	ShipDate contracts.Date  `json:"ship_date"`
	Email    *string         `json:"email"`
	Site     *string         `json:"site"`
	Code     *string         `json:"code"`
	Name     *string         `json:"name"`
	Lower    *string         `json:"lower"`
	Upper    *string         `json:"upper"`
	Num      *string         `json:"num"`
	Prefix   *string         `json:"prefix"`
	Suffix   *string         `json:"suffix"`
	Middle   *string         `json:"middle"`
	Alnum    *string         `json:"alnum"`
	Ref      *string         `json:"ref"`
	Rating   *int64          `json:"rating"`
	Seen     *time.Time      `json:"seen"`
}

func optional(name string, t contracts.Type, cs ...contracts.Constraint) contracts.Field {
	return field(name, t, false, cs...)
}

var valShipmentContract = contracts.Contract{
	ID: "val-shipment", Version: "1.0.0", Name: "valShipment", UnknownFields: contracts.UnknownReject,
	Fields: []contracts.Field{
		field("id", kind(contracts.KindString), true, cons("required"), cons("uuid")),
		field("event", contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
			field("order_id", kind(contracts.KindInt64), true, cons("gt", "0")),
			optional("note", kind(contracts.KindString), cons("min", "2")),
		}}, true),
		field("items", contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
			field("sku", kind(contracts.KindString), true, cons("required"), cons("len", "4")),
			field("qty", kind(contracts.KindInt32), true, cons("min", "1"), cons("max", "100")),
		}}}, true, cons("min", "1")),
		field("tags", contracts.Type{Kind: contracts.KindArray, Elem: &contracts.Type{Kind: contracts.KindString}}, true, cons("max", "3")),
		field("weight", kind(contracts.KindFloat64), true, cons("gt", "0"), cons("lte", "1000.5")),
		field("fragile", kind(contracts.KindBool), true),
		field("count32", kind(contracts.KindInt32), true, cons("gte", "-5")),
		field("price", contracts.Type{Kind: contracts.KindDecimal, Precision: 5, Scale: 2}, true, cons("lt", "500")),
		field("ship_date", kind(contracts.KindDate), true),
		optional("email", kind(contracts.KindString), cons("email")),
		optional("site", kind(contracts.KindString), cons("url")),
		optional("code", kind(contracts.KindString), cons("alpha"), cons("len", "3")),
		optional("name", kind(contracts.KindString), cons("required"), cons("max", "5")),
		optional("lower", kind(contracts.KindString), cons("lowercase")),
		optional("upper", kind(contracts.KindString), cons("uppercase")),
		optional("num", kind(contracts.KindString), cons("numeric")),
		optional("prefix", kind(contracts.KindString), cons("startswith", "ab")),
		optional("suffix", kind(contracts.KindString), cons("endswith", "yz")),
		optional("middle", kind(contracts.KindString), cons("contains", "mid")),
		optional("alnum", kind(contracts.KindString), cons("alphanum")),
		optional("ref", kind(contracts.KindString), cons("pattern", `^(?:ORD|REF)-\d{2,4}(?:/.+)?\z`)),
		optional("rating", kind(contracts.KindInt64), cons("min", "1"), cons("max", "5")),
		optional("seen", kind(contracts.KindTimestamp)),
	},
}

func init() {
	contracts.MustRegister(reflect.TypeFor[valOrderEvent](), valOrderEventContract)
	contracts.MustRegister(reflect.TypeFor[valShipment](), valShipmentContract)
}
