package ir

// The D2xx diagnostic codes: pipeline definition and the DSL. They are
// reported by package etl (while building a document) and package infer
// (schema inference); docs/diagnostics.md documents each one.
const (
	// CodeDoesNotCompile: the package does not compile (reported by package
	// irload with the compiler's position and message).
	CodeDoesNotCompile = "ETL-D200"
	// CodeParamDefault: a parameter default or value does not parse.
	CodeParamDefault = "ETL-D201"
	// CodeParamInvalid: a parameter value breaks its validate tag.
	CodeParamInvalid = "ETL-D202"
	// CodeParamStruct: the parameter type is not a struct of supported fields.
	CodeParamStruct = "ETL-D203"
	// CodeNoContract: a Go type used as a stream type has no registered contract.
	CodeNoContract = "ETL-D204"
	// CodeDuplicateID: two pipelines, transformations or steps share an id.
	CodeDuplicateID = "ETL-D205"
	// CodeDuplicateAsset: an asset is extracted or loaded twice in one pipeline.
	CodeDuplicateAsset = "ETL-D206"
	// CodeWrongContext: a plan operator was used on a pipeline stream, or a
	// stream was used outside the pipeline or transformation that made it.
	CodeWrongContext = "ETL-D207"
	// CodeUntypedLoad: a stream without a contract is loaded.
	CodeUntypedLoad = "ETL-D208"
	// CodeBadDuration: a window, slide, gap, delay or time bound is not a
	// valid duration for its use.
	CodeBadDuration = "ETL-D210"
	// CodeBodyPanic: a transformation or pipeline body panicked.
	CodeBodyPanic = "ETL-D211"
	// CodeBadLate: Late() on a stream that is not an extract or step output.
	CodeBadLate = "ETL-D212"
	// CodeBadArgument: an empty id, a nil body, an empty group-by or join key
	// list, a negative limit, a repartition into fewer than 1 or more than
	// MaxPartitions partitions, or a static stream where a stream is required.
	CodeBadArgument = "ETL-D213"
	// CodeBadGate: a quality gate without a name, with a name another gate
	// of the pipeline has, or with an unknown metric, scope or action.
	CodeBadGate = "ETL-D214"
	// CodeRollingGate: a rolling gate (GateScopeLastBatches) spanning
	// fewer than 2 or more than MaxRollingBatches micro-batches, one over
	// a sliding interval (GateScopeLastInterval) that is not a positive
	// whole number of milliseconds, or one that quarantines; the DSL and
	// the planner report it.
	CodeRollingGate = "ETL-D290"
	// CodeBadExpectation: an expectation without a name, with the name of
	// another expectation of the pipeline, without an expression or key, on
	// a stream that is not a streaming extract's valid rows nor a step's
	// output, or with an action other than warn, drop or fail.
	CodeBadExpectation = "ETL-D219"
	// CodeUnknownColumn: a plan refers to a column its input does not have.
	CodeUnknownColumn = "ETL-D220"
	// CodeTypeMismatch: an expression's argument types do not fit the function.
	CodeTypeMismatch = "ETL-D221"
	// CodeMissingColumn: the output contract has a column the plan does not produce.
	CodeMissingColumn = "ETL-D222"
	// CodeExtraColumn: the plan produces a column the output contract lacks.
	CodeExtraColumn = "ETL-D223"
	// CodeColumnType: an output column's inferred type differs from the contract's.
	CodeColumnType = "ETL-D224"
	// CodeNullable: a nullable inferred column feeds a required contract field.
	CodeNullable = "ETL-D225"
	// CodeAmbiguousColumn: two columns of one schema have the same name.
	CodeAmbiguousColumn = "ETL-D226"
	// CodeUnionMismatch: the inputs of a union have different columns or types.
	CodeUnionMismatch = "ETL-D227"
	// CodeUnknownInput: a plan reads an input the transformation does not declare.
	CodeUnknownInput = "ETL-D228"
	// CodeEngineDiffers: a function's arguments are ones Spark and the local
	// engine would not treat alike (a zero or column divisor of mod, a
	// calendar unit of timestampdiff): refused rather than silently different.
	CodeEngineDiffers = "ETL-D229"
	// CodeCastRefused: a cast Spark refuses, or one the local engine
	// cannot perform exactly as Spark does.
	CodeCastRefused = "ETL-D236"
	// CodeFuncArgument: a function argument that must be a literal (of a
	// certain form) is not: a LIKE pattern with a bad escape, split_part's
	// index 0, an unknown parse_url part.
	CodeFuncArgument = "ETL-D235"
	// CodeArrayValue: an array value (split's) anywhere but the first
	// argument of size, try_element_at, array_contains or array_join, or
	// one of those on something other than split's array: arrays do not
	// flow through expressions.
	CodeArrayValue = "ETL-D237"
)
