package contracts

import "github.com/etlgen/etlgen/diag"

// Kind is the logical kind of a field's type.
type Kind string

// The supported kinds. Each maps to one Spark SQL type and one ODCS logical type.
const (
	KindString    Kind = "string"
	KindBool      Kind = "bool"
	KindInt32     Kind = "int32"
	KindInt64     Kind = "int64"
	KindFloat64   Kind = "float64"
	KindDecimal   Kind = "decimal"   // shopspring/decimal with precision and scale
	KindTimestamp Kind = "timestamp" // time.Time, always UTC
	KindDate      Kind = "date"      // contracts.Date
	KindArray     Kind = "array"     // a Go slice
	KindStruct    Kind = "struct"    // a nested Go struct
)

// Type is the data type of a field.
type Type struct {
	Kind      Kind    `json:"kind"`
	Precision int     `json:"precision,omitempty"` // decimal only
	Scale     int     `json:"scale,omitempty"`     // decimal only
	Elem      *Type   `json:"elem,omitempty"`      // array only
	Fields    []Field `json:"fields,omitempty"`    // struct only
	// GoType is the Go type as written in source, e.g. "decimal.Decimal" or
	// "[]string"; informative only.
	GoType string `json:"goType,omitempty"`
}

// Constraint is one rule a field's value must satisfy, in validator/v10
// vocabulary: required, gt, gte, lt, lte, min, max, len, oneof, email, uuid,
// url, ... (ConstraintKind; ConstraintKind.Spec says what each is). Args are
// the tag's parameters as written (oneof has one per value).
type Constraint struct {
	Kind ConstraintKind `json:"kind"`
	Args []string       `json:"args,omitempty"`
}

// Field is one column of a contract.
type Field struct {
	// Name is the column name (the json tag, or the Go name when it has none).
	Name string `json:"name"`
	// GoName is the Go struct field name.
	GoName string `json:"goName"`
	Type   Type   `json:"type"`
	// Required means the value must be present and not null: true for every
	// non-pointer field. Pointer fields are optional.
	Required    bool         `json:"required"`
	Description string       `json:"description,omitempty"`
	Constraints []Constraint `json:"constraints,omitempty"`
	// PrimaryKey is the 1-based position of the field in the primary key, 0 when
	// it is not part of it.
	PrimaryKey int  `json:"primaryKey,omitempty"`
	Unique     bool `json:"unique,omitempty"`
	// EventTime marks the field that carries the event's time.
	EventTime      bool     `json:"eventTime,omitempty"`
	Classification string   `json:"classification,omitempty"`
	PII            bool     `json:"pii,omitempty"`
	Examples       []string `json:"examples,omitempty"`
	// Pos is where the field is declared; not part of the contract's identity.
	Pos diag.Position `json:"-"`
}

// UnknownFieldPolicy says what validation does with JSON members the contract
// does not declare.
type UnknownFieldPolicy string

// The unknown-field policies.
const (
	UnknownAllow  UnknownFieldPolicy = "allow"
	UnknownReject UnknownFieldPolicy = "reject"
)

// Contract is a data contract: a named, versioned, owned record type.
type Contract struct {
	// ID is the contract id, e.g. "order-event" (kebab case).
	ID      string `json:"id"`
	Version string `json:"version"`
	// Name is the Go type name, e.g. "OrderEvent".
	Name string `json:"name"`
	// Package is the Go import path of the package that declares the type.
	Package     string `json:"package"`
	Description string `json:"description,omitempty"`
	Owner       string `json:"owner,omitempty"`
	Domain      string `json:"domain,omitempty"`
	// Status is the ODCS status: proposed, draft, active, deprecated, retired.
	Status        string             `json:"status,omitempty"`
	UnknownFields UnknownFieldPolicy `json:"unknownFields,omitempty"`
	// MaxPayloadBytes bounds the size of a raw payload; 0 means the default.
	MaxPayloadBytes int `json:"maxPayloadBytes,omitempty"`
	// Freshness is the service level for how old the data may be when read
	// (the freshness marker key, "<n><unit>" with unit s, m, h, d or y,
	// e.g. "15m"); Retention how long it is kept (e.g. "30d"). ODCS writes
	// them as slaProperties latency and retention.
	Freshness string `json:"freshness,omitempty"`
	Retention string `json:"retention,omitempty"`
	// Support is the URL of the support channel (https: or mailto:), ODCS
	// support; Contact the owning team's contact (an e-mail address or user
	// name), an ODCS team member.
	Support string  `json:"support,omitempty"`
	Contact string  `json:"contact,omitempty"`
	Fields  []Field `json:"fields"`
	// Rules are the cross-field rules (+etl:rule markers), checked in order
	// after every field check passed.
	Rules []Rule `json:"rules,omitempty"`
	// Pos is where the type is declared.
	Pos diag.Position `json:"-"`
}

// Field returns the top-level field with the given column name.
func (c *Contract) Field(name string) (*Field, bool) {
	for i := range c.Fields {
		if c.Fields[i].Name == name {
			return &c.Fields[i], true
		}
	}
	return nil, false
}

// EventTimeField returns the field marked as event time, if any.
func (c *Contract) EventTimeField() (*Field, bool) {
	for i := range c.Fields {
		if c.Fields[i].EventTime {
			return &c.Fields[i], true
		}
	}
	return nil, false
}

// PrimaryKey returns the primary-key column names in key order.
func (c *Contract) PrimaryKey() []string {
	var keys []string
	for pos := 1; ; pos++ {
		found := false
		for _, f := range c.Fields {
			if f.PrimaryKey == pos {
				keys = append(keys, f.Name)
				found = true
			}
		}
		if !found {
			return keys
		}
	}
}
