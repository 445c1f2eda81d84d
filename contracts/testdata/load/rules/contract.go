// Package rules is a contract loader test case: cross-field rules, with
// nested fields, arithmetic, coalesce and a default field path.
package rules

import (
	"time"

	"github.com/shopspring/decimal"
)

// Refund is a refund of an order.
// +etl:contract id=refund version=1.0.0
// +etl:rule name=refund_within_total field=refund_total description="a refund never exceeds the order" "refund_total <= order_total"
// +etl:rule name=end_after_start "session.end >= session.start"
// +etl:rule name=net_positive "coalesce(discount, 0) + refund_total <= order_total and not isnull(reason)"
type Refund struct {
	// OrderTotal is the order amount.
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	// RefundTotal is the refunded amount.
	RefundTotal decimal.Decimal `json:"refund_total" contract:"decimal(18,2)"`
	// Discount is an optional discount.
	Discount *decimal.Decimal `json:"discount" contract:"decimal(10,2)"`
	// Reason says why.
	Reason *string `json:"reason"`
	// Session is when the customer asked.
	Session Session `json:"session"`
}

// Session is a time span.
type Session struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}
