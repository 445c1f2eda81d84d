package contracts

// ReasonCode is the stable code of why a payload was rejected. Go validation
// (Validate) and the Spark SQL predicates (package sparksql) use the same codes,
// so a quarantine row means the same thing whichever engine wrote it.
type ReasonCode string

// The reason codes. Their string values are part of the quarantine contract:
// never change one, only add.
const (
	ReasonMalformedJSON    ReasonCode = "MALFORMED_JSON"
	ReasonInvalidUTF8      ReasonCode = "INVALID_UTF8"
	ReasonPayloadTooLarge  ReasonCode = "PAYLOAD_TOO_LARGE"
	ReasonNotAnObject      ReasonCode = "NOT_AN_OBJECT"
	ReasonMissingRequired  ReasonCode = "MISSING_REQUIRED"
	ReasonWrongType        ReasonCode = "WRONG_TYPE"
	ReasonUnknownField     ReasonCode = "UNKNOWN_FIELD"
	ReasonOutOfRange       ReasonCode = "OUT_OF_RANGE"
	ReasonBadEnum          ReasonCode = "BAD_ENUM"
	ReasonInvalidTimestamp ReasonCode = "INVALID_TIMESTAMP"
	ReasonInvalidDate      ReasonCode = "INVALID_DATE"
	ReasonBadLength        ReasonCode = "BAD_LENGTH"
	ReasonBadFormat        ReasonCode = "BAD_FORMAT"
	ReasonDecimalOverflow  ReasonCode = "DECIMAL_OVERFLOW"
	ReasonPatternMismatch  ReasonCode = "PATTERN_MISMATCH"
	// ReasonRuleViolated is a cross-field rule of the contract (Rule) that
	// failed; the reason names the rule.
	ReasonRuleViolated ReasonCode = "RULE_VIOLATED"
)
