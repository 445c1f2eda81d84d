package contracts_test

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

func TestValidateSmoke(t *testing.T) {
	raw := []byte(`{"event_id":"evt-1","order_id":1001,"customer_id":42,"order_total":19.99,"status":"paid","event_time":"2026-07-15T11:50:00Z"}`)
	ev, rej := contracts.Validate[valOrderEvent](raw)
	if rej != nil {
		t.Fatalf("rejected: %v", rej)
	}
	t.Logf("%+v %s", ev, ev.OrderTotal)
}
