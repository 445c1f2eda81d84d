package etl_test

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/shopspring/decimal"
)

// The contracts and column accessors below have the shape `etlgen gen`
// writes into zz_etlgen.go; they are hand-written so that package etl can be
// tested without the generator.

type OrderEvent struct {
	EventID    string          `json:"event_id"`
	OrderID    int64           `json:"order_id"`
	CustomerID int64           `json:"customer_id"`
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	Status     string          `json:"status"`
	Coupon     *string         `json:"coupon"`
	EventTime  time.Time       `json:"event_time" contract:"eventtime"`
}

type CustomerOrderWindow struct {
	CustomerID      int64           `json:"customer_id"`
	WindowStart     time.Time       `json:"window_start"`
	WindowEnd       time.Time       `json:"window_end"`
	PaidOrderCount  int64           `json:"paid_order_count"`
	PaidOrderTotal  decimal.Decimal `json:"paid_order_total" contract:"decimal(28,2)"`
	LatestEventTime time.Time       `json:"latest_event_time"`
}

type Customer struct {
	CustomerID int64  `json:"customer_id"`
	Segment    string `json:"segment"`
}

type Payment struct {
	PaymentID   string    `json:"payment_id"`
	PaidOrderID int64     `json:"paid_order_id"`
	PaidAt      time.Time `json:"paid_at" contract:"eventtime"`
}

type RejectedEvent struct {
	RawPayload string `json:"raw_payload"`
	ReasonCode string `json:"reason_code"`
}

type LateEvent struct {
	Event      OrderEvent `json:"event"`
	ReasonCode string     `json:"reason_code"`
}

type EnrichedOrder struct {
	OrderID    int64  `json:"order_id"`
	CustomerID int64  `json:"customer_id"`
	Segment    string `json:"segment"`
}

var EnrichedOrderCols = struct {
	OrderID    etl.Col[int64]
	CustomerID etl.Col[int64]
	Segment    etl.Col[string]
}{OrderID: etl.NewCol[int64]("order_id"), CustomerID: etl.NewCol[int64]("customer_id"), Segment: etl.NewCol[string]("segment")}

type PaidOrder struct {
	OrderID   int64  `json:"order_id"`
	PaymentID string `json:"payment_id"`
}

// Row is an output contract with the columns of CleanOrders.
type Row struct {
	Status string `json:"status"`
}

// Unregistered has no contract: using it must give ETL-D204.
type Unregistered struct {
	X int64 `json:"x"`
}

var OrderEventCols = struct {
	EventID    etl.Col[string]
	OrderID    etl.Col[int64]
	CustomerID etl.Col[int64]
	OrderTotal etl.Col[decimal.Decimal]
	Status     etl.Col[string]
	Coupon     etl.Col[string]
	EventTime  etl.Col[time.Time]
}{
	EventID: etl.NewCol[string]("event_id"), OrderID: etl.NewCol[int64]("order_id"),
	CustomerID: etl.NewCol[int64]("customer_id"), OrderTotal: etl.NewCol[decimal.Decimal]("order_total"),
	Status: etl.NewCol[string]("status"), Coupon: etl.NewCol[string]("coupon"),
	EventTime: etl.NewCol[time.Time]("event_time"),
}

var CustomerOrderWindowCols = struct {
	CustomerID      etl.Col[int64]
	WindowStart     etl.Col[time.Time]
	WindowEnd       etl.Col[time.Time]
	PaidOrderCount  etl.Col[int64]
	PaidOrderTotal  etl.Col[decimal.Decimal]
	LatestEventTime etl.Col[time.Time]
}{
	CustomerID: etl.NewCol[int64]("customer_id"), WindowStart: etl.NewCol[time.Time]("window_start"),
	WindowEnd: etl.NewCol[time.Time]("window_end"), PaidOrderCount: etl.NewCol[int64]("paid_order_count"),
	PaidOrderTotal: etl.NewCol[decimal.Decimal]("paid_order_total"), LatestEventTime: etl.NewCol[time.Time]("latest_event_time"),
}

var CustomerCols = struct {
	CustomerID etl.Col[int64]
	Segment    etl.Col[string]
}{CustomerID: etl.NewCol[int64]("customer_id"), Segment: etl.NewCol[string]("segment")}

var PaymentCols = struct {
	PaymentID   etl.Col[string]
	PaidOrderID etl.Col[int64]
	PaidAt      etl.Col[time.Time]
}{PaymentID: etl.NewCol[string]("payment_id"), PaidOrderID: etl.NewCol[int64]("paid_order_id"), PaidAt: etl.NewCol[time.Time]("paid_at")}

func init() {
	register[OrderEvent]("order-event")
	register[CustomerOrderWindow]("customer-order-window")
	register[Customer]("customer")
	register[Payment]("payment")
	register[RejectedEvent]("rejected-event")
	register[LateEvent]("late-event")
	register[EnrichedOrder]("enriched-order")
	register[PaidOrder]("paid-order")
	register[Row]("row")
}

// register derives a contract from T's tags, as the generator would.
func register[T any](id string) {
	t := reflect.TypeFor[T]()
	c := contracts.Contract{ID: id, Version: "1.0.0", Name: t.Name(), Package: t.PkgPath()}
	for i := range t.NumField() {
		c.Fields = append(c.Fields, fieldOf(t.Field(i)))
	}
	contracts.MustRegister(t, c)
}

// fieldOf derives one contract field.
func fieldOf(f reflect.StructField) contracts.Field {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	ft, required := f.Type, true
	if ft.Kind() == reflect.Pointer {
		ft, required = ft.Elem(), false
	}
	tag := f.Tag.Get("contract")
	out := contracts.Field{Name: name, GoName: f.Name, Required: required, EventTime: tag == "eventtime"}
	switch {
	case ft == reflect.TypeFor[time.Time]():
		out.Type = contracts.Type{Kind: contracts.KindTimestamp}
	case ft == reflect.TypeFor[decimal.Decimal]():
		out.Type = contracts.Type{Kind: contracts.KindDecimal}
		fmt.Sscanf(tag, "decimal(%d,%d)", &out.Type.Precision, &out.Type.Scale)
	case ft.Kind() == reflect.Struct:
		out.Type = contracts.Type{Kind: contracts.KindStruct}
		for i := range ft.NumField() {
			out.Type.Fields = append(out.Type.Fields, fieldOf(ft.Field(i)))
		}
	case ft.Kind() == reflect.String:
		out.Type = contracts.Type{Kind: contracts.KindString}
	case ft.Kind() == reflect.Int64:
		out.Type = contracts.Type{Kind: contracts.KindInt64}
	}
	return out
}
