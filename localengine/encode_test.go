package localengine

import (
	"encoding/json"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// A string value is written as json.Marshal writes it, whether or not it
// takes the plain path.
func TestAppendValueString(t *testing.T) {
	for _, s := range []string{
		"", "evt-1", "paid", `say "hi"`, `back\slash`, "<b>&amp;</b>", "tab\there", "line\nend",
		"\x00\x1f\x7f", "café", "\u2028\u2029", "bad \xff utf-8", "{\"event_id\":\"evt-100\",\"order_id\":100}",
	} {
		want, _ := json.Marshal(s)
		if got := appendValue(nil, s, contracts.Type{Kind: contracts.KindString}); string(got) != string(want) {
			t.Errorf("appendValue(%q) = %s, want %s", s, got, want)
		}
	}
}
