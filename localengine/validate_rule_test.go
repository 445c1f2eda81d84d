package localengine

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
)

// TestValidatorRunsRules checks that the local engine's validation runs a
// contract's cross-field rules as they arrive in an IR document (JSON),
// with the rejection columns Spark writes: RULE_VIOLATED, the rule's field
// and its reason.
func TestValidatorRunsRules(t *testing.T) {
	ts := contracts.Type{Kind: contracts.KindTimestamp}
	src := contracts.Contract{ID: "visit", Version: "1.0.0", Fields: []contracts.Field{
		{Name: "start", Type: ts, Required: true}, {Name: "end", Type: ts}},
		Rules: []contracts.Rule{{Name: "end_after_start", Field: "end", Expr: "end >= start"}}}
	data, err := json.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	var c contracts.Contract
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	v, err := newValidator(&c, "p")
	if err != nil {
		t.Fatal(err)
	}
	sb := v.split([]Payload{
		{Raw: []byte(`{"start":"2026-07-15T10:00:00Z","end":"2026-07-15T10:00:00Z"}`)},
		{Raw: []byte(`{"start":"2026-07-15T10:00:00Z"}`)},
		{Raw: []byte(`{"start":"2026-07-15T10:00:00.000001Z","end":"2026-07-15T10:00:00Z"}`)},
	}, time.Unix(0, 0))
	if len(sb.valid) != 2 || len(sb.invalid) != 1 {
		t.Fatalf("valid %d, invalid %d; want 2 and 1", len(sb.valid), len(sb.invalid))
	}
	r := sb.invalid[0]
	if r[1] != string(contracts.ReasonRuleViolated) || r[3] != "end" || r[2] != "rule end_after_start is violated: end >= start" {
		t.Errorf("rejection %v, want RULE_VIOLATED at end with the rule's reason", r[:4])
	}
	got := v.invalid.Map(r)
	if got["rule"] != "end_after_start" || got["contract_version"] != "1.0.0" {
		t.Errorf("rule %v, contract_version %v; want end_after_start and 1.0.0", got["rule"], got["contract_version"])
	}
	other := v.invalid.Map(v.split([]Payload{{Raw: []byte(`{}`)}}, time.Unix(0, 0)).invalid[0])
	if other["rule"] != nil || other["reason_code"] != string(contracts.ReasonMissingRequired) {
		t.Errorf("a field check's rejection: rule %v (%v); want NULL", other["rule"], other["reason_code"])
	}
}
