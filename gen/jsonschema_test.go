package gen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestJSONSchemasCompile compiles every committed JSON Schema (goldens and
// the example) as draft 2020-12.
func TestJSONSchemasCompile(t *testing.T) {
	var files []string
	for _, g := range []string{"testdata/*/want/jsonschema/*.schema.json", "../examples/*/contracts/jsonschema/*.schema.json"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no JSON Schema files")
	}
	for _, f := range files {
		compileSchema(t, f)
	}
}

func TestOrderEventSchemaJudgesPayloads(t *testing.T) {
	s := compileSchema(t, "testdata/order_streaming/want/jsonschema/order-event.schema.json")
	valid := `{"event_id":"evt-1","order_id":1001,"customer_id":42,"order_total":19.99,"status":"paid","event_time":"2026-07-15T11:50:00Z"}`
	tests := []struct {
		name    string
		payload string
		ok      bool
	}{
		{"valid", valid, true},
		{"unknown member allowed", strings.Replace(valid, `{`, `{"extra":1,`, 1), true},
		{"bad enum", strings.Replace(valid, `"paid"`, `"shipped"`, 1), false},
		{"missing required", strings.Replace(valid, `"event_id":"evt-1",`, ``, 1), false},
		{"empty required string", strings.Replace(valid, `"evt-1"`, `""`, 1), false},
		{"too many decimals", strings.Replace(valid, `19.99`, `19.999`, 1), false},
		{"negative total", strings.Replace(valid, `19.99`, `-1`, 1), false},
		{"zero order id", strings.Replace(valid, `1001`, `0`, 1), false},
		{"order id as string", strings.Replace(valid, `1001`, `"1001"`, 1), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(tc.payload))
			if err != nil {
				t.Fatal(err)
			}
			err = s.Validate(v)
			if (err == nil) != tc.ok {
				t.Errorf("valid=%t, want %t (%v)", err == nil, tc.ok, err)
			}
		})
	}
}

func TestRejectPolicyClosesSchema(t *testing.T) {
	s := compileSchema(t, "testdata/kinds/want/jsonschema/customer.schema.json")
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"surprise":true}`))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Validate(v)
	if err == nil || !strings.Contains(err.Error(), "surprise") {
		t.Errorf("unknown member with unknown_fields=reject: %v", err)
	}
}
