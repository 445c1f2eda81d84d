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
	// Rule is the name of the cross-field rule that rejected the payload
	// (ReasonRuleViolated), empty for a field or payload check: those are
	// named by ReasonCode and FieldPath.
	Rule string
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
		ReasonBadFormat, ReasonPatternMismatch, ReasonUnknownField, ReasonRuleViolated,
	}
}

// Known reports whether c is one of the reason codes.
func (c ReasonCode) Known() bool { return slices.Contains(ReasonCodes(), c) }

// RejectionContractID is the id of RejectionContract.
const RejectionContractID = "etlgen-rejection"

// RejectionContract is the contract of the standard rejection columns, in
// the order the engines produce them: what a quarantine row holds
// (docs/validation.md), and the schema of the quarantine of a static table
// (profile option quarantine), which has no contract of the pipeline's.
func RejectionContract() *Contract {
	str := Type{Kind: KindString}
	field := func(name string, t Type, required bool, desc string) Field {
		return Field{Name: name, Type: t, Required: required, Description: desc}
	}
	return &Contract{ID: RejectionContractID, Version: "1.0.0", Name: "Rejection",
		Description: "A payload that broke its contract, kept with its raw bytes and the reason.",
		Fields: []Field{
			field("raw_payload", str, true, "The payload exactly as read (a static Delta row: its columns as JSON)."),
			field("reason_code", str, true, "The stable code of the first rule the payload broke."),
			field("reason", str, true, "The rejection in words."),
			field("field_path", str, false, "The JSON path of the offending field, when there is one."),
			field("observed_at", Type{Kind: KindTimestamp}, true, "When the pipeline saw the payload (UTC)."),
			field("pipeline_id", str, true, "The pipeline that rejected the payload."),
			field("contract_id", str, true, "The contract the payload was checked against."),
			field("source_topic", str, false, "The Kafka topic, table or file the payload was read from."),
			field("source_partition", Type{Kind: KindInt32}, false, "The Kafka partition the payload was read from."),
			field("source_offset", Type{Kind: KindInt64}, false, "The Kafka offset of the payload."),
			field("raw_payload_base64", str, false, "The raw payload in standard base64 when it is not valid UTF-8, null otherwise."),
			field("contract_version", str, false, "The version of the contract the payload was checked against (null in a row written before etlgen recorded it)."),
			field("rule", str, false, "The cross-field rule (+etl:rule name) that rejected the payload; null when a field or payload check did (reason_code and field_path name it)."),
		}}
}

// StaticQuarantineKeys are the columns a static table's quarantine matches
// a rejected row on: a row already there is not written again, although the
// table is read (and its rows rejected) at every micro-batch.
var StaticQuarantineKeys = []string{"contract_id", "source_topic", "raw_payload"}
