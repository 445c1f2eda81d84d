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

var byID = map[string]reflect.Type{
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
