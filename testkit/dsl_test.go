package testkit_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// Payment and PaidOrder are test contracts for a stream–stream join, with
// the column accessors `etlgen gen` would write.
type Payment struct {
	PaymentID   string    `json:"payment_id" validate:"required"`
	PaidOrderID int64     `json:"paid_order_id"`
	PaidAt      time.Time `json:"paid_at" contract:"eventtime"`
}

type PaidOrder struct {
	OrderID   int64   `json:"order_id"`
	PaymentID *string `json:"payment_id"`
}

var paymentCols = struct {
	PaymentID   etl.Col[string]
	PaidOrderID etl.Col[int64]
	PaidAt      etl.Col[time.Time]
}{etl.NewCol[string]("payment_id"), etl.NewCol[int64]("paid_order_id"), etl.NewCol[time.Time]("paid_at")}

func init() {
	for _, t := range []reflect.Type{reflect.TypeFor[Payment](), reflect.TypeFor[PaidOrder]()} {
		c, err := contracts.FromType(t)
		if err != nil {
			panic(err)
		}
		contracts.MustRegister(t, c)
	}
}

// matchPayments joins orders with their payment made within an hour.
func matchPayments(how etl.JoinType) *etl.Pipeline {
	o, pc := orderstreaming.OrderEventCols, paymentCols
	tr := etl.Transform2("match-payments-"+string(how),
		func(orders etl.Stream[orderstreaming.OrderEvent], pays etl.Stream[Payment], _ etl.NoParams) etl.Stream[PaidOrder] {
			return etl.Into[PaidOrder](orders.WithWatermark(o.EventTime, etl.ParseDuration("10m")).
				Join(pays.WithWatermark(pc.PaidAt, etl.ParseDuration("10m")), how,
					etl.On(o.OrderID, pc.PaidOrderID),
					etl.Within(o.EventTime, pc.PaidAt, etl.DurationOf(0), etl.ParseDuration("1h"))).
				Select(o.OrderID, pc.PaymentID))
		})
	return etl.NewPipeline("payments-"+string(how), "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "orders")
		pays := etl.Extract[Payment](p, "payments")
		etl.Load(p, "paid", tr.Step(p, orders.Valid(), pays.Valid(), etl.NoParams{}))
	})
}

var (
	innerPayments = matchPayments(etl.Inner)
	leftPayments  = matchPayments(etl.Left)
)

func TestStreamStreamJoinThroughTheDSL(t *testing.T) {
	base := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	p1 := "p1"
	tests := []struct {
		name string
		p    *etl.Pipeline
		want []PaidOrder
	}{
		{"inner", innerPayments, []PaidOrder{{OrderID: 1, PaymentID: &p1}}},
		// order 2 never gets a payment in range: emitted with NULL once the
		// watermark passes its time + 1h.
		{"left outer", leftPayments, []PaidOrder{{OrderID: 1, PaymentID: &p1}, {OrderID: 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rt := testkit.Start(t, tc.p)
			testkit.AddEvents(rt, "orders", order("o1", 7, "1.00", base), order("o2", 7, "2.00", base))
			rt.ProcessAllAvailable()
			testkit.AddEvents(rt, "payments", Payment{PaymentID: "p1", PaidOrderID: 1, PaidAt: base.Add(30 * time.Minute)})
			rt.ProcessAllAvailable()
			// move both watermarks past 11:00 so that the state is evicted
			testkit.AddEvents(rt, "orders", order("o9", 9, "1.00", base.Add(3*time.Hour)))
			testkit.AddEvents(rt, "payments", Payment{PaymentID: "p9", PaidOrderID: 99, PaidAt: base.Add(3 * time.Hour)})
			rt.ProcessAllAvailable()
			testkit.RowsEqual(t, testkit.Table[PaidOrder](rt, "paid").Rows(), tc.want)
		})
	}
}

// dedupOrders drops repeated event ids within the watermark delay.
var dedupOrders = etl.NewPipeline("dedup-orders", "1.0.0", func(p *etl.Builder) {
	o := orderstreaming.OrderEventCols
	tr := etl.Transform("dedup-orders",
		func(orders etl.Stream[orderstreaming.OrderEvent], _ etl.NoParams) etl.Stream[orderstreaming.OrderEvent] {
			return orders.WithWatermark(o.EventTime, etl.ParseDuration("10m")).DropDuplicatesWithinWatermark(o.EventID)
		})
	orders := etl.Extract[orderstreaming.OrderEvent](p, "orders")
	etl.Load(p, "unique_orders", tr.Step(p, orders.Valid(), etl.NoParams{}))
})

func TestDropDuplicatesWithinWatermarkThroughTheDSL(t *testing.T) {
	base := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	rt := testkit.Start(t, dedupOrders)
	first := order("e1", 7, "1.00", base)
	testkit.AddEvents(rt, "orders", first, first) // a duplicate in the same batch
	rt.ProcessAllAvailable()
	testkit.AddEvents(rt, "orders", order("e1", 7, "9.00", base.Add(5*time.Minute))) // still remembered
	rt.ProcessAllAvailable()
	testkit.RowsEqual(t, testkit.Table[orderstreaming.OrderEvent](rt, "unique_orders").Rows(), []orderstreaming.OrderEvent{first})
	testkit.Count(t, rt.State("dedup-orders"), 1)
}
