// Package kinds declares contracts that use every supported kind, constraint
// mapping and contract option; it is a golden case of package gen.
package kinds

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// Level is a named string type.
type Level string

// Address is a nested struct.
type Address struct {
	// Street is the street line.
	Street string `json:"street" validate:"required,max=120"`
	// Zip is the postal code.
	Zip *string `json:"zip" validate:"len=5,numeric"`
}

// LineItem is one item of an order.
type LineItem struct {
	// SKU is the stock keeping unit.
	SKU string `json:"sku" validate:"alphanum,uppercase"`
	// Quantity is how many.
	Quantity int32 `json:"quantity" validate:"gte=1,lte=1000"`
}

// Customer is a customer record with every kind.
// +etl:contract id=customer version=2.1.0 owner=crm-team domain=crm status=draft unknown_fields=reject max_payload=65536
// +etl:rule name=vip_has_balance field=balance description="gold customers keep a positive balance" "level <> 'gold' or balance > 0"
// +etl:rule name=visits_per_score "coalesce(visits, 0) * score < 100000 and address.zip <> 'it\'s'"
type Customer struct {
	// ID is the customer's id.
	ID string `json:"id" validate:"uuid" contract:"pk"`
	// Email is where to write.
	Email string `json:"email" validate:"email" contract:"unique,pii,classification=confidential,example=ann@example.com"`
	// Website is the customer's site.
	Website *string `json:"website" validate:"url"`
	// Handle starts with @.
	Handle string `json:"handle" validate:"startswith=@,min=2,max=30,pattern=^@[a-z0-9_]+\\z"`
	// Referrer is the page or app the customer came from.
	Referrer *string `json:"referrer" validate:"pattern=^(?:https?://|android-app://)[^\\s/]+(?:/.*)?\\z"`
	// Active says whether the account is open.
	Active bool `json:"active" contract:"example=true"`
	// Level is the service level.
	Level Level `json:"level" validate:"oneof=gold silver bronze"`
	// Score is a ratio.
	Score float64 `json:"score" validate:"gte=0,lt=1"`
	// Visits counts visits.
	Visits *int32 `json:"visits" validate:"min=0,max=100000"`
	// Balance is the account balance.
	Balance decimal.Decimal `json:"balance" contract:"decimal(12,4),example=-10.5"`
	// Born is the date of birth.
	Born *contracts.Date `json:"born" contract:"example=1990-04-01"`
	// UpdatedAt is the last change.
	UpdatedAt time.Time `json:"updated_at" contract:"eventtime"`
	// Tags are free labels.
	Tags []string `json:"tags" validate:"max=10"`
	// Address is the postal address.
	Address *Address `json:"address"`
	// Items are the open order lines.
	Items []LineItem `json:"items" validate:"min=1"`
}
