package profile

import "slices"

// The built-in engine names.
const (
	EnginePySpark = "pyspark"
	EngineLocal   = "local"
)

// The output modes of Spark Structured Streaming.
const (
	OutputAppend   = "append"
	OutputUpdate   = "update"
	OutputComplete = "complete"
)

// The write modes of the sink plugins.
const (
	WriteAppend = "append"
	WriteMerge  = "foreach-batch-merge"
)

// WriteModeOption is the sink option that chooses one of the plugin's
// write modes (WriteAppend, WriteMerge).
const WriteModeOption = "write_mode"

// OutputModeOption is the sink option that forces the streaming output mode
// of the query writing the asset.
const OutputModeOption = "output_mode"

// OutputModeSpec is the spec of a sink plugin's output_mode option: its
// values are the output modes some write mode of the plugin accepts. Parsing
// checks the value against them (ETL-P305) and against the output modes of
// the asset's own write mode (ETL-P318).
func OutputModeSpec(modes []WriteMode) Option {
	var enum []string
	for _, m := range []string{OutputAppend, OutputUpdate, OutputComplete} {
		for _, w := range modes {
			if slices.Contains(w.OutputModes, m) {
				enum = append(enum, m)
				break
			}
		}
	}
	return Option{Name: OutputModeOption, Type: TypeString, Enum: enum,
		Description: "Force the output mode of the query writing this sink (default: the planner infers it); " +
			"one the write mode accepts. `etlgen validate/plan/run --output-mode QUERY=MODE` wins over it."}
}
