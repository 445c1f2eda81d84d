// Package rejected holds the quarantine contract of the replay test's
// pipelines (testdata/replay/v1, v2).
package rejected

import "time"

// RejectedReading is a reading payload that broke the contract.
// +etl:contract id=rejected-reading version=1.0.0 owner=etlgen-tests domain=tests status=active
type RejectedReading struct {
	// RawPayload is the payload exactly as read.
	RawPayload string `json:"raw_payload"`
	// RawPayloadBase64 is the payload in base64 when it is not UTF-8.
	RawPayloadBase64 *string `json:"raw_payload_base64"`
	// ReasonCode is the code of the first rule the payload broke.
	ReasonCode string `json:"reason_code"`
	// Reason is the rejection in words.
	Reason string `json:"reason"`
	// FieldPath is the offending field's path.
	FieldPath *string `json:"field_path"`
	// ObservedAt is when the pipeline saw the payload.
	ObservedAt time.Time `json:"observed_at"`
	// ContractID is the contract the payload was checked against.
	ContractID string `json:"contract_id"`
	// ContractVersion is the version of that contract.
	ContractVersion *string `json:"contract_version"`
	// Rule is the cross-field rule that rejected the payload, if one did.
	Rule *string `json:"rule"`
}
