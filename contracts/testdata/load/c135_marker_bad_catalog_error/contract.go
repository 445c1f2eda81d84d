// Package case135 is a contract loader test case: malformed catalog marker
// values (freshness, retention, support, contact).
package case135

// Durations has service levels without a unit and with a zero.
// +etl:contract id=durations version=1.0.0 freshness=15 retention=0d
type Durations struct {
	// ID identifies the event.
	ID string `json:"id"`
}

// Contacts has a script URL as support and markup as contact.
// +etl:contract id=contacts version=1.0.0 support=javascript:alert(1) contact="<b>team</b>"
type Contacts struct {
	// ID identifies the event.
	ID string `json:"id"`
}
