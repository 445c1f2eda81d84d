package planner

// Diagnostic codes the planner reports. The codes are stable: never reuse or
// renumber one, only add. docs/diagnostics.md documents each of them.
//
// The planner's definition checks use D26x–D28x so they do not collide with
// the DSL's own D2xx codes; the streaming rules use S4xx, checkpoint identity
// K5xx and state compatibility X6xx.
const (
	// Definition (D26x–D28x).
	CodeUnknownContract       = "ETL-D260" // a referenced contract is not in the document
	CodeUnknownTransformation = "ETL-D261" // a step names a transformation that is not declared
	CodeUnboundInput          = "ETL-D262" // a transformation input has no binding
	CodeDanglingRef           = "ETL-D263" // a binding or load reads a stream nobody produces
	CodeCycle                 = "ETL-D264" // the step graph has a cycle
	CodeInvalidBranch         = "ETL-D265" // Invalid() loaded into a sink that is not the rejected-event shape
	CodeLateWithoutWatermark  = "ETL-D266" // Late() where no downstream watermark exists
	CodeLateBranchShape       = "ETL-D267" // Late() loaded into a sink that is not the late-event shape
	CodeLossyRejection        = "ETL-D272" // Invalid() of a byte source loaded into a rejected shape without raw_payload_base64
	CodeBadDuration           = "ETL-D268" // a duration does not parse
	CodeSlideExceedsWindow    = "ETL-D269" // sliding window slide > duration
	CodeNegativeDelay         = "ETL-D270" // watermark delay < 0 or window duration/gap <= 0
	CodeUnknownColumn         = "ETL-D271" // a watermark, window, key or join column is not in the input
	CodeEventTimeNotTimestamp = "ETL-D274" // a watermark or window column is not a timestamp
	CodeParamTag              = "ETL-D305" // a parameter's validate tag names an unknown rule or an argument that does not parse

	// Streaming rules and output modes (S4xx).
	CodeAppendAggNoWatermark = "ETL-S401" // append + aggregation without a watermark on a key or window
	CodeCompleteNoAgg        = "ETL-S402" // complete mode without an aggregation
	CodeUpdateSessionWindow  = "ETL-S403" // update mode with a session window
	CodeStreamJoinNotAppend  = "ETL-S404" // stream–stream join in a non-append query
	CodeOuterJoinUnbounded   = "ETL-S405" // outer/semi stream–stream join without a watermarked key, or watermarks + time range
	CodeStaticJoinOuterSide  = "ETL-S406" // unsupported stream–static outer side
	CodeSortOnStream         = "ETL-S407" // sort on a stream (outside complete-mode aggregation)
	CodeLimitOnStream        = "ETL-S408" // limit on a stream in update mode
	CodeDistinctAggregate    = "ETL-S409" // distinct aggregate on a stream
	CodeWindowFunction       = "ETL-S410" // non-time window function on a stream
	CodeStatefulAfterLate    = "ETL-S411" // event-time deduplication after an aggregation outside append mode
	CodeChainedAggNotAppend  = "ETL-S412" // several stateful operators outside append mode
	CodeDedupWithinWMNoWM    = "ETL-S413" // dropDuplicatesWithinWatermark without a watermark
	CodeStreamAntiJoin       = "ETL-S414" // left anti join of two streams
	CodeWindowOnBound        = "ETL-S415" // a window or watermark on an upstream window's window_start / window_end
	CodeWindowTimeArgument   = "ETL-S416" // WindowTime of a column that is not an upstream window's window_end
	CodeStreamStaticUnion    = "ETL-S417" // a union of a stream and a static table
	CodeNoStreamingSource    = "ETL-S418" // a query that reads static tables only
	CodeEventTimeColumns     = "ETL-S419" // several watermarked event-time columns reach an aggregation or deduplication
	CodeSinkOutputMode       = "ETL-S430" // the sink cannot take the query's output mode
	CodeUnboundedDedup       = "ETL-S420" // warning: dedup without event time
	CodeUnboundedAgg         = "ETL-S421" // warning: aggregation without watermark
	CodeUnboundedJoin        = "ETL-S422" // warning: stream–stream join without watermark/time range
	CodeMinWatermarkPolicy   = "ETL-S423" // note: several watermarks combine with min
	CodeExpandedPlan         = "ETL-S424" // a query reads one source along too many paths (a diamond of steps)
	CodeForcedMode           = "ETL-S428" // a forced output mode (--output-mode) that is no output mode, or names no query

	// Checkpoint and storage identity (K5xx).
	CodeSharedCheckpoint   = "ETL-K501" // two queries share one checkpoint location
	CodeNoCheckpointRoot   = "ETL-K502" // retired: profile.Bind reports a missing checkpoint root (ETL-P334)
	CodeUnsafeQueryName    = "ETL-K503" // a query or pipeline id is not a safe path segment
	CodeCheckpointBadMajor = "ETL-K504" // the pipeline version has no major number
	CodeSharedSinkLocation = "ETL-K505" // a load writes where another load or a checkpoint writes
	CodeSinkFeedsSource    = "ETL-K506" // a load writes where its pipeline (or one feeding it) reads
	CodeSourceInCheckpoint = "ETL-K507" // a source reads in a pipeline's checkpoints, or around checkpoint_root
	CodeLineageFileInData  = "ETL-K508" // the OpenLineage file is in a source, a sink or a pipeline's checkpoints

	// State compatibility (X6xx).
	CodeStateGroupingKeys    = "ETL-X601" // grouping keys changed
	CodeStateWindow          = "ETL-X602" // window spec changed
	CodeStateDedupKeys       = "ETL-X603" // dedup keys changed
	CodeStateJoin            = "ETL-X604" // join keys or type changed
	CodeStateSource          = "ETL-X605" // source plugin or topic/table changed
	CodeStateAggregates      = "ETL-X606" // aggregates added, removed or changed
	CodeStateOperators       = "ETL-X607" // stateful operator added or removed
	CodeStateSchema          = "ETL-X608" // state key/value schema changed
	CodeStateWatermark       = "ETL-X609" // watermark column or delay changed (partial)
	CodeStateQueryRemoved    = "ETL-X610" // a query of the old manifest is gone (partial)
	CodeStateManifest        = "ETL-X611" // the old manifest cannot be read
	CodeStateOutputMode      = "ETL-X612" // a stateful query's output mode changed (partial)
	CodeStateOutput          = "ETL-X613" // the query's output schema changed (partial)
	CodeStateStore           = "ETL-X614" // the state store provider changed: Spark keeps the checkpoint's (partial)
	CodeSchemaNotAdditive    = "ETL-X615" // merge_schema with an output change that is not additive (a column removed, renamed or retyped)
	CodeColumnsNeedMerge     = "ETL-X616" // columns added to an append into a table without merge_schema
	CodeStateCheckpointMoved = "ETL-X617" // a query's checkpoint moved: it joined or left a multi-sink host, or its path changed (partial)
	CodeStateCompatible      = "ETL-X690" // note: the change is compatible

	// Named streaming sources (Spark 4.2 source evolution, P41x).
	CodeSourceNameClash      = "ETL-P410" // two streaming sources of one query get one Spark source name
	CodeSourceTableUnnamed   = "ETL-P423" // on Spark 4.2 a streaming source is read by table name, which cannot be named
	CodeSourceIdentityChange = "ETL-P411" // a named source reads another topic, table or path
	CodeSourceNamingChange   = "ETL-P412" // the checkpoint's sources are named and the program's not, or back
	CodeSourceAdded          = "ETL-P413" // a named source joins a query (partial)
	CodeSourceRemoved        = "ETL-P414" // a named source leaves a query (partial)
	CodeSourceRenamed        = "ETL-P415" // a named source is read under another name: read again from its start (partial)
)
