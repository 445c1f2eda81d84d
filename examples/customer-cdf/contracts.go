// Package customercdf is the customer-cdf example: the Change Data Feed of a
// Delta customer table (seed 000's Delta CDF → MERGE library, in etlgen's
// terms). Each run reads the committed changes since the checkpoint,
// normalises the contact fields, keeps inserts, update post-images and
// deletes, and applies them to the target table with an idempotent MERGE:
// after every run the target equals the source's latest state.
package customercdf

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import "time"

// Customer is one customer as kept in the customer tables: the rows of the
// source table and of the target table the changes are merged into.
// +etl:contract id=customer version=1.0.0 owner=crm-team domain=customers status=active
type Customer struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"pk=1,example=42"`
	// Name is the customer's display name.
	Name string `json:"name" validate:"required,max=200" contract:"classification=internal,example=Ada Lovelace"`
	// Email is the customer's contact address, lower case.
	Email string `json:"email" validate:"required,max=320" contract:"classification=restricted,example=ada@example.com"`
	// Country is the ISO 3166-1 alpha-2 country code, upper case.
	Country string `json:"country" validate:"required,len=2" contract:"example=GB"`
	// Tier is the customer's loyalty tier.
	Tier string `json:"tier" validate:"oneof=standard gold platinum" contract:"example=gold"`
	// UpdatedAt is when the customer record last changed at the source (UTC).
	UpdatedAt time.Time `json:"updated_at" contract:"example=2026-07-15T11:50:00Z"`
}

// CustomerChange is one row of the Change Data Feed of the customer source
// table: the customer columns and the three CDF columns.
// +etl:contract id=customer-change version=1.0.0 owner=crm-team domain=customers status=active
type CustomerChange struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"example=42"`
	// Name is the customer's display name.
	Name string `json:"name" validate:"required,max=200" contract:"classification=internal,example=Ada Lovelace"`
	// Email is the customer's contact address.
	Email string `json:"email" validate:"required,max=320" contract:"classification=restricted,example=Ada@Example.com"`
	// Country is the country code as entered.
	Country string `json:"country" validate:"required,len=2" contract:"example=gb"`
	// Tier is the customer's loyalty tier.
	Tier string `json:"tier" validate:"oneof=standard gold platinum" contract:"example=gold"`
	// UpdatedAt is when the customer record changed at the source (UTC).
	UpdatedAt time.Time `json:"updated_at" contract:"example=2026-07-15T11:50:00Z"`
	// ChangeType is the CDF change type of the row.
	ChangeType string `json:"_change_type" validate:"oneof=insert update_preimage update_postimage delete" contract:"example=insert"`
	// CommitVersion is the source table version of the change.
	CommitVersion int64 `json:"_commit_version" validate:"gte=0" contract:"example=3"`
	// CommitTimestamp is when that version was committed (UTC).
	CommitTimestamp time.Time `json:"_commit_timestamp" contract:"example=2026-07-15T11:50:01Z"`
}
