package localengine

import (
	"testing"
	"time"
)

// TestInputCache checks what a query gets from the batches another query
// validated: the same valid rows for the same source, contract and
// offsets, rejected rows stamped with its own batch timestamp, and nothing
// for other offsets, files or contracts.
func TestInputCache(t *testing.T) {
	t0 := time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)
	t1 := t0.Add(time.Second)
	src := NewMemoryStream("orders")
	sb := &sourceBatch{read: 3, valid: []Row{{int64(1)}, {int64(2)}},
		invalid: []Row{{"{", "MALFORMED_JSON", "bad", "", t0, "p", "c", nil, nil, nil}}}
	c := newInputCache()
	key := inputKey(src, "c", Offset{N: 0}, Offset{N: 3})
	c.put("orders", key, sb, t0)
	tests := []struct {
		name   string
		asset  string
		key    string
		ts     time.Time
		hit    bool
		shared bool // the cached batch itself is returned
	}{
		{"same batch timestamp", "orders", key, t0, true, true},
		{"other batch timestamp", "orders", key, t1, true, false},
		{"other end offset", "orders", inputKey(src, "c", Offset{N: 0}, Offset{N: 4}), t0, false, false},
		{"other files", "orders", inputKey(src, "c", Offset{N: 0}, Offset{N: 3, Files: []string{"a.jsonl"}}), t0, false, false},
		{"other contract", "orders", inputKey(src, "d", Offset{N: 0}, Offset{N: 3}), t0, false, false},
		{"other asset", "payments", key, t0, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := c.get(tc.asset, tc.key, tc.ts)
			if ok != tc.hit {
				t.Fatalf("hit = %v, want %v", ok, tc.hit)
			}
			if !ok {
				return
			}
			if (got == sb) != tc.shared {
				t.Errorf("shared = %v, want %v", got == sb, tc.shared)
			}
			if got.read != 3 || len(got.valid) != 2 || &got.valid[0][0] != &sb.valid[0][0] {
				t.Errorf("valid rows not shared: %+v", got)
			}
			if at := got.invalid[0][observedAtCol]; at != tc.ts {
				t.Errorf("observed_at = %v, want %v", at, tc.ts)
			}
			if sb.invalid[0][observedAtCol] != t0 {
				t.Errorf("the cached rejection was modified: %v", sb.invalid[0][observedAtCol])
			}
		})
	}
	c.drop("orders")
	if _, ok := c.get("orders", key, t0); ok {
		t.Error("a dropped batch is still cached")
	}
	var none *inputCache
	none.put("orders", key, sb, t0)
	if _, ok := none.get("orders", key, t0); ok {
		t.Error("a nil cache returned a batch")
	}
}
