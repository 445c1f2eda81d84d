package pyspark

import "testing"

// TestSharedSourceName: the reads of one query expression get distinct
// Spark source names: the asset's (characters a source name cannot hold
// as '_'), and the port as a suffix from a source's second read on.
func TestSharedSourceName(t *testing.T) {
	var sh shared
	reads := []struct{ asset, port, want string }{
		{"order-events", "valid", "order_events"},
		{"payments", "valid", "payments"},
		{"order-events", "invalid", "order_events_invalid"},
	}
	for _, r := range reads {
		if got := sh.sourceName(r.asset, r.port); got != r.want {
			t.Errorf("sourceName(%s, %s) = %s, want %s", r.asset, r.port, got, r.want)
		}
	}
	var other shared
	if got := other.sourceName("order-events", "invalid"); got != "order_events" {
		t.Errorf("a new expression's first read = %s, want order_events", got)
	}
}
