package rate

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/profile"
)

// Spec is the rate plugin: generated rows for load tests and demos.
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:        Name,
		Display:     "Rate",
		SparkFormat: "rate",
		Summary:     "Generated rows (timestamp, value) at a fixed rate, for load tests and demos.",
		Roles:       []profile.Role{profile.RoleStreamingSource},
		Engines:     []string{profile.EngineLocal, profile.EnginePySpark},
		Source: &profile.SourceFacts{
			Name: "rate source", Rows: profile.RowsTyped, Replayable: true,
			ReplayNeed:   "the rate source regenerates the same rows for a replayed batch",
			DefaultStart: "the rate source's first row",
			Schema: []profile.FixedColumn{{Name: "timestamp", Kind: contracts.KindTimestamp},
				{Name: "value", Kind: contracts.KindInt64}},
		},
		Options: []profile.Option{
			{Name: "rows_per_second", Type: profile.TypeInt, Min: 1, Default: "1", Spark: "rowsPerSecond",
				Description: "Rows generated per second."},
			{Name: "ramp_up_time", Type: profile.TypeDuration, Spark: "rampUpTime", SparkTimeString: true,
				Description: "Time to ramp up to rows_per_second."},
			{Name: "num_partitions", Type: profile.TypeInt, Min: 1, Spark: "numPartitions",
				Description: "Partitions of the generated rows."},
		},
	}
}
