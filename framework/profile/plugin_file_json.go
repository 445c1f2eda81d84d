package profile

// fileJSONWriteModes are the write modes of the file-json plugin.
var fileJSONWriteModes = []WriteMode{{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend}, Delivery: &SinkGuarantee{
	Name: "file sink", Level: EffectivelyExactlyOnce, Requirements: []string{
		"readers list files through the sink's _spark_metadata log; a reader that lists the directory directly may see a replayed batch's files twice (at-least-once)",
	}}}}

// fileJSON is the file-json plugin: JSON-lines files in a directory.
func fileJSON() Plugin {
	return Plugin{
		Name:        PluginFileJSON,
		Display:     "JSON files",
		SparkFormat: "json",
		Summary:     "JSON-lines files in a directory: a streaming file source, or an append sink writing one file per micro-batch.",
		Roles:       []Role{RoleStreamingSource, RoleAppendSink},
		Engines:     []string{EngineLocal, EnginePySpark},
		Source: &SourceFacts{
			Name: "file source", Rows: RowsPayload, Replayable: true, Reread: true,
			ReplayNeed:   "input files are immutable once visible and are not deleted before the checkpoint commits them",
			DefaultStart: "every file already in the directory",
		},
		Options: []Option{
			{Name: "path", Type: TypePath, Required: true, Spark: "path",
				Description: "Directory of *.jsonl files; relative paths resolve against the profile's directory."},
			{Name: "max_files_per_trigger", Type: TypeInt, Min: 1, Spark: "maxFilesPerTrigger",
				Description: "Upper bound on new files per micro-batch (source only)."},
			outputModeOption(fileJSONWriteModes),
		},
		WriteModes: fileJSONWriteModes,
	}
}
