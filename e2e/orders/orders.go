// Package orders makes order events for the end-to-end tests, the demo and
// the Spark benchmark: deterministic synthetic OrderEvent payloads and, as an
// oracle independent of every engine, the per-customer tumbling windows the
// order-streaming pipeline must produce from them.
package orders

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"time"
)

// Event is one valid order event (the OrderEvent contract of
// examples/order-streaming). Totals are in cents so sums stay exact.
type Event struct {
	EventID    string
	OrderID    int64
	CustomerID int64
	TotalCents int64
	Status     string
	EventTime  time.Time
}

// JSON renders the event as the producer would: order_total as a JSON number
// with two decimals, event_time in RFC 3339 UTC.
func (e Event) JSON() []byte {
	return fmt.Appendf(nil, `{"event_id":%q,"order_id":%d,"customer_id":%d,"order_total":%d.%02d,"status":%q,"event_time":%q}`,
		e.EventID, e.OrderID, e.CustomerID, e.TotalCents/100, e.TotalCents%100, e.Status,
		e.EventTime.UTC().Format(time.RFC3339Nano))
}

// Options shape Generate's events.
type Options struct {
	// Seed makes the sequence reproducible.
	Seed uint64
	// Start is the event time of the first event.
	Start time.Time
	// Step is the event-time distance between consecutive events.
	Step time.Duration
	// Customers is the number of distinct customers (ids 1..Customers).
	Customers int
	// FirstOrderID numbers the orders from here on (and the event ids).
	FirstOrderID int64
}

var statuses = []string{"paid", "paid", "paid", "cancelled", "refunded"}

// Generate returns n valid events in event-time order, Step apart from Start.
func Generate(n int, o Options) []Event {
	if o.Customers <= 0 {
		o.Customers = 10
	}
	if o.Step <= 0 {
		o.Step = time.Minute
	}
	if o.FirstOrderID <= 0 {
		o.FirstOrderID = 1
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x0e7199e4))
	out := make([]Event, n)
	for i := range out {
		id := o.FirstOrderID + int64(i)
		out[i] = Event{
			EventID:    fmt.Sprintf("evt-%d", id),
			OrderID:    id,
			CustomerID: 1 + r.Int64N(int64(o.Customers)),
			TotalCents: r.Int64N(100000),
			Status:     statuses[r.IntN(len(statuses))],
			EventTime:  o.Start.Add(time.Duration(i) * o.Step).UTC(),
		}
	}
	return out
}

// Window is one row of customer_order_windows.
type Window struct {
	CustomerID      int64
	Start, End      time.Time
	PaidOrderCount  int64
	PaidTotalCents  int64
	LatestEventTime time.Time
}

// String renders the window for test messages and comparisons.
func (w Window) String() string {
	return fmt.Sprintf("customer %d [%s, %s) count %d total %d.%02d latest %s", w.CustomerID,
		w.Start.UTC().Format(time.RFC3339), w.End.UTC().Format(time.RFC3339), w.PaidOrderCount,
		w.PaidTotalCents/100, w.PaidTotalCents%100, w.LatestEventTime.UTC().Format(time.RFC3339Nano))
}

// Windows aggregates the paid events per customer and tumbling window of
// size (aligned to the Unix epoch, as Spark's window()): count, sum of
// totals, latest event time. The result is sorted by customer, then start.
func Windows(events []Event, size time.Duration) []Window {
	type key struct {
		customer int64
		start    int64
	}
	acc := map[key]*Window{}
	for _, e := range events {
		if e.Status != "paid" {
			continue
		}
		start := e.EventTime.UTC().Truncate(size) // Truncate is relative to the zero time; size divides a day
		k := key{e.CustomerID, start.UnixNano()}
		w := acc[k]
		if w == nil {
			w = &Window{CustomerID: e.CustomerID, Start: start, End: start.Add(size)}
			acc[k] = w
		}
		w.PaidOrderCount++
		w.PaidTotalCents += e.TotalCents
		if e.EventTime.After(w.LatestEventTime) {
			w.LatestEventTime = e.EventTime.UTC()
		}
	}
	out := make([]Window, 0, len(acc))
	for _, w := range acc {
		out = append(out, *w)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].CustomerID != out[j].CustomerID {
			return out[i].CustomerID < out[j].CustomerID
		}
		return out[i].Start.Before(out[j].Start)
	})
	return out
}
