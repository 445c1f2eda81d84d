package contracts

import (
	"fmt"
	"slices"
	"time"
)

// Rejection says why a payload failed validation. Its fields are the
// quarantine columns of docs/validation.md.
type Rejection struct {
	// RawPayload is the payload as received (it aliases the caller's bytes).
	RawPayload []byte
	// ReasonCode is the stable code of the first failing check.
	ReasonCode ReasonCode
	// Reason explains the failure in English.
	Reason string
	// FieldPath is the dotted JSON path of the offending field (event.order_id,
	// items[2].sku), empty for payload-level reasons.
	FieldPath string
	// ObservedAt is when the validator saw the payload, in UTC.
	ObservedAt time.Time
}

// Error renders the rejection as "CODE field: reason", so a Rejection can be
// returned where an error is expected.
func (r *Rejection) Error() string {
	if r.FieldPath == "" {
		return fmt.Sprintf("%s: %s", r.ReasonCode, r.Reason)
	}
	return fmt.Sprintf("%s %s: %s", r.ReasonCode, r.FieldPath, r.Reason)
}

// ReasonCodes returns every reason code, in the order of the checks of
// docs/validation.md.
func ReasonCodes() []ReasonCode {
	return []ReasonCode{
		ReasonPayloadTooLarge, ReasonInvalidUTF8, ReasonMalformedJSON, ReasonNotAnObject,
		ReasonMissingRequired, ReasonWrongType, ReasonOutOfRange, ReasonDecimalOverflow,
		ReasonInvalidTimestamp, ReasonInvalidDate, ReasonBadLength, ReasonBadEnum,
		ReasonBadFormat, ReasonUnknownField,
	}
}

// Known reports whether c is one of the reason codes.
func (c ReasonCode) Known() bool { return slices.Contains(ReasonCodes(), c) }
