package main

import (
	"fmt"
	"reflect"
	"time"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/shopspring/decimal"
)

// Payment is a payment event, the second stream of the join cases.
type Payment struct {
	PaymentID string          `json:"payment_id"`
	OrderID   int64           `json:"order_id" contract:"pk=1"`
	Amount    decimal.Decimal `json:"amount" contract:"decimal(18,2)"`
	PaidAt    time.Time       `json:"paid_at" contract:"eventtime"`
}

// OrderPayment is an order joined with its payment.
type OrderPayment struct {
	OrderID    int64           `json:"order_id" contract:"pk=1"`
	CustomerID int64           `json:"customer_id"`
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	EventTime  time.Time       `json:"event_time"`
	PaymentID  *string         `json:"payment_id"`
	PaidAt     *time.Time      `json:"paid_at"`
}

// Customer is a row of the static customer dimension.
type Customer struct {
	CustomerID int64  `json:"customer_id" contract:"pk=1"`
	Segment    string `json:"segment"`
}

// OrderPaymentOuter is an order and its payment where either may be
// missing: the output of right and full outer joins.
type OrderPaymentOuter struct {
	OrderID    *int64           `json:"order_id"`
	CustomerID *int64           `json:"customer_id"`
	OrderTotal *decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	EventTime  *time.Time       `json:"event_time"`
	PaymentID  *string          `json:"payment_id"`
	PaidAt     *time.Time       `json:"paid_at"`
}

// OrderCustomer is an order event with its customer's segment, either side
// possibly missing: the output of the stream–static joins.
type OrderCustomer struct {
	EventID    *string          `json:"event_id"`
	OrderID    *int64           `json:"order_id"`
	CustomerID *int64           `json:"customer_id"`
	OrderTotal *decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	Status     *string          `json:"status"`
	EventTime  *time.Time       `json:"event_time"`
	Segment    *string          `json:"segment"`
}

// CustomerChange is a row of the customer table's Change Data Feed.
type CustomerChange struct {
	CustomerID      int64     `json:"customer_id"`
	Segment         string    `json:"segment"`
	ChangeType      string    `json:"_change_type"`
	CommitVersion   int64     `json:"_commit_version"`
	CommitTimestamp time.Time `json:"_commit_timestamp"`
}

// CustomerTotal is the paid orders of a customer over all time.
type CustomerTotal struct {
	CustomerID      int64           `json:"customer_id" contract:"pk=1"`
	PaidOrderCount  int64           `json:"paid_order_count"`
	PaidOrderTotal  decimal.Decimal `json:"paid_order_total" contract:"decimal(28,2)"`
	LatestEventTime time.Time       `json:"latest_event_time"`
}

// CustomerInstant is the paid orders of a customer at one event time.
type CustomerInstant struct {
	CustomerID      int64           `json:"customer_id" contract:"pk=1"`
	EventTime       time.Time       `json:"event_time" contract:"pk=2"`
	PaidOrderCount  int64           `json:"paid_order_count"`
	PaidOrderTotal  decimal.Decimal `json:"paid_order_total" contract:"decimal(28,2)"`
	LatestEventTime time.Time       `json:"latest_event_time"`
}

// Tick is a row of the rate source.
type Tick struct {
	Timestamp time.Time `json:"timestamp" contract:"eventtime"`
	Value     int64     `json:"value"`
}

var byID = map[string]reflect.Type{
	"order-payment-outer":   reflect.TypeFor[OrderPaymentOuter](),
	"order-customer":        reflect.TypeFor[OrderCustomer](),
	"customer-change":       reflect.TypeFor[CustomerChange](),
	"tick":                  reflect.TypeFor[Tick](),
	"customer-total":        reflect.TypeFor[CustomerTotal](),
	"customer-instant":      reflect.TypeFor[CustomerInstant](),
	"order-event":           reflect.TypeFor[orderstreaming.OrderEvent](),
	"rejected-order-event":  reflect.TypeFor[orderstreaming.RejectedOrderEvent](),
	"customer-order-window": reflect.TypeFor[orderstreaming.CustomerOrderWindow](),
	"late-order-event":      reflect.TypeFor[orderstreaming.LateOrderEvent](),
	"payment":               reflect.TypeFor[Payment](),
	"order-payment":         reflect.TypeFor[OrderPayment](),
	"customer":              reflect.TypeFor[Customer](),
}

// contract returns the contract with the given id: the example's registered
// ones, or built from the local types.
func contract(id string) contracts.Contract {
	t, ok := byID[id]
	if !ok {
		panic("corpusgen: unknown contract " + id)
	}
	if c, ok := contracts.Lookup(t); ok {
		return *c
	}
	c, err := contracts.FromType(t)
	if err != nil {
		panic(fmt.Sprintf("corpusgen: %v", err))
	}
	c.Version = "1.0.0"
	return c
}
