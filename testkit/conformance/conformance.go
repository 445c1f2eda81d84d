// Package conformance is the two-engine conformance suite: a table of
// scenarios (arrival batches, late events, duplicates, several windows and
// customers, a stream–stream join, invalid payloads, a Change Data Feed
// MERGE, and Spark 4.1's behaviour measured for issue 12: a streaming
// limit, an outer join on watermarked keys, a window after a join, windows
// chained on WindowTime; min_by / max_by by event time; a static dimension
// validated at every micro-batch; a repartition by the grouping key before
// a window aggregation; expectations of each action Spark applies, with
// every query's passed and failed counts) that runs on the local engine (testkit.LocalRunner, in this
// package's tests) and, when the stack is up, through the generated PySpark
// program on Spark (e2e/conformance_test.go). Both must give exactly Want:
// rows, types, window bounds, quarantine reasons, late routing.
//
// This package is library code and imports no pipeline: the table is a
// function of the Pipelines it runs, which package suite binds to the
// examples and to the suite's own pipeline packages (dimension,
// expectcounts, multisink, spark41: user code, ranked above the examples
// they read); tests run suite.Scenarios().
package conformance

import (
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/testkit"
	"strconv"
)

// RejectedRunColumns are the columns of a quarantine row that scenarios do
// not compare: the reason's English wording, which may differ between the
// engines (docs/validation.md), and what depends on the run (processing
// time, where the payload was read from).
var RejectedRunColumns = []string{"reason", "observed_at", "source_topic", "source_partition", "source_offset"}

// Scenarios returns the conformance table over the pipelines p (a new copy
// on each call; package suite passes the pipelines each scenario was
// written for). Each arrival costs an available-now run of the generated
// program on Spark, so the table has few, rich scenarios.
func Scenarios(p Pipelines) []testkit.Scenario {
	return []testkit.Scenario{orderWindows(p), duplicatesAndJoin(p), customerCDF(p), statusWindows(p),
		firstOrders(p), impressionClicks(p), paidHours(p), dailyUnits(p), staticDimension(p), quarantinedDimension(p),
		repartitionedWindows(p), multiSink(p), expectationCounts(p)}
}

// orderEvent is an order-streaming payload on 2026-07-15 at the given time.
func orderEvent(id, order, customer, total, status, at string) string {
	return `{"event_id":"` + id + `","order_id":` + order + `,"customer_id":` + customer +
		`,"order_total":` + total + `,"status":"` + status + `","event_time":"2026-07-15T` + at + `Z"}`
}

// orderWindows: several customers and windows (a window bound at the last
// microsecond), a cancelled order filtered out, invalid payloads
// quarantined with their reason codes, and an event arriving after the
// watermark passed its window routed to the late table.
func orderWindows(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "order windows with late events and invalid payloads",
		Pipeline: p.OrderStreaming,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e1", "1", "7", "10.00", "paid", "10:05:00"),
				orderEvent("e2", "2", "8", "2.50", "paid", "10:06:00"),
				orderEvent("e3", "3", "7", "99.00", "cancelled", "10:07:00"),
				`{"event_id":"x","order_id":1,"customer_id":7,"order_total":1.001,"status":"paid","event_time":"2026-07-15T10:00:00Z"}`,
				orderEvent("e4", "4", "7", "0.01", "paid", "10:59:59.999999"),
				`[]`,
				orderEvent("e5", "5", "7", "5.00", "paid", "11:20:00"),
			}}},
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e6", "6", "7", "1.00", "paid", "10:50:00"),
				orderEvent("e7", "7", "8", "1.00", "paid", "12:30:00"),
				orderEvent("e8", "8", "7", "1.00", "shipped", "12:31:00"),
			}}},
		},
		Want: map[string][]string{
			"customer_order_windows": {
				`{"customer_id":7,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":2,"paid_order_total":10.01,"latest_event_time":"2026-07-15T10:59:59.999999Z"}`,
				`{"customer_id":8,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":1,"paid_order_total":2.50,"latest_event_time":"2026-07-15T10:06:00Z"}`,
				// closed by the second arrival's watermark (12:15)
				`{"customer_id":7,"window_start":"2026-07-15T11:00:00Z","window_end":"2026-07-15T12:00:00Z","paid_order_count":1,"paid_order_total":5.00,"latest_event_time":"2026-07-15T11:20:00Z"}`,
			},
			"late_order_events": {
				`{"event":{"event_id":"e6","order_id":6,"customer_id":7,"order_total":1.00,"status":"paid","event_time":"2026-07-15T10:50:00Z"},"watermark_at_arrival":"2026-07-15T11:05:00Z","reason_code":"BEHIND_WATERMARK"}`,
			},
			"rejected_order_events": {
				`{"event_id":"x","raw_payload":"{\"event_id\":\"x\",\"order_id\":1,\"customer_id\":7,\"order_total\":1.001,\"status\":\"paid\",\"event_time\":\"2026-07-15T10:00:00Z\"}","raw_payload_base64":null,"reason_code":"DECIMAL_OVERFLOW","field_path":"order_total","pipeline_id":"customer-order-streaming","contract_id":"order-event"}`,
				`{"event_id":null,"raw_payload":"[]","raw_payload_base64":null,"reason_code":"NOT_AN_OBJECT","field_path":"","pipeline_id":"customer-order-streaming","contract_id":"order-event"}`,
				`{"event_id":"e8","raw_payload":"{\"event_id\":\"e8\",\"order_id\":8,\"customer_id\":7,\"order_total\":1.00,\"status\":\"shipped\",\"event_time\":\"2026-07-15T12:31:00Z\"}","raw_payload_base64":null,"reason_code":"BAD_ENUM","field_path":"status","pipeline_id":"customer-order-streaming","contract_id":"order-event"}`,
			},
		},
		Ignore: map[string][]string{"rejected_order_events": RejectedRunColumns},
	}
}

func order(id, customer, total, at string) string {
	return `{"order_id":` + id + `,"customer_id":` + customer + `,"order_total":` + total + `,"placed_at":"2026-07-15T` + at + `Z"}`
}

func payment(id, order, amount, at string) string {
	return `{"payment_id":"` + id + `","order_id":` + order + `,"amount":` + amount + `,"paid_at":"2026-07-15T` + at + `Z"}`
}

func duplicatesAndJoin(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "duplicate payments and orders joined with their payments",
		Pipeline: p.OrderPayments,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{
				"orders":   {order("1", "7", "10.00", "10:00:00"), order("2", "8", "20.50", "10:05:00")},
				"payments": {payment("p1", "1", "10.00", "10:20:00"), payment("p1", "1", "10.00", "10:20:00")},
			}},
			{Payloads: map[string][]string{
				"orders": {order("3", "7", "3.00", "10:40:00"), order("4", "9", "1.25", "12:00:00")},
				"payments": {payment("p1", "1", "10.00", "10:21:00"), payment("p2", "2", "20.50", "10:30:00"),
					payment("p3", "4", "1.25", "12:10:00"), payment("p4", "99", "1.00", "12:15:00")},
			}},
		},
		Want: map[string][]string{
			"unique_payments": {
				`{"payment_id":"p1","order_id":1,"amount":10.00,"paid_at":"2026-07-15T10:20:00Z"}`,
				`{"payment_id":"p2","order_id":2,"amount":20.50,"paid_at":"2026-07-15T10:30:00Z"}`,
				`{"payment_id":"p3","order_id":4,"amount":1.25,"paid_at":"2026-07-15T12:10:00Z"}`,
				`{"payment_id":"p4","order_id":99,"amount":1.00,"paid_at":"2026-07-15T12:15:00Z"}`,
			},
			"paid_orders": { // every payment row in range, duplicates included: the join reads the raw payments
				`{"order_id":1,"customer_id":7,"order_total":10.00,"payment_id":"p1","amount":10.00,"placed_at":"2026-07-15T10:00:00Z","paid_at":"2026-07-15T10:20:00Z"}`,
				`{"order_id":1,"customer_id":7,"order_total":10.00,"payment_id":"p1","amount":10.00,"placed_at":"2026-07-15T10:00:00Z","paid_at":"2026-07-15T10:20:00Z"}`,
				`{"order_id":1,"customer_id":7,"order_total":10.00,"payment_id":"p1","amount":10.00,"placed_at":"2026-07-15T10:00:00Z","paid_at":"2026-07-15T10:21:00Z"}`,
				`{"order_id":2,"customer_id":8,"order_total":20.50,"payment_id":"p2","amount":20.50,"placed_at":"2026-07-15T10:05:00Z","paid_at":"2026-07-15T10:30:00Z"}`,
				`{"order_id":4,"customer_id":9,"order_total":1.25,"payment_id":"p3","amount":1.25,"placed_at":"2026-07-15T12:00:00Z","paid_at":"2026-07-15T12:10:00Z"}`,
			},
		},
	}
}

// customer is a row of the customer-cdf source table.
func customer(id, name, email, country, tier, at string) string {
	return `{"customer_id":` + id + `,"name":"` + name + `","email":"` + email + `","country":"` + country +
		`","tier":"` + tier + `","updated_at":"2026-07-15T` + at + `Z"}`
}

func customerCDF(p Pipelines) testkit.Scenario {
	const src = "customer_changes"
	return testkit.Scenario{
		Name:     "customer CDF MERGE of inserts, updates and deletes",
		Pipeline: p.CustomerCDF,
		Tables:   map[string]testkit.SourceTable{src: {Contract: "customer", Keys: []string{"customer_id"}}},
		Arrivals: []testkit.Arrival{
			{Changes: []testkit.TableChange{ // a key inserted and updated in one batch
				{Asset: src, Op: testkit.OpInsert, Rows: []string{
					customer("1", "Ada", "ADA@example.com", "gb", "gold", "09:00:00"),
					customer("2", "Grace", "grace@example.com", "us", "standard", "09:01:00")}},
				{Asset: src, Op: testkit.OpUpdate, Rows: []string{customer("1", "Ada L.", "ada@l.org", "GB", "gold", "09:02:00")}},
			}},
			{Changes: []testkit.TableChange{ // an update, a delete and re-insert, a key inserted and deleted
				{Asset: src, Op: testkit.OpUpdate, Rows: []string{customer("1", "Ada Lovelace", "Ada@Lovelace.org", "gb", "platinum", "09:03:00")}},
				{Asset: src, Op: testkit.OpDelete, Rows: []string{customer("2", "Grace", "grace@example.com", "us", "standard", "09:01:00")}},
				{Asset: src, Op: testkit.OpInsert, Rows: []string{
					customer("2", "Grace Hopper", "grace@navy.mil", "us", "gold", "09:04:00"),
					customer("3", "Alan", "alan@example.com", "gb", "standard", "09:05:00")}},
				{Asset: src, Op: testkit.OpDelete, Rows: []string{customer("3", "Alan", "alan@example.com", "gb", "standard", "09:05:00")}},
			}},
		},
		Want: map[string][]string{"customers": {
			`{"customer_id":1,"name":"Ada Lovelace","email":"ada@lovelace.org","country":"GB","tier":"platinum","updated_at":"2026-07-15T09:03:00Z"}`,
			`{"customer_id":2,"name":"Grace Hopper","email":"grace@navy.mil","country":"US","tier":"gold","updated_at":"2026-07-15T09:04:00Z"}`,
		}},
	}
}

// statusWindows: min_by and max_by by event time across two arrivals (the
// second brings an event earlier than the first arrival's earliest, so the
// state of the first batch is merged with the new rows), the window closed
// by the second arrival's watermark. No two events of a group share an
// event time: a tie is not deterministic on Spark (etl.MaxBy).
func statusWindows(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "first and latest status by event time (min_by, max_by)",
		Pipeline: p.OrderStatus,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e1", "1", "7", "10.00", "paid", "10:05:00"),
				orderEvent("e2", "2", "7", "20.00", "paid", "10:20:00"),
				orderEvent("e3", "2", "7", "20.00", "refunded", "10:40:00"),
				orderEvent("e4", "3", "8", "5.00", "paid", "10:10:00"),
			}}},
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e5", "5", "7", "1.00", "cancelled", "10:02:00"),
				orderEvent("e6", "6", "8", "2.00", "paid", "11:30:00"),
			}}},
		},
		Want: map[string][]string{"customer_status_windows": {
			`{"customer_id":7,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","first_status":"cancelled","latest_status":"refunded","latest_order_id":2,"events":4}`,
			`{"customer_id":8,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","first_status":"paid","latest_status":"paid","latest_order_id":3,"events":1}`,
		}},
	}
}

// dimensionRow is a row of the customer dimension.
func dimensionRow(id, segment string) string {
	return `{"customer_id":` + id + `,"segment":"` + segment + `"}`
}

// staticDimension: order events joined with a static customer table that
// changes between the arrivals; each micro-batch reads the table as it is
// then (a customer added later is "unknown" before). A row that breaks the
// dimension's contract (segment platinum) fails the batch on both engines,
// never joined and never dropped; fixed, the batch re-runs with the same
// events and the fixed row.
func staticDimension(p Pipelines) testkit.Scenario {
	return testkit.Scenario{
		Name:     "a static dimension validated at every micro-batch",
		Pipeline: p.Dimension,
		Tables:   map[string]testkit.SourceTable{"customers": {Contract: "dim-customer", Keys: []string{"customer_id"}, Static: true}},
		Arrivals: []testkit.Arrival{
			{
				Changes: []testkit.TableChange{{Asset: "customers", Op: testkit.OpInsert, Rows: []string{dimensionRow("7", "gold"), dimensionRow("8", "silver")}}},
				Payloads: map[string][]string{"order_events": {
					orderEvent("e1", "1", "7", "10.00", "paid", "10:05:00"),
					orderEvent("e2", "2", "9", "2.50", "paid", "10:06:00"),
				}},
			},
			{
				Changes:     []testkit.TableChange{{Asset: "customers", Op: testkit.OpInsert, Rows: []string{dimensionRow("9", "platinum")}}},
				Payloads:    map[string][]string{"order_events": {orderEvent("e3", "3", "9", "3.00", "paid", "10:07:00")}},
				WantFailure: localengine.StaticRowMarker,
			},
			{
				Changes:  []testkit.TableChange{{Asset: "customers", Op: testkit.OpUpdate, Rows: []string{dimensionRow("9", "bronze")}}},
				Payloads: map[string][]string{"order_events": {orderEvent("e4", "4", "8", "4.00", "paid", "10:08:00")}},
			},
		},
		Want: map[string][]string{
			"order_segments": {
				`{"event_id":"e1","order_id":1,"customer_id":7,"order_total":10.00,"status":"paid","event_time":"2026-07-15T10:05:00Z","segment":"gold"}`,
				`{"event_id":"e2","order_id":2,"customer_id":9,"order_total":2.50,"status":"paid","event_time":"2026-07-15T10:06:00Z","segment":"unknown"}`,
				`{"event_id":"e3","order_id":3,"customer_id":9,"order_total":3.00,"status":"paid","event_time":"2026-07-15T10:07:00Z","segment":"bronze"}`,
				`{"event_id":"e4","order_id":4,"customer_id":8,"order_total":4.00,"status":"paid","event_time":"2026-07-15T10:08:00Z","segment":"silver"}`,
			},
		},
	}
}

// quarantinedDimension: the static dimension of staticDimension with a
// quarantine named: a row that breaks the contract is not joined (its
// customer's orders get "unknown") and goes to the quarantine once,
// although every micro-batch reads and rejects it again; a row added
// broken later is added once more; fixed, the row joins, and the
// quarantine keeps what it saw.
func quarantinedDimension(p Pipelines) testkit.Scenario {
	reject := func(raw string) string {
		return `{"raw_payload":` + strconv.Quote(raw) + `,"reason_code":"BAD_ENUM",` +
			`"field_path":"segment","pipeline_id":"dim-order-segments","contract_id":"dim-customer","raw_payload_base64":null,` +
			`"contract_version":"1.0.0","rule":null}`
	}
	return testkit.Scenario{
		Name:     "a static dimension whose invalid rows go to a quarantine, each once",
		Pipeline: p.Dimension,
		Tables: map[string]testkit.SourceTable{"customers": {Contract: "dim-customer", Keys: []string{"customer_id"}, Static: true,
			Quarantine: "rejected_customers"}},
		Arrivals: []testkit.Arrival{
			{
				Changes: []testkit.TableChange{{Asset: "customers", Op: testkit.OpInsert,
					Rows: []string{dimensionRow("7", "gold"), dimensionRow("8", "silver"), dimensionRow("9", "platinum")}}},
				Payloads: map[string][]string{"order_events": {
					orderEvent("e1", "1", "7", "10.00", "paid", "10:05:00"),
					orderEvent("e2", "2", "9", "2.50", "paid", "10:06:00"),
				}},
			},
			{Payloads: map[string][]string{"order_events": {orderEvent("e3", "3", "8", "3.00", "paid", "10:07:00")}}},
			{
				Changes: []testkit.TableChange{
					{Asset: "customers", Op: testkit.OpUpdate, Rows: []string{dimensionRow("9", "bronze")}},
					{Asset: "customers", Op: testkit.OpInsert, Rows: []string{dimensionRow("10", "diamond")}},
				},
				Payloads: map[string][]string{"order_events": {orderEvent("e4", "4", "9", "4.00", "paid", "10:08:00")}},
			},
		},
		Want: map[string][]string{
			"order_segments": {
				`{"event_id":"e1","order_id":1,"customer_id":7,"order_total":10.00,"status":"paid","event_time":"2026-07-15T10:05:00Z","segment":"gold"}`,
				`{"event_id":"e2","order_id":2,"customer_id":9,"order_total":2.50,"status":"paid","event_time":"2026-07-15T10:06:00Z","segment":"unknown"}`,
				`{"event_id":"e3","order_id":3,"customer_id":8,"order_total":3.00,"status":"paid","event_time":"2026-07-15T10:07:00Z","segment":"silver"}`,
				`{"event_id":"e4","order_id":4,"customer_id":9,"order_total":4.00,"status":"paid","event_time":"2026-07-15T10:08:00Z","segment":"bronze"}`,
			},
			"rejected_customers": {reject(dimensionRow("9", "platinum")), reject(dimensionRow("10", "diamond"))},
		},
		// the wording and what depends on the run; source_topic is the
		// table's name: the local engine's memory table, the Spark
		// runner's database-qualified one
		Ignore: map[string][]string{"rejected_customers": RejectedRunColumns},
	}
}

// multiSink: two loads of the windows and two of the rejected events, each
// pair written by one query (multi-sink): both sinks of a stream hold the
// same rows, each batch once.
func multiSink(p Pipelines) testkit.Scenario {
	windows := []string{
		`{"customer_id":7,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":1,"paid_order_total":10.00,"latest_event_time":"2026-07-15T10:05:00Z"}`,
		`{"customer_id":8,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":1,"paid_order_total":2.50,"latest_event_time":"2026-07-15T10:06:00Z"}`,
	}
	rejected := []string{
		`{"event_id":null,"raw_payload":"[]","raw_payload_base64":null,"reason_code":"NOT_AN_OBJECT","field_path":"","pipeline_id":"multi-sink","contract_id":"order-event"}`,
		`{"event_id":"e3","raw_payload":"{\"event_id\":\"e3\",\"order_id\":3,\"customer_id\":7,\"order_total\":1.00,\"status\":\"shipped\",\"event_time\":\"2026-07-15T11:10:00Z\"}","raw_payload_base64":null,"reason_code":"BAD_ENUM","field_path":"status","pipeline_id":"multi-sink","contract_id":"order-event"}`,
	}
	return testkit.Scenario{
		Name:     "two loads of one stream written by one query",
		Pipeline: p.MultiSink,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e1", "1", "7", "10.00", "paid", "10:05:00"),
				orderEvent("e2", "2", "8", "2.50", "paid", "10:06:00"),
				`[]`,
			}}},
			{Payloads: map[string][]string{"order_events": {
				orderEvent("e3", "3", "7", "1.00", "shipped", "11:10:00"),
				orderEvent("e4", "4", "9", "4.00", "paid", "11:30:00"), // the watermark (11:15) closes 10:00
			}}},
		},
		Want: map[string][]string{
			"customer_order_windows": windows, "customer_order_windows_copy": windows,
			"rejected_order_events": rejected, "rejected_order_audit": rejected,
		},
		Ignore: map[string][]string{"rejected_order_events": RejectedRunColumns, "rejected_order_audit": RejectedRunColumns},
	}
}

// call is an API call payload of expectcounts on 2026-07-15 at the given
// time; latency "null" is a timed-out call.
func call(id, service, status, latency, at string) string {
	return `{"call_id":"` + id + `","service":"` + service + `","status_code":` + status + `,"latency_ms":` + latency +
		`,"called_at":"2026-07-15T` + at + `Z"}`
}

// expectationCounts: expectations that drop, warn and quarantine on the
// valid calls, read by two queries, and one that warns on a step's
// output; a NULL that breaks a predicate, boundaries on both sides, a
// dropped row that later expectations neither count nor quarantine. Both
// engines must give the same rows and the same counts per query and
// expectation (testkit.ExpectationCounts), and the same verdicts of the
// gates on those counts (testkit.GateVerdicts). One arrival: a run on Spark
// costs a minute or more on a loaded machine, and the counts of several
// batches add up the same (the run report's sums, run/expect.go).
func expectationCounts(p Pipelines) testkit.Scenario {
	held := func(id, service, status, latency, at string) string {
		return `{"call_id":"` + id + `","service":"` + service + `","status_code":` + status + `,"latency_ms":` + latency +
			`,"called_at":"2026-07-15T` + at + `Z","expectation":"known_status","pipeline_id":"api-call-checks"}`
	}
	outcome := func(id, service, status, outcome string) string {
		return `{"call_id":"` + id + `","service":"` + service + `","status_code":` + status + `,"outcome":"` + outcome + `"}`
	}
	row, verdict := testkit.ExpectationCountRow, testkit.GateVerdictRow
	return testkit.Scenario{
		Name:     "expectation counts per query on both engines",
		Pipeline: p.ExpectCounts,
		Arrivals: []testkit.Arrival{
			{Payloads: map[string][]string{"api_calls": {
				call("c1", "billing", "200", "12", "10:00:00"),
				call("c2", "", "200", "5", "10:00:01"),          // unrouted: dropped
				call("c3", "search", "503", "1500", "10:00:02"), // slow (kept), a server error (kept)
				call("c4", "search", "404", "null", "10:00:03"), // timed out: NULL breaks fast
				call("c5", "billing", "700", "3", "10:00:04"),   // quarantined
				call("c7", "", "999", "null", "10:01:00"),       // dropped before fast and known_status
				call("c8", "auth", "500", "999", "10:01:01"),    // fast at the bound; a server error
				call("c9", "auth", "100", "1000", "10:01:02"),   // slow at the bound; status 100 known
				call("c10", "auth", "600", "1", "10:01:03"),     // quarantined
			}}},
		},
		Want: map[string][]string{
			"calls": {
				call("c1", "billing", "200", "12", "10:00:00"), call("c3", "search", "503", "1500", "10:00:02"),
				call("c4", "search", "404", "null", "10:00:03"), call("c8", "auth", "500", "999", "10:01:01"),
				call("c9", "auth", "100", "1000", "10:01:02"),
			},
			"call_outcomes": {
				outcome("c1", "billing", "200", "ok"), outcome("c3", "search", "503", "server_error"),
				outcome("c4", "search", "404", "client_error"), outcome("c8", "auth", "500", "server_error"),
				outcome("c9", "auth", "100", "ok"),
			},
			"held_calls": {held("c5", "billing", "700", "3", "10:00:04"), held("c10", "auth", "600", "1", "10:01:03")},
			testkit.ExpectationCounts: {
				row("call_outcomes", "fast", "warn", 4, 3),
				row("call_outcomes", "known_status", "quarantine", 5, 2),
				row("call_outcomes", "no_server_error", "warn", 3, 2),
				row("call_outcomes", "routed", "drop", 7, 2),
				row("calls", "fast", "warn", 4, 3),
				row("calls", "known_status", "quarantine", 5, 2),
				row("calls", "routed", "drop", 7, 2),
			},
			// 3 of 7 routed calls slow; 2 unrouted (the rolling gates over
			// the first batch, of the last 3 batches and of the last hour,
			// on Spark counted again from the Kafka range); 2 of 5
			// outcomes server errors
			testkit.GateVerdicts: {
				verdict("call_outcomes", "server-errors", 0, 0.4, true),
				verdict("call_outcomes", "slow-calls", 0, 3.0/7, false),
				verdict("call_outcomes", "unrouted-last-3", 0, 2, true),
				verdict("call_outcomes", "unrouted-last-hour", 0, 2, true),
				verdict("calls", "slow-calls", 0, 3.0/7, false),
				verdict("calls", "unrouted-last-3", 0, 2, true),
				verdict("calls", "unrouted-last-hour", 0, 2, true),
			},
		},
		Ignore: map[string][]string{"held_calls": {"observed_at"}},
	}
}
