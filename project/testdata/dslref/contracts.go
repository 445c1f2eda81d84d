// Package dslref holds the contracts the examples of docs/dsl.md use; the
// DSL reference test (project/dslref_test.go) compiles each example into a
// package that dot-imports this one and validates its pipelines. The
// example pipelines' contracts are theirs (aliases); the windows of the
// MinBy/MaxBy and chained-windows examples are declared here.
package dslref

import (
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

// The contracts and parameters of the order-streaming example.
type (
	OrderEvent          = orderstreaming.OrderEvent
	RejectedOrderEvent  = orderstreaming.RejectedOrderEvent
	LateOrderEvent      = orderstreaming.LateOrderEvent
	CustomerOrderWindow = orderstreaming.CustomerOrderWindow
	AggregateParams     = orderstreaming.AggregateParams
)

// The typed columns of the examples' contracts.
var (
	OrderEventCols          = orderstreaming.OrderEventCols
	CustomerOrderWindowCols = orderstreaming.CustomerOrderWindowCols
)

// HourlyOrderWindow is the paid orders of one customer in one hour, with
// the hour's event time.
// +etl:contract id=hourly-order-window version=1.0.0 owner=orders-team
type HourlyOrderWindow struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" contract:"pk=1"`
	// WindowStart is the inclusive start of the hour.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the exclusive end of the hour.
	WindowEnd time.Time `json:"window_end" contract:"pk=3"`
	// HourTime is the hour's event time (window_end - 1 µs).
	HourTime time.Time `json:"hour_time" contract:"eventtime"`
	// PaidOrderCount is the number of paid orders.
	PaidOrderCount int64 `json:"paid_order_count"`
}

// DailyOrderWindow is the paid orders of one customer in one day.
// +etl:contract id=daily-order-window version=1.0.0 owner=orders-team
type DailyOrderWindow struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" contract:"pk=1"`
	// WindowStart is the inclusive start of the day.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the exclusive end of the day.
	WindowEnd time.Time `json:"window_end" contract:"pk=3"`
	// PaidOrderCount is the number of paid orders.
	PaidOrderCount int64 `json:"paid_order_count"`
}

// StatusWindow is the first and the latest order status of one customer
// in one window.
// +etl:contract id=status-window version=1.0.0 owner=orders-team
type StatusWindow struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" contract:"pk=1"`
	// WindowStart is the inclusive start of the window.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the exclusive end of the window.
	WindowEnd time.Time `json:"window_end" contract:"pk=3"`
	// FirstStatus is the status of the earliest event.
	FirstStatus *string `json:"first_status"`
	// LatestStatus is the status of the latest event.
	LatestStatus *string `json:"latest_status"`
}
