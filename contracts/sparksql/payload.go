package sparksql

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
)

// The payload stages, in order. Their names start with _etl_ so that they
// cannot collide with the source's columns.
const (
	stageSize   = "_etl_payload_size"
	stageUTF8   = "_etl_payload_utf8"
	stageText   = "_etl_payload_text"
	stageDigest = "_etl_payload_sha256"
	stageWrap   = "_etl_payload_wrapped"
	stageJSON   = "_etl_json"
	stageKeys   = "_etl_keys"
	stageObject = "_etl_object"
)

// payloadRoot is the variant path of the payload's value in _etl_json,
// which holds the parsed wrapper ([payload, digest]) of the payload.
const payloadRoot = "$[0]"

// compiler accumulates the stages, checks and columns of a plan.
type compiler struct {
	plan *Plan
	// values holds the parts of each field's value by id (1, 1_2, …): the
	// projection's column and the value a cross-field rule reads.
	values map[string]value
}

func (cp *compiler) stage(alias, sql string) string {
	cp.plan.Stages = append(cp.plan.Stages, Stage{Alias: alias, SQL: sql})
	return QuoteIdent(alias)
}

// payloadCheck adds a payload-level check (empty field path) named name.
func (cp *compiler) payloadCheck(name string, code contracts.ReasonCode, reason, pred string) {
	cp.plan.Checks = append(cp.plan.Checks, Check{
		Rule: name, Code: code, CodeSQL: QuoteString(string(code)), PathSQL: "''",
		Reason: QuoteString(reason), SQL: guarded("", pred),
	})
}

// payload adds the four payload-level checks: size, UTF-8, one JSON value,
// an object. A NULL payload (a Kafka tombstone) is read as zero bytes, so it
// is MALFORMED_JSON, as an empty payload is in Go.
func (cp *compiler) payload() {
	raw := QuoteIdent(cp.plan.Options.PayloadColumn)
	text := fmt.Sprintf("CAST(%s AS STRING)", raw)
	if cp.plan.Options.PayloadType == PayloadString {
		text = raw
	}
	size := cp.stage(stageSize, fmt.Sprintf("coalesce(octet_length(%s), 0)", raw))
	utf8 := cp.stage(stageUTF8, fmt.Sprintf("coalesce(is_valid_utf8(%s), true)", text))
	txt := cp.stage(stageText, fmt.Sprintf("CASE WHEN %s <= %d AND %s THEN coalesce(%s, '') END",
		size, cp.plan.MaxPayloadBytes, utf8, text))
	digest := cp.stage(stageDigest, fmt.Sprintf("sha2(CAST(%s AS BINARY), 256)", txt))
	wrap := cp.stage(stageWrap, fmt.Sprintf(`try_parse_json(concat('[', %s, ',"', %s, '"]'))`, txt, digest))
	// The wrapper itself, not a copy of its element 0: the payload's
	// members are read under payloadRoot (doc.go).
	js := cp.stage(stageJSON, fmt.Sprintf(
		"CASE WHEN try_variant_get(%[1]s, '$[1]', 'string') = %[2]s\n"+
			"  AND NOT (%[3]s)\n"+
			"  THEN %[1]s END", wrap, digest, loneSurrogate(txt)))
	// An object: its keys in payload order when unknown members are
	// rejected (unknown reads them), else a cast of the parsed value to an
	// empty struct, not NULL exactly for an object, which reads neither its
	// members nor the payload text again (json_object_keys parses it anew).
	var object string
	if cp.plan.UnknownFields == contracts.UnknownReject {
		object = cp.stage(stageKeys, fmt.Sprintf("CASE WHEN %s IS NOT NULL THEN json_object_keys(%s) END", js, txt)) + " IS NOT NULL"
	} else {
		object = cp.stage(stageObject, fmt.Sprintf("try_variant_get(%s, %s, 'struct<>') IS NOT NULL", js, QuoteString(payloadRoot)))
	}

	cp.payloadCheck("payload size", contracts.ReasonPayloadTooLarge,
		fmt.Sprintf("payload has more than %d bytes", cp.plan.MaxPayloadBytes),
		fmt.Sprintf("%s <= %d", size, cp.plan.MaxPayloadBytes))
	cp.payloadCheck("payload UTF-8", contracts.ReasonInvalidUTF8, "payload is not valid UTF-8", utf8)
	cp.payloadCheck("payload JSON", contracts.ReasonMalformedJSON, "payload is not one JSON value", js+" IS NOT NULL")
	cp.payloadCheck("payload object", contracts.ReasonNotAnObject, "payload is not a JSON object", object)
}
