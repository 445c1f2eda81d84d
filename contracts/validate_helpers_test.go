package contracts_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// member is one raw JSON member of a test payload.
type member struct{ key, raw string }

// orderBase and shipBase are valid payloads, member by member.
var (
	orderBase = []member{
		{"event_id", `"evt-0001"`}, {"order_id", `1001`}, {"customer_id", `42`},
		{"order_total", `19.99`}, {"status", `"paid"`}, {"event_time", `"2026-07-15T11:50:00Z"`},
	}
	shipBase = []member{
		{"id", `"123e4567-e89b-12d3-a456-426614174000"`}, {"event", `{"order_id":7}`},
		{"items", `[{"sku":"AB12","qty":2}]`}, {"tags", `["a","b"]`}, {"weight", `1.5`},
		{"fragile", `false`}, {"count32", `0`}, {"price", `12.5`}, {"ship_date", `"2026-07-15"`}, {"name", `"bob"`},
	}
)

// with renders base with members replaced (raw "-" deletes one; a key not in
// base is appended).
func with(base []member, changes ...member) string {
	ms := append([]member(nil), base...)
	for _, c := range changes {
		found := false
		for i := range ms {
			if ms[i].key == c.key {
				ms[i].raw, found = c.raw, true
			}
		}
		if !found {
			ms = append(ms, c)
		}
	}
	parts := make([]string, 0, len(ms))
	for _, m := range ms {
		if m.raw != "-" {
			parts = append(parts, `"`+m.key+`":`+m.raw)
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func order(changes ...member) string { return with(orderBase, changes...) }
func ship(changes ...member) string  { return with(shipBase, changes...) }
func m(key, raw string) member       { return member{key, raw} }

// verdict is what a test expects: a reason code (or "" for valid) and path.
type verdict struct {
	code contracts.ReasonCode
	path string
}

func checkVerdict(t *testing.T, raw []byte, rej *contracts.Rejection, want verdict) {
	t.Helper()
	if rej == nil {
		if want.code != "" {
			t.Fatalf("payload %q accepted, want %s at %q", raw, want.code, want.path)
		}
		return
	}
	if rej.ReasonCode != want.code || rej.FieldPath != want.path {
		t.Fatalf("payload %q: got %s at %q (%s), want %q at %q", raw, rej.ReasonCode, rej.FieldPath, rej.Reason, want.code, want.path)
	}
	if string(rej.RawPayload) != string(raw) || rej.Reason == "" || rej.ObservedAt.Location().String() != "UTC" {
		t.Fatalf("rejection fields incomplete: %+v", rej)
	}
}
