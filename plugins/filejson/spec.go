package filejson

import "github.com/etlgen/etlgen/framework/profile"

// fileJSONWriteModes are the write modes of the file-json plugin. The two
// engines write differently, and say so: the local engine one file per
// batch and checkpoint with a sink log, the Spark engine one directory per
// query id and batch
// (pyspark/runtime: write_files).
var fileJSONWriteModes = []profile.WriteMode{{Name: profile.WriteAppend, Role: profile.RoleAppendSink, OutputModes: []string{profile.OutputAppend},
	Delivery: &profile.SinkGuarantee{Name: "file sink", Level: profile.EffectivelyExactlyOnce, Requirements: []string{
		"each micro-batch is one file part-<batch id>-<checkpoint id>.jsonl and each committed batch a line of _etlgen_sink/<checkpoint id>.log: a replayed batch rewrites or skips its own file, and a new checkpoint writes its own files beside an earlier one's (read through the sink log to see committed batches only)",
	}},
	EngineDelivery: map[string]*profile.SinkGuarantee{profile.EnginePySpark: {Name: "file sink", Level: profile.EffectivelyExactlyOnce, Requirements: []string{
		"each micro-batch is written to its own directory <path>/etlgen_query=<the checkpoint's query id>/etlgen_batch=<batch id>, replaced as a whole when the batch is replayed; read the path as a partitioned directory (a reader listing it while a batch is replaced may miss that batch until the rewrite ends)",
		"a new checkpoint has a new query id: it writes new directories and never overwrites an earlier checkpoint's",
	}}},
}}

// Spec is the file-json plugin: JSON-lines files in a directory.
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:        Name,
		Display:     "JSON files",
		SparkFormat: "json",
		// Spark's file source reads every file that is not hidden; the
		// local engine and the docs say *.json and *.jsonl.
		SparkFixed: map[string]string{"pathGlobFilter": "*.{json,jsonl}"},
		Summary:    "JSON-lines files in a directory: a streaming file source, the static side of a stream-static join (every file, read again at every micro-batch), or an append sink writing one file per micro-batch.",
		Roles:      []profile.Role{profile.RoleStreamingSource, profile.RoleStaticSource, profile.RoleAppendSink},
		Engines:    []string{profile.EngineLocal, profile.EnginePySpark},
		Store:      profile.StoreFiles,
		Server:     &profile.ServerFacts{Format: "json", Place: profile.PlacePath},
		Source: &profile.SourceFacts{
			Name: "file source", Rows: profile.RowsPayload, Replayable: true, Reread: true,
			ReplayNeed:   "input files are immutable once visible and are not deleted before the checkpoint commits them",
			DefaultStart: "every file already in the directory",
		},
		Options: []profile.Option{
			{Name: "path", Type: profile.TypePath, Required: true, Spark: "path",
				Description: "Directory of *.jsonl and *.json files, complete when they appear (write, then rename into it); relative paths resolve against the profile's directory."},
			{Name: "max_files_per_trigger", Type: profile.TypeInt, Min: 1, Spark: "maxFilesPerTrigger",
				Description: "Upper bound on new files per micro-batch (source only)."},
			{Name: "max_bytes_per_trigger", Type: profile.TypeBytes, Spark: "maxBytesPerTrigger", SparkByteCount: true,
				Description: "Soft upper bound on the bytes of new files per micro-batch, e.g. 64m (source only): whole files, the first one whatever its size, as Spark's maxBytesPerTrigger. Not with max_files_per_trigger."},
			{Name: "ignore_missing_files", Type: profile.TypeBool, Spark: "ignoreMissingFiles",
				Description: "Skip, with warning ETL-E740, a listed file that is gone when its micro-batch reads it; false (the default) fails the batch with ETL-E740 (source only)."},
			profile.OutputModeSpec(fileJSONWriteModes),
			profile.StaticQuarantineSpec,
		},
		Exclusive:  [][]string{{"max_files_per_trigger", "max_bytes_per_trigger"}},
		WriteModes: fileJSONWriteModes,
	}
}
