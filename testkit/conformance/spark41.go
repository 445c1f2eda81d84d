package conformance

import "github.com/etlgen/etlgen/testkit"

// The scenarios of Spark 4.1 behaviour that etlgen once refused or ran
// otherwise (issue 12), each measured on the server first.

// firstOrders: a limit on a stream in append mode keeps the first three
// orders read, across arrivals.
func firstOrders(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "limit on a stream keeps the first rows across batches",
		Pipeline: p.Limit,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"orders": {order("1", "7", "10.00", "10:00:00"), order("2", "8", "20.00", "10:01:00")}}},
			{Payloads: map[string][]string{"orders": {order("3", "7", "30.00", "10:02:00"), order("4", "9", "40.00", "10:03:00")}}},
			{Payloads: map[string][]string{"orders": {order("5", "7", "50.00", "10:04:00")}}},
		},
		Want: map[string][]string{"first_orders": {
			`{"order_id":1,"customer_id":7,"order_total":10.00,"placed_at":"2026-07-15T10:00:00Z"}`,
			`{"order_id":2,"customer_id":8,"order_total":20.00,"placed_at":"2026-07-15T10:01:00Z"}`,
			`{"order_id":3,"customer_id":7,"order_total":30.00,"placed_at":"2026-07-15T10:02:00Z"}`,
		}},
	}
}

func impression(id, ad, at string) string {
	return `{"impression_id":"` + id + `","ad_id":` + ad + `,"minute":"2026-07-15T` + at + `Z"}`
}

func click(id, ad, at string) string {
	return `{"click_id":"` + id + `","ad_id":` + ad + `,"minute":"2026-07-15T` + at + `Z"}`
}

// impressionClicks: a left outer join on the ad and the watermarked minute
// of both sides; i2 and i4 get no click and are emitted once the watermark
// (min of both inputs' max minute − 10 minutes) passes their minute: in
// the last arrival, at 10:30.
func impressionClicks(p Pipelines) testkit.Scenario {
	ic := func(id, ad, at, clk string) string {
		return `{"impression_id":"` + id + `","ad_id":` + ad + `,"minute":"2026-07-15T` + at + `Z","click_id":` + clk + `}`
	}
	return testkit.Scenario{
		Name:     "left outer join on watermarked event-time keys",
		Pipeline: p.KeyJoin,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{
				"impressions": {impression("i0", "10", "00:00:00"), impression("i1", "1", "10:00:00"), impression("i2", "2", "10:00:00")},
				"clicks":      {click("c0", "10", "00:00:00"), click("c1", "1", "10:00:00")}}},
			{Payloads: map[string][]string{"impressions": {impression("i3", "3", "10:05:00")}, "clicks": {click("c2", "2", "10:05:00")}}},
			{Payloads: map[string][]string{"impressions": {impression("i4", "4", "10:20:00")}, "clicks": {click("c3", "3", "10:05:00")}}},
			{Payloads: map[string][]string{"impressions": {impression("i5", "5", "10:40:00")}, "clicks": {click("c9", "9", "10:40:00")}}},
		},
		Want: map[string][]string{"impression_clicks": {
			ic("i0", "10", "00:00:00", `"c0"`), ic("i1", "1", "10:00:00", `"c1"`), ic("i3", "3", "10:05:00", `"c3"`),
			ic("i2", "2", "10:00:00", "null"), ic("i4", "4", "10:20:00", "null"),
		}},
	}
}

// paidHours: hourly counts after a time-interval join (payments within an
// hour, watermarks 10 minutes). The aggregation closes an hour only when
// the join's output watermark (global − 1 h − 1 ms) passes its end: after
// the last arrival (global 15:50) [13:00, 14:00) is closed, [14:00, 15:00)
// is not; order 5 and its payment arrive behind the join's watermark and
// are dropped.
func paidHours(p Pipelines) testkit.Scenario {
	pay := func(n, amount, at string) string { return payment("p"+n, n, amount, at) }
	return testkit.Scenario{
		Name:     "window aggregation after a time-interval join",
		Pipeline: p.JoinWindow,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"orders": {order("1", "7", "1.00", "10:00:00"), order("2", "7", "2.00", "10:30:00")},
				"payments": {pay("1", "1.00", "10:10:00"), pay("2", "2.00", "10:40:00")}}},
			{Payloads: map[string][]string{"orders": {order("3", "7", "4.00", "11:10:00")}, "payments": {pay("3", "4.00", "11:20:00")}}},
			{Payloads: map[string][]string{"orders": {order("4", "7", "8.00", "12:30:00")}, "payments": {pay("4", "8.00", "12:35:00")}}},
			{Payloads: map[string][]string{"orders": {order("5", "7", "16.00", "10:50:00"), order("6", "7", "32.00", "13:00:00")},
				"payments": {pay("5", "16.00", "11:00:00"), pay("6", "32.00", "13:05:00")}}},
			{Payloads: map[string][]string{"orders": {order("7", "7", "64.00", "14:30:00")}, "payments": {pay("7", "64.00", "14:31:00")}}},
			{Payloads: map[string][]string{"orders": {order("8", "7", "128.00", "16:00:00")}, "payments": {pay("8", "128.00", "16:01:00")}}},
		},
		Want: map[string][]string{"paid_hours": {
			`{"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_orders":2,"paid_amount":3.00}`,
			`{"window_start":"2026-07-15T11:00:00Z","window_end":"2026-07-15T12:00:00Z","paid_orders":1,"paid_amount":4.00}`,
			`{"window_start":"2026-07-15T12:00:00Z","window_end":"2026-07-15T13:00:00Z","paid_orders":1,"paid_amount":8.00}`,
			`{"window_start":"2026-07-15T13:00:00Z","window_end":"2026-07-15T14:00:00Z","paid_orders":1,"paid_amount":32.00}`,
		}},
	}
}

func reading(meter, units, at string) string {
	return `{"meter_id":"` + meter + `","units":` + units + `,"read_at":"2026-07-` + at + `Z"}`
}

// dailyUnits: hourly sums chained into daily sums on WindowTime: the hour
// [23:00, 24:00) of the 14th counts on the 14th; each day closes once the
// hourly watermark passes its end.
func dailyUnits(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "daily windows chained on the hourly windows' WindowTime",
		Pipeline: p.ChainedWindows,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"readings": {reading("m1", "1", "14T23:10:00"), reading("m1", "2", "14T22:10:00")}}},
			{Payloads: map[string][]string{"readings": {reading("m1", "4", "15T00:20:00")}}},
			{Payloads: map[string][]string{"readings": {reading("m1", "8", "15T01:30:00")}}},
			{Payloads: map[string][]string{"readings": {reading("m1", "16", "16T02:00:00")}}},
			{Payloads: map[string][]string{"readings": {reading("m2", "32", "17T05:00:00")}}},
		},
		Want: map[string][]string{"daily_units": {
			`{"meter_id":"m1","window_start":"2026-07-14T00:00:00Z","window_end":"2026-07-15T00:00:00Z","units":3}`,
			`{"meter_id":"m1","window_start":"2026-07-15T00:00:00Z","window_end":"2026-07-16T00:00:00Z","units":12}`,
			`{"meter_id":"m1","window_start":"2026-07-16T00:00:00Z","window_end":"2026-07-17T00:00:00Z","units":16}`,
		}},
	}
}

// repartitionedWindows: a repartition by the grouping key before a
// windowed aggregation changes where Spark computes the rows, not which:
// the windows of the order-streaming example's events (a window closed by
// the watermark, one still open, a cancelled order filtered out), an event
// behind the watermark dropped.
func repartitionedWindows(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "repartition by the grouping key before a window aggregation",
		Pipeline: p.Repartition,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e1", "1", "7", "10.00", "paid", "10:05:00"),
				orderEvent("e2", "2", "8", "2.50", "paid", "10:06:00"),
				orderEvent("e3", "3", "7", "99.00", "cancelled", "10:07:00"),
				orderEvent("e4", "4", "7", "0.01", "paid", "10:59:59.999999"),
				orderEvent("e5", "5", "9", "5.00", "paid", "11:20:00"),
			}}},
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e6", "6", "7", "1.00", "paid", "10:50:00"), // behind the watermark (11:05)
				orderEvent("e7", "7", "8", "1.00", "paid", "12:30:00"),
				orderEvent("e8", "8", "9", "3.00", "paid", "11:40:00"),
			}}},
		},
		Want: map[string][]string{"customer_order_windows": {
			`{"customer_id":7,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":2,"paid_order_total":10.01,"latest_event_time":"2026-07-15T10:59:59.999999Z"}`,
			`{"customer_id":8,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":1,"paid_order_total":2.50,"latest_event_time":"2026-07-15T10:06:00Z"}`,
			// closed by the second arrival's watermark (12:15)
			`{"customer_id":9,"window_start":"2026-07-15T11:00:00Z","window_end":"2026-07-15T12:00:00Z","paid_order_count":2,"paid_order_total":8.00,"latest_event_time":"2026-07-15T11:40:00Z"}`,
		}},
	}
}
