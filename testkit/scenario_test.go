package testkit_test

import (
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/testkit"
)

func ev(id, order, customer, total, status, at string) string {
	return `{"event_id":"` + id + `","order_id":` + order + `,"customer_id":` + customer +
		`,"order_total":` + total + `,"status":"` + status + `","event_time":"2026-07-15T` + at + `Z"}`
}

// scenarios is the conformance table; a Spark runner executes the same one.
var scenarios = []testkit.Scenario{{
	Name:     "late event after the watermark passed its window",
	Pipeline: orderstreaming.Pipeline,
	Arrivals: []testkit.Arrival{
		{Payloads: map[string][]string{"order_events": {ev("e1", "1", "7", "10.00", "paid", "10:05:00"), ev("e2", "2", "7", "5.00", "paid", "11:20:00")}}},
		{Payloads: map[string][]string{"order_events": {ev("e3", "3", "7", "1.00", "paid", "10:50:00")}}},
	},
	Want: map[string][]string{
		"customer_order_windows": {`{"customer_id":7,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":1,"paid_order_total":10.00,"latest_event_time":"2026-07-15T10:05:00Z"}`},
		"late_order_events":      {`{"event":{"event_id":"e3","order_id":3,"customer_id":7,"order_total":1.00,"status":"paid","event_time":"2026-07-15T10:50:00Z"},"watermark_at_arrival":"2026-07-15T11:05:00Z","reason_code":"BEHIND_WATERMARK"}`},
	},
}, {
	Name:     "several customers and windows, cancelled orders filtered",
	Pipeline: orderstreaming.Pipeline,
	Arrivals: []testkit.Arrival{
		{Payloads: map[string][]string{"order_events": {
			ev("e1", "1", "7", "10.00", "paid", "10:05:00"), ev("e2", "2", "8", "2.50", "paid", "10:06:00"),
			ev("e3", "3", "7", "99.00", "cancelled", "10:07:00"), ev("e4", "4", "7", "0.01", "paid", "10:59:59.999999"),
		}}},
		{Payloads: map[string][]string{"order_events": {ev("e5", "5", "8", "1.00", "paid", "12:30:00")}}},
	},
	Want: map[string][]string{
		"customer_order_windows": {
			`{"customer_id":7,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":2,"paid_order_total":10.01,"latest_event_time":"2026-07-15T10:59:59.999999Z"}`,
			`{"customer_id":8,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":1,"paid_order_total":2.50,"latest_event_time":"2026-07-15T10:06:00Z"}`,
		},
		"late_order_events": {},
	},
}, {
	Name:     "invalid payloads are quarantined with their reason codes",
	Pipeline: orderstreaming.Pipeline,
	Arrivals: []testkit.Arrival{{Payloads: map[string][]string{"order_events": {
		`{"event_id":"x","order_id":1,"customer_id":7,"order_total":1.001,"status":"paid","event_time":"2026-07-15T10:00:00Z"}`,
		`[]`,
	}}}},
	Want: map[string][]string{
		"customer_order_windows": {},
	},
}}

func TestScenarios(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) { testkit.RunScenario(t, s, nil) })
	}
}

// TestQuarantineReasonCodes checks the invalid scenario's reason codes.
func TestQuarantineReasonCodes(t *testing.T) {
	got := testkit.LocalRunner{}.Run(t, scenarios[2])
	rows := got["rejected_order_events"]
	testkit.Count(t, rows, 2)
	for _, code := range []string{`"reason_code":"DECIMAL_OVERFLOW"`, `"reason_code":"NOT_AN_OBJECT"`} {
		found := false
		for _, r := range rows {
			found = found || contains(r, code)
		}
		if !found {
			t.Errorf("no rejection with %s in %v", code, rows)
		}
	}
}
