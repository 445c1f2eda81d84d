// Package case101 is a contract loader test case: markers that cannot be read.
package case101

// Unterminated has an unterminated quoted marker value.
// +etl:contract id=unterminated version=1.0.0 owner="orders team
type Unterminated struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// NoValue has a marker key without a value.
// +etl:contract id=no-value version=1.0.0 owner
type NoValue struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Twice gives a marker key twice.
// +etl:contract id=twice version=1.0.0 id=again
type Twice struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Other carries an unknown marker besides its contract marker.
// +etl:table name=other
// +etl:contract id=other version=1.0.0
type Other struct {
	// ID identifies the event.
	ID string `json:"id"`
}
