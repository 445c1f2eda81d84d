package orders

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

func TestWindows(t *testing.T) {
	t0 := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	ev := []Event{
		{CustomerID: 1, TotalCents: 1999, Status: "paid", EventTime: t0.Add(2 * time.Minute)},
		{CustomerID: 1, TotalCents: 1, Status: "paid", EventTime: t0.Add(59 * time.Minute)},
		{CustomerID: 1, TotalCents: 500, Status: "cancelled", EventTime: t0.Add(30 * time.Minute)},
		{CustomerID: 1, TotalCents: 700, Status: "paid", EventTime: t0.Add(60 * time.Minute)},
		{CustomerID: 2, TotalCents: 100, Status: "paid", EventTime: t0.Add(5 * time.Minute)},
	}
	got := Windows(ev, time.Hour)
	want := []string{
		"customer 1 [2026-07-15T10:00:00Z, 2026-07-15T11:00:00Z) count 2 total 20.00 latest 2026-07-15T10:59:00Z",
		"customer 1 [2026-07-15T11:00:00Z, 2026-07-15T12:00:00Z) count 1 total 7.00 latest 2026-07-15T11:00:00Z",
		"customer 2 [2026-07-15T10:00:00Z, 2026-07-15T11:00:00Z) count 1 total 1.00 latest 2026-07-15T10:05:00Z",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d windows, want %d: %v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("window %d = %s, want %s", i, got[i], want[i])
		}
	}
}

func TestGenerateJSON(t *testing.T) {
	ev := Generate(50, Options{Seed: 1, Start: time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC), Customers: 3})
	again := Generate(50, Options{Seed: 1, Start: time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC), Customers: 3})
	for i, e := range ev {
		if string(e.JSON()) != string(again[i].JSON()) {
			t.Fatalf("event %d differs between two runs with one seed", i)
		}
		var m map[string]any
		if err := json.Unmarshal(e.JSON(), &m); err != nil {
			t.Fatalf("event %d: %v: %s", i, err, e.JSON())
		}
		if m["customer_id"].(float64) < 1 || m["customer_id"].(float64) > 3 {
			t.Errorf("event %d: customer %v outside 1..3", i, m["customer_id"])
		}
	}
	if got := string(Event{EventID: "e", OrderID: 1, CustomerID: 2, TotalCents: 5, Status: "paid",
		EventTime: time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)}.JSON()); got !=
		`{"event_id":"e","order_id":1,"customer_id":2,"order_total":0.05,"status":"paid","event_time":"2026-07-15T10:00:00Z"}` {
		t.Errorf("JSON = %s", got)
	}
}

// TestGeneratedEventsAreValid: every generated event passes the OrderEvent
// contract (Go validation), so the tests' expectations hold on both engines.
func TestGeneratedEventsAreValid(t *testing.T) {
	c, ok := contracts.Of[orderstreaming.OrderEvent]()
	if !ok {
		t.Fatal("OrderEvent contract is not registered")
	}
	v, err := contracts.NewRecordValidator(c)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range Generate(500, Options{Seed: 7, Start: time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC), Step: time.Second}) {
		if _, rej := v.Validate(e.JSON()); rej != nil {
			t.Fatalf("event %d %s: %s at %s", i, e.JSON(), rej.ReasonCode, rej.FieldPath)
		}
	}
}
