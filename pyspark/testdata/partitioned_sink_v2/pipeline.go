package partitionedsinkv2

import "github.com/etlgen/etlgen/framework/etl"

// DateTicks adds the UTC date each tick was generated on.
var DateTicks = etl.Transform("date-ticks",
	func(in etl.Stream[Tick], _ etl.NoParams) etl.Stream[DatedTick] {
		t, d := TickCols, DatedTickCols
		return etl.Into[DatedTick](in.WithColumn(etl.ToDate(t.Timestamp).As(d.EventDate), etl.Minute(t.Timestamp).As(d.Minute)))
	},
	etl.WithInputs("ticks"),
	etl.WithVersion("1.1.0"),
	etl.WithDescription("Ticks with the date and the minute they were generated on."))

// Pipeline appends the dated ticks of the rate source to a partitioned table.
var Pipeline = etl.NewPipeline("dated-ticks", "1.1.0", func(p *etl.Builder) {
	ticks := etl.Extract[Tick](p, "ticks")
	etl.Load(p, "dated_ticks", DateTicks.Step(p, ticks.Valid(), etl.NoParams{}))
}, etl.Describe("Generated ticks of the rate source, dated and partitioned by their date."))
