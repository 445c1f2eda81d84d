package ratesource

import "github.com/etlgen/etlgen/framework/etl"

// Tag adds the minute of the hour each tick was generated in.
var Tag = etl.Transform("tag-ticks",
	func(in etl.Stream[Tick], _ etl.NoParams) etl.Stream[TaggedTick] {
		t, tt := TickCols, TaggedTickCols
		return etl.Into[TaggedTick](in.WithColumn(etl.Minute(t.Timestamp).As(tt.Minute)))
	},
	etl.WithInputs("ticks"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Ticks with the minute of the hour they were generated in."))

// Pipeline appends the tagged ticks of the rate source to a table.
var Pipeline = etl.NewPipeline("rate-ticks", "1.0.0", func(p *etl.Builder) {
	ticks := etl.Extract[Tick](p, "ticks")
	etl.Load(p, "tagged_ticks", Tag.Step(p, ticks.Valid(), etl.NoParams{}))
}, etl.Describe("Generated ticks of the rate source, tagged with their minute."))
