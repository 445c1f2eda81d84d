package spark41

import (
	"time"

	orderpayments "github.com/etlgen/etlgen/examples/order-payments"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
)

// FirstOrders keeps the first three orders the query ever reads: a limit
// on a stream in append mode (Spark's StreamingGlobalLimitExec).
var FirstOrders = etl.Transform("s41-first-orders",
	func(orders etl.Stream[orderpayments.Order], _ etl.NoParams) etl.Stream[orderpayments.Order] {
		return orders.Limit(3)
	},
	etl.WithInputs("orders"), etl.WithVersion("1.0.0"),
	etl.WithDescription("The first three orders of the stream."))

// LimitPipeline loads the first three orders.
var LimitPipeline = etl.NewPipeline("s41-limit", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderpayments.Order](p, "orders")
	etl.Load(p, "first_orders", FirstOrders.Step(p, orders.Valid(), etl.NoParams{}))
}, etl.Describe("A limit on a stream in append mode."))

// ImpressionClicks left-outer-joins impressions with the clicks of the same
// ad and minute: the minutes are both inputs' watermarked event times, so
// the join keys bound both sides' state and no range is needed; an
// impression without a click is emitted once the watermark passes its
// minute.
var ImpressionClicks = etl.Transform2("s41-impression-clicks",
	func(imps etl.Stream[Impression], clicks etl.Stream[Click], _ etl.NoParams) etl.Stream[ImpressionClick] {
		i, c := ImpressionCols, ClickCols
		return etl.Into[ImpressionClick](imps.WithWatermark(i.Minute, etl.ParseDuration("10m")).
			Join(clicks.WithWatermark(c.Minute, etl.ParseDuration("10m")), etl.Left,
				etl.On(i.AdID, c.AdID), etl.On(i.Minute, c.Minute)))
	},
	etl.WithInputs("impressions", "clicks"), etl.WithVersion("1.0.0"),
	etl.WithDescription("Impressions with the click of their ad and minute, if any."))

// KeyJoinPipeline loads impressions with their clicks.
var KeyJoinPipeline = etl.NewPipeline("s41-key-join", "1.0.0", func(p *etl.Builder) {
	imps := etl.Extract[Impression](p, "impressions")
	clicks := etl.Extract[Click](p, "clicks")
	etl.Load(p, "impression_clicks", ImpressionClicks.Step(p, imps.Valid(), clicks.Valid(), etl.NoParams{}))
}, etl.Describe("A left outer stream–stream join on watermarked event-time keys."))

// HourlyPaid counts, per hour of placement, the orders matched with a
// payment within an hour (orderpayments.MatchPayments, the step before):
// a window aggregation after a time-interval join, in append mode, with
// the join's output conformed to a contract between them. It closes an
// hour once the join can no longer emit rows for it (the join's output
// watermark, an hour behind the global one).
var HourlyPaid = etl.Transform("s41-hourly-paid",
	func(matched etl.Stream[orderpayments.PaidOrder], _ etl.NoParams) etl.Stream[PaidHour] {
		m, h := orderpayments.PaidOrderCols, PaidHourCols
		return etl.Into[PaidHour](matched.GroupBy(etl.TumblingWindow(m.PlacedAt, etl.ParseDuration("1h"))).
			Agg(etl.CountAll().As(h.PaidOrders), etl.Sum(m.Amount).Named(h.PaidAmount.Name())))
	},
	etl.WithInputs("matched"), etl.WithVersion("1.0.0"),
	etl.WithDescription("Hourly counts of the orders paid within an hour."))

// JoinWindowPipeline matches orders with their payments and loads the
// hourly counts.
var JoinWindowPipeline = etl.NewPipeline("s41-join-window", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderpayments.Order](p, "orders")
	payments := etl.Extract[orderpayments.Payment](p, "payments")
	matched := orderpayments.MatchPayments.Step(p, orders.Valid(), payments.Valid(), orderpayments.MatchParams{})
	etl.Load(p, "paid_hours", HourlyPaid.Step(p, matched, etl.NoParams{}))
}, etl.Describe("A window aggregation after a stream–stream time-interval join."))

// hourly are the columns of the hourly aggregation DailyMeterUnits builds.
var hourly = struct {
	Units     etl.Col[int64]
	WindowEnd etl.Col[time.Time]
	HourTime  etl.Col[time.Time]
}{etl.NewCol[int64]("units"), etl.NewCol[time.Time]("window_end"), etl.NewCol[time.Time]("hour_time")}

// DailyMeterUnits sums readings per meter and hour, then the hours per
// day: the daily window is on the hours' event time, WindowTime(window_end)
// (Spark's window_time), so the hour [23:00, 24:00) counts in its own day.
var DailyMeterUnits = etl.Transform("s41-daily-meter-units",
	func(readings etl.Stream[Reading], _ etl.NoParams) etl.Stream[DailyUnits] {
		r, d := ReadingCols, DailyUnitsCols
		hours := readings.WithWatermark(r.ReadAt, etl.ParseDuration("10m")).
			GroupBy(r.MeterID, etl.TumblingWindow(r.ReadAt, etl.ParseDuration("1h"))).
			Agg(etl.Sum(r.Units).As(hourly.Units)).
			WithColumn(etl.WindowTime(hourly.WindowEnd).As(hourly.HourTime))
		return etl.Into[DailyUnits](hours.GroupBy(r.MeterID, etl.TumblingWindow(hourly.HourTime, etl.ParseDuration("24h"))).
			Agg(etl.Sum(hourly.Units).As(d.Units)))
	},
	etl.WithInputs("readings"), etl.WithVersion("1.0.0"),
	etl.WithDescription("Daily consumption per meter, chained on the hourly windows' event time."))

// ChainedWindowsPipeline loads the daily consumption of each meter.
var ChainedWindowsPipeline = etl.NewPipeline("s41-chained-windows", "1.0.0", func(p *etl.Builder) {
	readings := etl.Extract[Reading](p, "readings")
	etl.Load(p, "daily_units", DailyMeterUnits.Step(p, readings.Valid(), etl.NoParams{}))
}, etl.Describe("Daily windows chained on hourly windows with WindowTime."))

// RepartitionedWindows is the order-streaming example's aggregation
// (orderstreaming.AggregateCustomerOrders with its defaults) with the paid
// orders repartitioned into 4 partitions by the grouping key before it:
// Spark shuffles each customer's rows to one partition first (an exchange
// REPARTITION_BY_NUM), then by customer and window again for the
// aggregation's state (REQUIRED_BY_STATEFUL_OPERATOR, into
// spark.sql.shuffle.partitions). The rows are the example's.
var RepartitionedWindows = etl.Transform("s41-repartitioned-windows",
	func(orders etl.Stream[orderstreaming.OrderEvent], _ etl.NoParams) etl.Stream[orderstreaming.CustomerOrderWindow] {
		o, w := orderstreaming.OrderEventCols, orderstreaming.CustomerOrderWindowCols
		return etl.Into[orderstreaming.CustomerOrderWindow](orders.
			Where(o.Status.Eq("paid")).
			WithWatermark(o.EventTime, etl.ParseDuration("15m")).
			Repartition(4, o.CustomerID).
			GroupBy(o.CustomerID, etl.TumblingWindow(o.EventTime, etl.ParseDuration("1h"))).
			Agg(etl.Count(o.OrderID).As(w.PaidOrderCount),
				etl.Sum(o.OrderTotal).As(w.PaidOrderTotal),
				etl.Max(o.EventTime).As(w.LatestEventTime)))
	},
	etl.WithInputs("orders"), etl.WithVersion("1.0.0"),
	etl.WithDescription("Paid orders per customer and hour, repartitioned by customer before the aggregation."))

// RepartitionPipeline loads the repartitioned windows.
var RepartitionPipeline = etl.NewPipeline("s41-repartition", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	etl.Load(p, "customer_order_windows", RepartitionedWindows.Step(p, orders.Valid(), etl.NoParams{}))
}, etl.Describe("A repartition by the grouping key before a windowed aggregation."))
