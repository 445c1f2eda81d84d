package pyspark_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/localengine"
)

// TestRuntimeClassify runs etlgen_runtime.classify on real failure texts
// (Spark 4.1, Delta 4.1, Kafka, S3A, gRPC; error classes as in Spark's
// error-conditions.json and Delta's delta-error-classes.json): the code
// and the exit code a program reports for each.
func TestRuntimeClassify(t *testing.T) {
	// A foreachBatch failure as Spark Connect reports it: the Python
	// traceback of the worker (program lines included) around the cause.
	fb := func(line, cause string) string {
		return "[STREAM_FAILED] Query [id = 18d59232-20d6-43e5-ad9a-ffad4062dc0f, runId = 15045387-c2b0-478f-b009-1225608c6c67] " +
			"terminated with exception: [FOREACH_BATCH_USER_FUNCTION_ERROR] An error occurred in the user provided function in " +
			"foreach batch sink. Reason: Found error inside foreachBatch Python process: Traceback (most recent call last):\n" +
			"  File \"/tmp/out/customer_order_streaming.py\", line 211, in write_customer_order_windows\n    " + line + "\n" + cause +
			"\n\nJVM stacktrace:\norg.apache.spark.sql.streaming.StreamingQueryException"
	}
	cases := []struct {
		name, exc, msg string
		code           string
		exit           int
	}{
		{"spark connect down", "SparkConnectGrpcException",
			"<_MultiThreadedRendezvous of RPC that terminated with:\n\tstatus = StatusCode.UNAVAILABLE\n\tdetails = \"failed to connect to all addresses; last error: UNKNOWN: ipv4:127.0.0.1:15002: Failed to connect to remote host: Connection refused\"",
			"connectivity", 16},
		{"kafka unreachable", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeTopics",
			"connectivity", 16},
		{"kafka sasl", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256",
			"authentication", 16},
		{"credentials unset", "OSError", "[ETLGEN_MISSING_ENV] environment variable ORDERS_KAFKA_SASL (Kafka credentials) is not set", "environment", 16},
		{"token unset in a foreachBatch failure", "StreamingQueryException",
			fb("options = rt.kafka_credentials(ORDER_EVENTS_OPTIONS, ORDER_EVENTS_CREDENTIAL_ENV, ORDER_EVENTS_SASL_MECHANISM)",
				"OSError: [ETLGEN_MISSING_ENV] environment variable ORDERS_KAFKA_SASL (Kafka credentials) is not set"),
			"environment", 16},
		{"delta log path refused", "SparkConnectGrpcException",
			"(org.apache.spark.sql.delta.DeltaIOException) [DELTA_CANNOT_CREATE_LOG_PATH] Cannot create s3a://b/ticks/_delta_log\n\nJVM stacktrace:\norg.apache.spark.sql.delta.DeltaIOException",
			"sink-permission", 16},
		{"versitygw unknown access key", "StreamingQueryException",
			"java.io.FileNotFoundException: PUT 0-byte object  on x/_temporary/0: software.amazon.awssdk.services.s3.model.S3Exception: No user exists with the provided access key ID. (Service: S3, Status Code: 403)",
			"authentication", 16},
		{"s3 unknown access key", "StreamingQueryException",
			"java.nio.file.AccessDeniedException: s3a://warehouse/checkpoints/x/offsets: getFileStatus on s3a://warehouse/checkpoints/x/offsets: software.amazon.awssdk.services.s3.model.S3Exception: The AWS Access Key Id you provided does not exist in our records. (Service: S3, Status Code: 403, Request ID: 17A):InvalidAccessKeyId",
			"authentication", 16},
		{"s3 access denied", "StreamingQueryException",
			fb("rt.append(batch_df, batch_id, REJECTED_ORDER_EVENTS_TARGET, REJECTED_ORDER_EVENTS_IDENTITY)",
				"pyspark.errors.exceptions.connect.SparkException: Job aborted. java.nio.file.AccessDeniedException: s3a://warehouse/quarantine.db/rejected_order_events/_delta_log/00000000000000000003.json: PUT 0-byte object on s3a://warehouse/quarantine.db/rejected_order_events/_delta_log: software.amazon.awssdk.services.s3.model.S3Exception: Access Denied (Service: S3, Status Code: 403, Request ID: 17B):AccessDenied"),
			"sink-permission", 16},
		{"local permission", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: java.nio.file.AccessDeniedException: /data/checkpoints/customer_order_windows/offsets/.3.tmp",
			"sink-permission", 16},
		{"invalid static row", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: org.apache.spark.SparkRuntimeException: [USER_RAISED_EXCEPTION] [ETLGEN_INVALID_STATIC_ROW] static table customers has a row that breaks contract segment-customer: OUT_OF_RANGE at \"customer_id\": must be > 0 SQLSTATE: P0001",
			"invalid-static-row", 1},
		{"delta concurrent append", "StreamingQueryException",
			fb("rt.merge(batch_df, batch_id, CUSTOMER_ORDER_WINDOWS_TARGET, CUSTOMER_ORDER_WINDOWS_MERGE_KEYS, CUSTOMER_ORDER_WINDOWS_IDENTITY)",
				"pyspark.errors.exceptions.connect.SparkException: [DELTA_CONCURRENT_APPEND.WITHOUT_HINT] Transaction conflict detected. a concurrent MERGE added data to table spark_catalog.curated.customer_order_windows committed at version 7. The concurrent operation modified data that should have been read by this operation. Please retry the operation. SQLSTATE: 2D521"),
			"merge-conflict", 1},
		{"delta metadata changed", "StreamingQueryException",
			"io.delta.exceptions.MetadataChangedException: [DELTA_METADATA_CHANGED] MetadataChangedException: The metadata of the Delta table has been changed by a concurrent update. Please try the operation again.",
			"merge-conflict", 1},
		{"unresolved column", "AnalysisException",
			"[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `nope` cannot be resolved. Did you mean one of the following? [`value`, `timestamp`]. SQLSTATE: 42703; line 1 pos 0;\n'Project ['nope]\n+- ~StreamingRelationV2 org.apache.spark.sql.execution.streaming.sources.RateStreamProvider@461d15a, rate, org.apache.spark.sql.execution.streaming.sources.RateStreamTable@502a199e, [], [timestamp#18877, value#18878L]\n\n\nJVM stacktrace:\norg.apache.spark.sql.catalyst.ExtendedAnalysisException",
			"analysis-error", 1},
		// The misclassification this table guards against: the traceback
		// names the checkpoint constant (the old needle "CHECKPOINT").
		{"unresolved column in the late write", "StreamingQueryException",
			fb("found = rt.late_range(spark, CUSTOMER_ORDER_WINDOWS_CHECKPOINT, batch_id)",
				"pyspark.errors.exceptions.connect.AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `event_time` cannot be resolved. Did you mean one of the following? [`event_id`]. SQLSTATE: 42703"),
			"analysis-error", 1},
		{"merge unresolved", "StreamingQueryException",
			fb("rt.merge(batch_df, batch_id, CUSTOMER_ORDER_WINDOWS_TARGET, CUSTOMER_ORDER_WINDOWS_MERGE_KEYS, CUSTOMER_ORDER_WINDOWS_IDENTITY)",
				"pyspark.errors.exceptions.connect.AnalysisException: [DELTA_MERGE_UNRESOLVED_EXPRESSION] Cannot resolve s.nope in search condition given columns t.id, s.id.; line 1 pos 71"),
			"analysis-error", 1},
		// merge keys that are part of the key (allow_partial_merge_keys):
		// a rerun fails again, the merge keys must change
		{"several source rows match one target row", "StreamingQueryException",
			fb("rt.merge(batch_df, batch_id, CUSTOMER_ORDER_WINDOWS_TARGET, CUSTOMER_ORDER_WINDOWS_MERGE_KEYS, CUSTOMER_ORDER_WINDOWS_IDENTITY, stateful=True)",
				"pyspark.errors.exceptions.connect.UnsupportedOperationException: [DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE] Cannot perform Merge as multiple source rows matched and attempted to modify the same\ntarget row in the Delta table in possibly conflicting ways."),
			"analysis-error", 1},
		{"table not found", "AnalysisException",
			"[TABLE_OR_VIEW_NOT_FOUND] The table or view `curated`.`customer_order_windows` cannot be found. Verify the spelling and correctness of the schema and catalog. SQLSTATE: 42P01; line 1 pos 11",
			"analysis-error", 1},
		{"state store delta file missing", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: [CANNOT_LOAD_STATE_STORE.CANNOT_READ_DELTA_FILE_NOT_EXISTS] An error occurred during loading state. Error reading delta file file:/tmp/cp/state/0/1/2.delta of HDFSStateStoreProvider[id = (op=0,part=1),dir = file:/tmp/cp/state/0/1]: file:/tmp/cp/state/0/1/2.delta does not exist. SQLSTATE: 58030",
			"checkpoint-corruption", 1},
		{"state schema changed", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: [STATE_STORE_KEY_SCHEMA_NOT_COMPATIBLE] Provided key schema does not match existing state key schema. Please check number and type of fields. Existing key_schema=StructType(StructField(customer_id,LongType,true)) and new key_schema=StructType(StructField(customer_id,StringType,true)). SQLSTATE: XXKST",
			"checkpoint-corruption", 1},
		{"offset log from a newer spark", "StreamingQueryException",
			"java.lang.IllegalStateException: [INVALID_LOG_VERSION.MAX_SUPPORTED_VERSION] UnsupportedLogVersion. The maximum supported log version is v1, but encountered v2. The log file was produced by a newer version of Spark and cannot be read by this version. You need to upgrade. SQLSTATE: KD002",
			"checkpoint-corruption", 1},
		// Not corruption, though it names the state store (the old needle
		// "STATE_STORE"): a foreachBatch that left partitions uncomputed.
		{"state store commit validation", "StreamingQueryException",
			"[STREAM_FAILED] Query [id = a, runId = b] terminated with exception: [STATE_STORE_COMMIT_VALIDATION_FAILED] State store commit validation failed for batch 3. Expected 200 commits but got 0. Missing commits: 0, 1, 2. SQLSTATE: XXKST",
			"failure", 1},
		// Not connectivity, though it ends in UNAVAILABLE (the old needle).
		{"offset log unavailable", "StreamingQueryException",
			"[STDS_OFFSET_LOG_UNAVAILABLE] The offset log for 5 does not exist, checkpoint location: /tmp/cp. SQLSTATE: KD006",
			"failure", 1},
		{"session lost with a server restart", "SparkConnectGrpcException",
			"(org.apache.spark.SparkSQLException) [INVALID_HANDLE.SESSION_NOT_FOUND] The handle 9e61a012-00ff-4cae-85f4-5419b6e8a8ed is invalid. Session not found. SQLSTATE: HY000",
			"connectivity", 16},
		{"session released", "UnknownException",
			"(org.apache.spark.SparkSQLException) [INVALID_HANDLE.SESSION_CLOSED] The handle 9e61a012-00ff-4cae-85f4-5419b6e8a8ed is invalid. Session was closed. SQLSTATE: HY000",
			"connectivity", 16},
		{"table layout", "TableLayoutError",
			"[ETLGEN_TABLE_LAYOUT] table `silver`.`t` exists with another layout than the profile's: partitioned by [], the profile says [event_date]",
			"table-layout", 1},
		// Measured on Spark 4.1 + Delta 4.1: an append of a column the table
		// lacks without mergeSchema, and of a wider type with it.
		{"append of a new column", "AnalysisException",
			"[DELTA_METADATA_MISMATCH] A metadata mismatch was detected when writing to the Delta table.", "table-schema", 1},
		{"append of a wider type", "AnalysisException", "[DELTA_FAILED_TO_MERGE_FIELDS] Failed to merge fields 'n' and 'n'", "table-schema", 1},
		{"quality gate failed a batch", "StreamingQueryException",
			fb("rt.check_gates(batch_df, batch_id, \"rejected_order_events\", REJECTED_ORDER_EVENTS_GATES,",
				"RuntimeError: [ETLGEN_QUALITY_GATE] ETL-E750: quality gate too-invalid breached in query rejected_order_events batch 0: invalid_ratio(order_events) > 0.5 with value 0.75; the batch did not commit"),
			"quality-gate", 1},
		// rt.expect's raise_error, as a task failure inside the MERGE of the batch.
		{"expectation failed a batch", "StreamingQueryException",
			fb("rt.merge(batch_df, batch_id, CUSTOMER_ORDER_WINDOWS_TARGET,",
				"pyspark.errors.exceptions.connect.SparkRuntimeException: [USER_RAISED_EXCEPTION] [ETLGEN_EXPECTATION] ETL-E751: expectation counted failed in query customer_order_windows: a row breaks paid_order_count >= 1: {\"customer_id\":7} SQLSTATE: P0001"),
			"expectation", 1},
		// Measured on Spark 4.2.0: a checkpoint with offsets and commits
		// but no metadata file (SPARK-55058); 4.1.1 starts a new query id.
		{"checkpoint metadata missing, Spark 4.2", "SparkRuntimeException",
			"[STREAMING_CHECKPOINT_MISSING_METADATA_FILE] Checkpoint location file:/tmp/cp is in an inconsistent state: the metadata file is missing but offset and/or commit logs contain data. Please restore the metadata file or create a new checkpoint directory. SQLSTATE: 42K03",
			"checkpoint-corruption", 1},
		{"checkpoint metadata missing, refused by the program", "RuntimeError",
			"[ETLGEN_CHECKPOINT_METADATA_MISSING] checkpoint /tmp/cp logs batches up to 1 but has no metadata file", "checkpoint-corruption", 1},
		// Measured on Spark 4.1 + Delta 4.1: rt.expect's raise_error under a
		// Delta append fails the write task; the raise is a cause in the JVM
		// stacktrace, and the plan text after it holds the expression.
		{"expectation failed an append", "SparkException",
			"[TASK_WRITE_FAILED] Task failed while writing rows to file:/w/x.db/readings. SQLSTATE: 58030\n\nJVM stacktrace:\norg.apache.spark.SparkException\n\tat org.apache.spark.sql.errors.QueryExecutionErrors$.taskFailedWhileWritingRowsError(QueryExecutionErrors.scala:814)\n" +
				"Caused by: org.apache.spark.SparkRuntimeException: [USER_RAISED_EXCEPTION] [ETLGEN_EXPECTATION] ETL-E751: expectation not_frozen failed in query readings: a row breaks celsius > -80: {\"celsius\":-90} SQLSTATE: P0001\n\tat org.apache.spark.sql.errors.QueryExecutionErrors$.raiseError\n=== Streaming Query ===\nraise_error(USER_RAISED_EXCEPTION, map(errorMessage, concat([ETLGEN_EXPECTATION] ETL-E751: ...",
			"expectation", 1},
		{"expectation only in the plan text", "SparkException",
			"[TASK_WRITE_FAILED] Task failed while writing rows. SQLSTATE: 58030\n\nJVM stacktrace:\norg.apache.spark.SparkException\n=== Streaming Query ===\nraise_error(USER_RAISED_EXCEPTION, map(errorMessage, concat([ETLGEN_EXPECTATION] ETL-E751: ...",
			"failure", 1},
		{"plan text ignored", "StreamingQueryException",
			"boom\n=== Streaming Query ===\nAnalysisException checkpointLocation=/tmp/x Connection refused", "failure", 1},
	}
	type pyCase struct{ Exc, Msg string }
	in := make([]pyCase, len(cases))
	for i, c := range cases {
		in[i] = pyCase{c.exc, c.msg}
	}
	script := `
out = []
for c in json.loads(sys.stdin.read()):
    exc = type(c["Exc"], (Exception,), {})(c["Msg"])
    out.append(list(rt.classify(exc)[:2]))
print(json.dumps(out))
`
	var got [][]any
	runRuntime(t, "testdata/stack_available_now", script, in, &got)
	if len(got) != len(cases) {
		t.Fatalf("got %d results for %d cases", len(got), len(cases))
	}
	for i, c := range cases {
		want := []any{c.code, float64(c.exit)}
		if diff := cmp.Diff(want, got[i]); diff != "" {
			t.Errorf("%s: classify (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestRuntimeHelpers runs the runtime's pure helpers behind the batch
// lines: the rows a Delta commit wrote (operationMetrics as DESCRIBE HISTORY
// returns them: string values), the records between Kafka offsets, the
// batch a resume point replays, and the watermark a batch judged late rows
// against.
func TestRuntimeHelpers(t *testing.T) {
	script := `
gates = [
    {"name": "bad", "metric": "invalid_ratio", "column": None, "source": "etlgen_source_a", "threshold": 0.1, "action": "warn", "condition": "c1"},
    {"name": "few", "metric": "rows", "column": None, "source": None, "threshold": 1, "action": "fail", "condition": "c2"},
    {"name": "ids", "metric": "null_ratio", "column": "id", "source": None, "threshold": 0.5, "action": "warn", "condition": "c3"},
    {"name": "rows", "metric": "rows", "column": None, "source": None, "threshold": 5, "action": "warn", "condition": "c4"},
    {"name": "win", "metric": "rows", "column": None, "source": None, "threshold": 3, "action": "warn", "condition": "c5",
     "scope": "event_time_window"},
    {"name": "thin", "metric": "rows", "column": None, "source": None, "threshold": 3, "action": "quarantine", "condition": "c6"},
    {"name": "roll", "metric": "invalid_ratio", "column": None, "source": "etlgen_source_a", "threshold": 0.1, "action": "warn",
     "condition": "c7", "scope": "last_micro_batches", "batches": 3},
]
progress = {"batchId": 3, "sources": [{"numInputRows": 8}], "observedMetrics": {
    "etlgen": {"values": [4, 1], "schema": {"fields": [{"name": "rows"}, {"name": "null_2"}]}},
    "etlgen_source_a": {"read": 8, "rejected": 2}}}
q = rt.Query("q", None, "id", observe="etlgen", sources=["etlgen_source_a", "etlgen_source_b"])
rq = rt.Query("w", None, "id", resume=rt.ResumePoint("cp", 4, 3, {}, [], 3900000, 3600000))
merge = {"numTargetRowsInserted": "3", "numTargetRowsUpdated": "2", "numTargetRowsDeleted": "1",
         "numTargetRowsCopied": "40", "numSourceRows": "9", "numOutputRows": "46"}
out = {
    "merge": rt.rows_written(merge),
    "append": rt.rows_written({"numFiles": "2", "numOutputRows": "500", "numOutputBytes": "9000"}),
    "none": rt.rows_written(None),
    "kafka": rt.progress._kafka_rows({"t": {"0": 10, "1": 4}}, {"t": {"0": 15, "1": 4}}),
    "kafka_first": rt.progress._kafka_rows(None, {"t": {"0": 15}}),
    "replay": [rt.ResumePoint("cp", o, c, {}).replay for o, c in ((None, None), (3, 3), (4, 3), (0, None), (5, 2))],
    "recovered": [rt.ResumePoint("cp", o, None, {}).recovered for o in (None, 0)],
    "sql": rt.sql_string("it's a \\ test"),
    "ratio": [rt.ratio(3, 4), rt.ratio(0, 0), rt.ratio(1, 3)],
    "breached": [rt.gate_breached({"metric": m, "threshold": t}, v)
                 for m, t, v in (("rows", 1, 0.0), ("rows", 1, 1.0), ("invalid_ratio", 0.5, 0.5), ("null_ratio", 0.5, 0.51))],
    "format": [rt.format_value(v) for v in (1.0, 0.75, 1.0 / 3, 0.0, 1e-05)],
    "observed": rt.merged_gates(gates, [{"name": "few", "value": 0.0, "breached": True}],
                                rt.observed_gates(progress, "etlgen", gates)),
    "invalid_rows": rt.batch_line(None, q, progress)["invalid_rows"],
    "late_watermark": [rt.late_watermark(rq, 4), rt.late_watermark(rq, 5), rt.late_watermark(q, 0)],
    "late_line": [rt.batch_line(None, rq, {"batchId": b, "eventTime": {"watermark": "w%d" % b}})["late_watermark"] for b in (4, 6)],
    "spark_timestamp": [rt.spark_timestamp(0), rt.spark_timestamp(1784109600123)],
    "expectations": rt.batch_line(None, rt.Query("e", None, "id", expectations=[
        {"name": "positive", "action": "drop", "observe": "etlgen_expect_0"},
        {"name": "counted", "action": "fail", "observe": "etlgen_expect_1"}]),
        {"batchId": 0, "observedMetrics": {"etlgen_expect_0": {"passed": 7, "failed": 2}}})["expectations"],
    "expectation_marker": [rt.EXPECTATION_MARKER, rt.EXPECTATION_CODE],
    "before_commit": [rt.measured_before_commit(g) for g in gates],
    "parts_value": [rt.parts_value(g, p) for g, p in ((gates[3], (4, 0)), (gates[0], (1, 4)), (gates[2], (0, 0)))],
    "rolling_store": [rt.rolling_store(c) for c in ("/tmp/cp/q", "s3a://b/cp/q/")],
    "rolling_first": rt.rolling_sums(None, "/tmp/cp/q", 0, [gates[6]], {"roll": (1, 4)}),
    "window_starts": [rt.format_window_start(us) for us in WINDOW_MICROS],
    "windows_text": [rt.windows_text(v) for v in (
        {"value": 1.0},
        {"windows": 5, "windows_breached": 2, "breached_windows": ["a", "b"]},
        {"windows": 30, "windows_breached": 12, "breached_windows": ["a"]},
        {"windows": 1, "windows_breached": 1, "breached_windows": ["a"]})],
}
print(json.dumps(out, sort_keys=True))
`
	// Window starts the Go engine names with localengine.FormatWindowStart.
	micros := []int64{1784109600000000, 0, 1784109600500000, 1784109600000001, -1000000}
	var starts []any
	var list []string
	for _, us := range micros {
		starts = append(starts, localengine.FormatWindowStart(time.UnixMicro(us)))
		list = append(list, strconv.FormatInt(us, 10))
	}
	script = "WINDOW_MICROS = [" + strings.Join(list, ", ") + "]\n" + script
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	want := map[string]any{
		"merge": 6.0, "append": 500.0, "none": 0.0, "kafka": 5.0, "kafka_first": 0.0,
		"replay":    []any{nil, nil, 4.0, 0.0, 5.0},
		"recovered": []any{false, true},
		"sql":       `'it\'s a \\ test'`,
		"ratio":     []any{0.75, 0.0, 1.0 / 3},
		"breached":  []any{true, false, false, true},
		"format":    []any{"1", "0.75", "0.3333333333333333", "0", "1e-05"},
		// warn gates from the observed metrics (2 of 8 read rejected; 1 of 4 rows null;
		// 4 rows), the fail gate as check_gates measured it, in the gates' order.
		"observed": []any{
			map[string]any{"name": "bad", "condition": "c1", "action": "warn", "value": 0.25, "breached": true},
			map[string]any{"name": "few", "value": 0.0, "breached": true},
			map[string]any{"name": "ids", "condition": "c3", "action": "warn", "value": 0.25, "breached": false},
			map[string]any{"name": "rows", "condition": "c4", "action": "warn", "value": 4.0, "breached": true},
		},
		"invalid_rows": 2.0,
		// Batch 4 after last commit 3 judges late rows against offsets/3's
		// batchWatermarkMs; a batch that does not follow the last one seen,
		// or batch 0, has none.
		"late_watermark":  []any{"1970-01-01T01:00:00.000Z", nil, nil},
		"late_line":       []any{"1970-01-01T01:00:00.000Z", nil},
		"spark_timestamp": []any{"1970-01-01T00:00:00.000Z", time.UnixMilli(1784109600123).UTC().Format("2006-01-02T15:04:05.000Z")},
		// Counts from the observed metrics; an expectation without one (a
		// no-data batch) counts zeros.
		"expectations": []any{
			map[string]any{"name": "positive", "action": "drop", "passed": 7.0, "failed": 2.0},
			map[string]any{"name": "counted", "action": "fail", "passed": 0.0, "failed": 0.0},
		},
		// raise_error's message starts as the local engine's ExpectationError.
		"expectation_marker": []any{localengine.ExpectationMarker, localengine.CodeExpectationFailed},
		// Fail, quarantine, per-window and rolling gates are measured before the commit, not observed.
		"before_commit": []any{false, true, false, false, true, true, true},
		// rows, a ratio, a ratio over no rows (localengine.GateParts.value)
		"parts_value":   []any{4.0, 0.25, 0.0},
		"rolling_store": []any{"/tmp/cp/q/etlgen_rolling", "s3a://b/cp/q/etlgen_rolling"},
		// batch 0 has no batches before it: its own parts, the store not read
		"rolling_first": map[string]any{"roll": []any{1.0, 4.0}},
		"window_starts": starts,
		"windows_text": []any{"",
			localengine.GateResult{Windows: 5, WindowsBreached: 2, BreachedWindows: []string{"a", "b"}}.WindowsText(),
			localengine.GateResult{Windows: 30, WindowsBreached: 12, BreachedWindows: []string{"a"}}.WindowsText(),
			localengine.GateResult{Windows: 1, WindowsBreached: 1, BreachedWindows: []string{"a"}}.WindowsText()},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("runtime helpers (-want +got):\n%s", diff)
	}
}

// TestRuntimeCheckLayout runs etlgen_runtime.check_layout on rows of
// DESCRIBE DETAIL (as Spark 4.1 returns them): a table with the profile's
// partition columns and properties passes, whatever else it has; one
// without fails with TABLE_LAYOUT_MARKER and names every difference.
func TestRuntimeCheckLayout(t *testing.T) {
	script := `
layout = {"partition_by": ["event_date"], "properties": {"delta.appendOnly": "true", "team": "orders",
                                                         "delta.feature.deletionVectors": "supported"}}
cases = {
    "same": {"partitionColumns": ["event_date"], "tableFeatures": ["appendOnly", "deletionVectors"],
             "properties": {"delta.appendOnly": "TRUE", "team": "orders", "delta.enableChangeDataFeed": "true"}},
    "other": {"partitionColumns": [], "tableFeatures": ["appendOnly"], "properties": {"team": "billing"}},
    "props only": {"partitionColumns": ["region"], "tableFeatures": [], "properties": {"delta.checkpointInterval": "5"}},
}
out = {}
for name, detail in cases.items():
    lay = {"properties": {"delta.checkpointInterval": "5"}} if name == "props only" else layout
    try:
        rt.check_layout("silver.t", detail, lay)
        out[name] = "ok"
    except rt.TableLayoutError as exc:
        out[name] = [str(exc).startswith(rt.TABLE_LAYOUT_MARKER), str(exc).split(": ", 1)[1].split("; CREATE")[0]]
print(json.dumps(out, sort_keys=True))
`
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	want := map[string]any{"same": "ok", "props only": "ok", "other": []any{true,
		"partitioned by [], the profile says [event_date]; property delta.appendOnly is not set (the profile says true); " +
			"table feature deletionVectors is not supported; property team is billing, the profile says orders"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("check_layout (-want +got):\n%s", diff)
	}
}

// TestRuntimeWriteFiles runs etlgen_runtime.write_files with stand-ins for
// the session and the writer: each batch goes to its own directory, named
// from the query id in the checkpoint's metadata (read once per
// checkpoint) and the batch id, written with mode overwrite, so a replayed
// batch replaces its files and a new checkpoint (a new query id) never
// touches an earlier one's; metadata without a usable id fails the batch.
func TestRuntimeWriteFiles(t *testing.T) {
	script := `
class Text(object):
    def __init__(self, text): self.text = text
    def first(self): return [self.text]

class Session(object):
    def __init__(self, metadata): self.metadata, self.reads = metadata, []
    @property
    def read(self): return self
    def text(self, path, wholetext=False):
        self.reads.append(path)
        return Text(self.metadata[path])

class Batch(object):
    def __init__(self, spark, log): self.sparkSession, self.log, self.calls = spark, log, []
    @property
    def write(self): return self
    def format(self, fmt): self.calls.append(fmt); return self
    def mode(self, mode): self.calls.append(mode); return self
    def save(self, path): self.log.append(self.calls + [path])

spark = Session({"s3a://cp/a/metadata": '{"id":"6c1f-a"}\n', "s3a://cp/b/metadata": '{"id":"9d2e-b"}',
                 "s3a://cp/bad/metadata": '{"id":"../x"}'})
log = []
for cp, batch in (("s3a://cp/a", 3), ("s3a://cp/a", 3), ("s3a://cp/a", 4), ("s3a://cp/b", 3)):
    rt.write_files(Batch(spark, log), batch, "json", "s3a://out/windows/", cp)
errors = []
for text in ("", "{}", '{"id": ""}', '{"id": "a/b"}', '{"id": 7}'):
    try:
        rt.parse_query_id(text)
    except ValueError:
        errors.append(text)
try:
    rt.write_files(Batch(spark, log), 0, "json", "s3a://out/x", "s3a://cp/bad")
except ValueError:
    errors.append("bad")
print(json.dumps({"writes": log, "reads": spark.reads, "errors": errors}))
`
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	want := map[string]any{
		"writes": []any{
			[]any{"json", "overwrite", "s3a://out/windows/etlgen_query=6c1f-a/etlgen_batch=3"},
			[]any{"json", "overwrite", "s3a://out/windows/etlgen_query=6c1f-a/etlgen_batch=3"},
			[]any{"json", "overwrite", "s3a://out/windows/etlgen_query=6c1f-a/etlgen_batch=4"},
			[]any{"json", "overwrite", "s3a://out/windows/etlgen_query=9d2e-b/etlgen_batch=3"},
		},
		"reads":  []any{"s3a://cp/a/metadata", "s3a://cp/b/metadata", "s3a://cp/bad/metadata"},
		"errors": []any{"", "{}", `{"id": ""}`, `{"id": "a/b"}`, `{"id": 7}`, "bad"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("write_files (-want +got):\n%s", diff)
	}
}

// TestRuntimeDriverLifecycle runs the runtime's helpers of a driver's
// lifecycle with stand-ins for the session: the stop flag a graceful stop
// sets makes the next foreachBatch fail before it writes (with the marker
// the program reads as "stopped"); idle progress (no addBatch) is not a
// batch; a commit is credited to the run whose id it carries; the retry
// policy of a server that does not answer adds up to about the
// server-loss timeout.
func TestRuntimeDriverLifecycle(t *testing.T) {
	script := `
class Conf(object):
    def __init__(self, values):
        self.values = values
    def get(self, key, default=None):
        return self.values.get(key, default)

class Session(object):
    def __init__(self, values):
        self.conf = Conf(values)

class Batch(object):
    def __init__(self, values):
        self.sparkSession = Session(values)

def enter(values):
    try:
        with rt.micro_batch(Batch(values), cache=False, batch_id=7):
            return "ran"
    except rt.StopAfterBatch as exc:
        return "stopped" if rt.stopped_after_batch(exc) and "batch 7" in str(exc) else "bad marker"

def waits(seconds):
    p = rt.retry_policy(seconds)
    total, wait = 0.0, p["initial_backoff"]
    for _ in range(p["max_retries"]):
        total += min(wait, p["max_backoff"]) + 500
        wait *= p["backoff_multiplier"]
    return total / 1000.0

mine = rt.user_metadata("app", 3)  # what both MERGE and append write
other = json.dumps({"etlgen_app_id": "app", "batch_id": 4, "run_id": "an-orphan"})
old = json.dumps({"etlgen_app_id": "app", "batch_id": 5})
hist = {"t": [{"version": 9, "userMetadata": other, "operationMetrics": {"numOutputRows": "4"}},
              {"version": 8, "userMetadata": mine, "operationMetrics": {"numOutputRows": "3"}},
              {"version": 7, "userMetadata": old, "operationMetrics": {"numOutputRows": "5"}},
              {"version": 6, "userMetadata": "not json", "operationMetrics": {}}]}

class Q(object):
    resume = rt.ResumePoint("cp", 5, 4, {"t": 6})
    table_formats = {}  # t is a Delta table

out = {
    "flag_unset": enter({}),
    "flag_false": enter({rt.STOP_CONF: "false"}),
    "flag_set": enter({rt.STOP_CONF: "true"}),
    "other_exception": rt.stopped_after_batch(Exception("boom")),
    "none": rt.stopped_after_batch(None),
    "idle": rt.ran_batch({"batchId": 4, "durationMs": {"latestOffset": 1, "triggerExecution": 2}}),
    "ran": rt.ran_batch({"batchId": 4, "durationMs": {"addBatch": 5, "triggerExecution": 9}}),
    "mine": list(rt.commits._written(None, Q(), "t", "app", 3, hist)),
    "orphan": list(rt.commits._written(None, Q(), "t", "app", 4, hist)),
    "before_run_ids": list(rt.commits._written(None, Q(), "t", "app", 5, hist)),
    "missing": list(rt.commits._written(None, Q(), "t", "app", 6, hist)),
    "waits": [round(waits(s)) for s in (10, 60, 300)],
    "url": rt.add_url_param("sc://h:15002/;use_ssl=true", "session_id", "abc"),
    "url_plain": rt.add_url_param("sc://h:15002", "session_id", "abc"),
    "metadata": json.loads(mine) == {"etlgen_app_id": "app", "batch_id": 3, "run_id": rt.RUN_ID},
    "named": [rt.names_session(u) for u in ("sc://h:1/;session_id=x", "sc://h:1/;use_ssl=true;session_id=y",
                                             "sc://h:1/;use_ssl=true", "sc://h:1")],
}
print(json.dumps(out, sort_keys=True))
`
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	waits, _ := got["waits"].([]any)
	delete(got, "waits")
	want := map[string]any{
		"flag_unset": "ran", "flag_false": "ran", "flag_set": "stopped",
		"other_exception": false, "none": false, "idle": false, "ran": true,
		"mine":           []any{8.0, 3.0, true},
		"orphan":         []any{9.0, 0.0, false},
		"before_run_ids": []any{7.0, 5.0, true}, // newer than the table's version at the start
		"missing":        []any{nil, 0.0, false},
		"url":            "sc://h:15002/;use_ssl=true;session_id=abc",
		"url_plain":      "sc://h:15002/;session_id=abc",
		"metadata":       true,
		"named":          []any{true, true, false, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("driver lifecycle helpers (-want +got):\n%s", diff)
	}
	for i, budget := range []float64{10, 60, 300} {
		if len(waits) != 3 {
			t.Fatalf("waits = %v", waits)
		}
		w := waits[i].(float64)
		if w > budget || w < budget/2 {
			t.Errorf("retries of a lost server wait %.0f s for a %.0f s timeout, want between half and all of it", w, budget)
		}
	}
}

// TestRuntimeDriverUI runs etlgen_runtime.driver_ui on sessions whose conf
// says where the driver's UI is, has it off, lacks the app id, or will not
// show its conf (a managed endpoint).
func TestRuntimeDriverUI(t *testing.T) {
	script := `
class Conf:
    def __init__(self, values, fail=False):
        self.values, self.fail = values, fail
    def get(self, key, default=None):
        if self.fail:
            raise RuntimeError("CONFIG_NOT_AVAILABLE")
        return self.values.get(key, default)

class Session:
    def __init__(self, conf):
        self.conf = conf

full = {"spark.driver.host": "10.0.0.5", "spark.ui.port": "4041", "spark.app.id": "app-1"}
out = {
    "full": rt.driver_ui(Session(Conf(full))),
    "default_port": rt.driver_ui(Session(Conf({"spark.driver.host": "h", "spark.app.id": "a"}))),
    "off": rt.driver_ui(Session(Conf(dict(full, **{"spark.ui.enabled": "false"})))),
    "no_app": rt.driver_ui(Session(Conf({"spark.driver.host": "h"}))),
    "hidden": rt.driver_ui(Session(Conf(full, fail=True))),
}
print(json.dumps(out, sort_keys=True))
`
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	want := map[string]any{
		"full":         map[string]any{"driver_host": "10.0.0.5", "ui_port": "4041", "app": "app-1"},
		"default_port": map[string]any{"driver_host": "h", "ui_port": "4040", "app": "a"},
		"off":          nil, "no_app": nil, "hidden": nil,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("driver_ui (-want +got):\n%s", diff)
	}
}

// TestRuntimeMissingMetadata runs resume_point on checkpoints (their logs
// stubbed): one with offsets but no metadata file is refused before its
// query starts, on every line, as checkpoint-corruption (Spark 4.1.1 starts
// it under a new query id, 4.2.0 fails it: SPARK-55058, measured).
func TestRuntimeMissingMetadata(t *testing.T) {
	type pyCase struct {
		Offsets  *int
		Metadata bool
	}
	one := 1
	cases := []struct {
		name string
		in   pyCase
		want string
	}{
		{"fresh checkpoint", pyCase{nil, false}, "started"},
		{"offsets and metadata", pyCase{&one, true}, "started"},
		{"offsets without metadata", pyCase{&one, false}, "checkpoint-corruption"},
	}
	in := make([]pyCase, len(cases))
	for i, c := range cases {
		in[i] = c.in
	}
	script := `
out = []
for c in json.loads(sys.stdin.read()):
    rt.checkpoint.checkpoint_log = lambda spark, cp, log, c=c: c["Offsets"]
    rt.checkpoint.checkpoint_has_metadata = lambda spark, cp, c=c: c["Metadata"]
    try:
        rt.resume_point(None, "/cp", [])
        out.append("started")
    except RuntimeError as exc:
        out.append(rt.classify(exc)[0])
print(json.dumps(out))
`
	var got []string
	runRuntime(t, "testdata/stack_available_now", script, in, &got)
	for i, c := range cases {
		if i >= len(got) || got[i] != c.want {
			t.Errorf("%s: got %v, want %s", c.name, got, c.want)
		}
	}
}
