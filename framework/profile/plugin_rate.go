package profile

import "github.com/etlgen/etlgen/contracts"

// rate is the rate plugin: generated rows for load tests and demos.
func rate() Plugin {
	return Plugin{
		Name:        PluginRate,
		Display:     "Rate",
		SparkFormat: "rate",
		Summary:     "Generated rows (timestamp, value) at a fixed rate, for load tests and demos.",
		Roles:       []Role{RoleStreamingSource},
		Engines:     []string{EngineLocal, EnginePySpark},
		Source: &SourceFacts{
			Name: "rate source", Rows: RowsTyped, Replayable: true,
			ReplayNeed:   "the rate source regenerates the same rows for a replayed batch",
			DefaultStart: "the rate source's first row",
			Schema:       []FixedColumn{{"timestamp", contracts.KindTimestamp}, {"value", contracts.KindInt64}},
		},
		Options: []Option{
			{Name: "rows_per_second", Type: TypeInt, Min: 1, Default: "1", Spark: "rowsPerSecond",
				Description: "Rows generated per second."},
			{Name: "ramp_up_time", Type: TypeDuration, Spark: "rampUpTime", SparkTimeString: true,
				Description: "Time to ramp up to rows_per_second."},
			{Name: "num_partitions", Type: TypeInt, Min: 1, Spark: "numPartitions",
				Description: "Partitions of the generated rows."},
		},
	}
}
