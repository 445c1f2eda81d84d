"""Order streaming, written by hand: the benchmark's reference programs.

The same pipeline as examples/order-streaming (Kafka order events -> paid-order
windows per customer merged into Delta, invalid events to a quarantine table,
events behind the watermark to a late table), written the way a Spark engineer
would write it (the seed-004 practice): from_json with an explicit schema, the
contract's rules as a CASE expression, withWatermark + window + groupBy,
foreachBatch with an idempotent SQL MERGE (txnAppId / txnVersion), a plain
Delta streaming append for the quarantine.

Two variants (--mode):
  plain   what a Spark engineer writes without etlgen: from_json with the
          contract's types (bigint, decimal(18,2), timestamp), the rules as one
          CASE over the typed fields. Lenient where JSON is: "7" or 7.0 for an
          integer, a duplicate key, trailing text are accepted as from_json
          accepts them.
  strict  every field parsed as a string first and its JSON form checked with
          regular expressions (integer, decimal(18,2), RFC 3339): closer to
          the contract's strict verdicts, still without duplicate-key checks.

    .cache/venv/bin/python scripts/bench/orders_handwritten.py --mode plain \
        --topic bench_orders --db bench_hand --checkpoint /tmp/bench/hand

Prints one JSON line at the end: rows read, batches, seconds.
"""

import argparse
import json
import time
import uuid

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, LongType, StringType, StructField, StructType, TimestampType

# Every field as a string first: the type checks need the JSON text.
ORDER_SCHEMA = StructType([
    StructField("event_id", StringType()),
    StructField("order_id", StringType()),
    StructField("customer_id", StringType()),
    StructField("order_total", StringType()),
    StructField("status", StringType()),
    StructField("event_time", StringType()),
])

# The contract's types: what from_json parses in the plain variant.
TYPED_SCHEMA = StructType([
    StructField("event_id", StringType()),
    StructField("order_id", LongType()),
    StructField("customer_id", LongType()),
    StructField("order_total", DecimalType(18, 2)),
    StructField("status", StringType()),
    StructField("event_time", TimestampType()),
])

TYPED_REASON = """
CASE
  WHEN value IS NULL OR octet_length(value) > 1048576 THEN 'PAYLOAD_TOO_LARGE'
  WHEN d IS NULL THEN 'MALFORMED_JSON'
  WHEN d.event_id IS NULL OR d.event_id = '' THEN 'MISSING_REQUIRED'
  WHEN char_length(d.event_id) > 64 THEN 'BAD_LENGTH'
  WHEN d.order_id IS NULL THEN 'MISSING_REQUIRED'
  WHEN d.order_id <= 0 THEN 'OUT_OF_RANGE'
  WHEN d.customer_id IS NULL THEN 'MISSING_REQUIRED'
  WHEN d.customer_id <= 0 THEN 'OUT_OF_RANGE'
  WHEN d.order_total IS NULL THEN 'MISSING_REQUIRED'
  WHEN d.order_total < 0 THEN 'OUT_OF_RANGE'
  WHEN d.status IS NULL THEN 'MISSING_REQUIRED'
  WHEN d.status NOT IN ('paid', 'cancelled', 'refunded') THEN 'BAD_ENUM'
  WHEN d.event_time IS NULL THEN 'MISSING_REQUIRED'
END"""

INT = r"^-?(0|[1-9][0-9]*)$"
DECIMAL_18_2 = r"^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$"
TS = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})$"

REASON = f"""
CASE
  WHEN value IS NULL OR octet_length(value) > 1048576 THEN 'PAYLOAD_TOO_LARGE'
  WHEN NOT is_valid_utf8(CAST(value AS STRING)) THEN 'INVALID_UTF8'
  WHEN d IS NULL THEN 'MALFORMED_JSON'
  WHEN d.event_id IS NULL OR d.event_id = '' THEN 'MISSING_REQUIRED'
  WHEN char_length(d.event_id) > 64 THEN 'BAD_LENGTH'
  WHEN d.order_id IS NULL THEN 'MISSING_REQUIRED'
  WHEN NOT d.order_id RLIKE '{INT}' THEN 'WRONG_TYPE'
  WHEN try_cast(d.order_id AS BIGINT) IS NULL OR try_cast(d.order_id AS BIGINT) <= 0 THEN 'OUT_OF_RANGE'
  WHEN d.customer_id IS NULL THEN 'MISSING_REQUIRED'
  WHEN NOT d.customer_id RLIKE '{INT}' THEN 'WRONG_TYPE'
  WHEN try_cast(d.customer_id AS BIGINT) IS NULL OR try_cast(d.customer_id AS BIGINT) <= 0 THEN 'OUT_OF_RANGE'
  WHEN d.order_total IS NULL THEN 'MISSING_REQUIRED'
  WHEN NOT d.order_total RLIKE '{DECIMAL_18_2}' THEN 'DECIMAL_OVERFLOW'
  WHEN CAST(d.order_total AS DECIMAL(18,2)) < 0 THEN 'OUT_OF_RANGE'
  WHEN d.status IS NULL THEN 'MISSING_REQUIRED'
  WHEN d.status NOT IN ('paid', 'cancelled', 'refunded') THEN 'BAD_ENUM'
  WHEN d.event_time IS NULL THEN 'MISSING_REQUIRED'
  WHEN NOT d.event_time RLIKE '{TS}' OR try_to_timestamp(d.event_time) IS NULL THEN 'INVALID_TIMESTAMP'
END"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--remote", default="sc://127.0.0.1:15002")
    p.add_argument("--bootstrap", default="127.0.0.1:9092")
    p.add_argument("--topic", required=True)
    p.add_argument("--db", required=True, help="database of the three tables (created)")
    p.add_argument("--checkpoint", required=True, help="checkpoint root")
    p.add_argument("--max-offsets", type=int, default=100000)
    p.add_argument("--mode", choices=("plain", "strict"), default="strict")
    return p.parse_args()


def main():
    args = parse_args()
    spark = SparkSession.builder.remote(args.remote).getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    windows_table = f"{args.db}.customer_order_windows"
    rejected_table = f"{args.db}.rejected_order_events"
    late_table = f"{args.db}.late_order_events"
    windows_cp = f"{args.checkpoint}/customer_order_windows"
    app_id = f"orders-handwritten-{args.db}"

    spark.sql(f"CREATE DATABASE IF NOT EXISTS {args.db}")
    spark.sql(f"""CREATE TABLE IF NOT EXISTS {windows_table} (
        customer_id BIGINT, window_start TIMESTAMP, window_end TIMESTAMP, paid_order_count BIGINT,
        paid_order_total DECIMAL(28,2), latest_event_time TIMESTAMP) USING delta""")
    spark.sql(f"""CREATE TABLE IF NOT EXISTS {rejected_table} (
        event_id STRING, raw_payload STRING, reason_code STRING, reason STRING, field_path STRING,
        observed_at TIMESTAMP, source_topic STRING, source_partition INT, source_offset BIGINT,
        pipeline_id STRING, contract_id STRING) USING delta""")
    spark.sql(f"""CREATE TABLE IF NOT EXISTS {late_table} (
        event STRUCT<event_id: STRING, order_id: BIGINT, customer_id: BIGINT, order_total: DECIMAL(18,2),
                     status: STRING, event_time: TIMESTAMP>,
        watermark_at_arrival TIMESTAMP, reason_code STRING) USING delta""")

    kafka_options = {
        "kafka.bootstrap.servers": args.bootstrap,
        "subscribe": args.topic,
        "failOnDataLoss": "true",
    }

    plain = args.mode == "plain"

    def checked(raw):
        """Kafka rows with the parsed payload and the reason it is invalid (NULL when valid)."""
        return (
            raw.withColumn("d", F.from_json(F.col("value").cast("string"), TYPED_SCHEMA if plain else ORDER_SCHEMA))
            .withColumn("reason_code", F.expr(TYPED_REASON if plain else REASON))
        )

    def orders(checked_df):
        """Typed valid order events."""
        if plain:
            return checked_df.filter("reason_code IS NULL").select("d.*")
        return checked_df.filter("reason_code IS NULL").selectExpr(
            "d.event_id AS event_id",
            "CAST(d.order_id AS BIGINT) AS order_id",
            "CAST(d.customer_id AS BIGINT) AS customer_id",
            "CAST(d.order_total AS DECIMAL(18,2)) AS order_total",
            "d.status AS status",
            "to_timestamp(d.event_time) AS event_time",
        )

    stream = (
        spark.readStream.format("kafka").options(**kafka_options)
        .option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", args.max_offsets)
        .load()
    )

    windows = (
        orders(checked(stream))
        .filter("status = 'paid'")
        .withWatermark("event_time", "15 minutes")
        .groupBy("customer_id", F.window("event_time", "1 hour"))
        .agg(
            F.count("order_id").alias("paid_order_count"),
            F.sum("order_total").cast("decimal(28,2)").alias("paid_order_total"),
            F.max("event_time").alias("latest_event_time"),
        )
        .selectExpr("customer_id", "window.start AS window_start", "window.end AS window_end",
                    "paid_order_count", "paid_order_total", "latest_event_time")
    )

    def read_offsets(session, batch_id):
        text = session.read.text(f"{windows_cp}/offsets/{batch_id}", wholetext=True).first()[0]
        lines = [ln for ln in text.splitlines() if ln.strip()]
        return json.loads(lines[1]), json.loads(lines[2])

    def write_late(session, batch_id):
        """Events Spark dropped in this batch: re-read the batch's Kafka range and keep the
        paid events whose window ended at or before the previous batch's watermark."""
        if batch_id == 0:
            return
        prev_meta, prev_offsets = read_offsets(session, batch_id - 1)
        _, offsets = read_offsets(session, batch_id)
        watermark_ms = int(prev_meta.get("batchWatermarkMs", 0))
        if watermark_ms <= 0 or offsets == prev_offsets:
            return
        raw = (session.read.format("kafka").options(**kafka_options)
               .option("startingOffsets", json.dumps(prev_offsets))
               .option("endingOffsets", json.dumps(offsets)).load())
        late = (
            orders(checked(raw)).filter("status = 'paid'")
            .filter(F.expr("window(event_time, '1 hour').end") <= F.timestamp_millis(F.lit(watermark_ms)))
            # The event's own fields: filtering on window() adds a window column to the rows.
            .selectExpr("struct(event_id, order_id, customer_id, order_total, status, event_time) AS event",
                        f"timestamp_millis({watermark_ms}) AS watermark_at_arrival",
                        "'BEHIND_WATERMARK' AS reason_code")
        )
        with_txn(session, batch_id, lambda: late.write.format("delta").mode("append").saveAsTable(late_table),
                 app=app_id + "-late")

    def with_txn(session, batch_id, write, app=app_id):
        session.conf.set("spark.databricks.delta.write.txnAppId", app)
        session.conf.set("spark.databricks.delta.write.txnVersion", str(batch_id))
        try:
            write()
        finally:
            session.conf.unset("spark.databricks.delta.write.txnAppId")
            session.conf.unset("spark.databricks.delta.write.txnVersion")

    def merge_windows(batch_df, batch_id):
        session = batch_df.sparkSession
        view = f"windows_batch_{uuid.uuid4().hex}"
        batch_df.createOrReplaceTempView(view)
        with_txn(session, batch_id, lambda: session.sql(f"""
            MERGE INTO {windows_table} AS t USING {view} AS s
            ON t.customer_id = s.customer_id AND t.window_start = s.window_start AND t.window_end = s.window_end
            WHEN MATCHED THEN UPDATE SET *
            WHEN NOT MATCHED THEN INSERT *"""))
        session.catalog.dropTempView(view)
        write_late(session, batch_id)

    rejected = checked(stream).filter("reason_code IS NOT NULL").selectExpr(
        "d.event_id AS event_id",
        "CAST(value AS STRING) AS raw_payload",
        "reason_code",
        "reason_code AS reason",
        "CAST(NULL AS STRING) AS field_path",
        "current_timestamp() AS observed_at",
        "topic AS source_topic",
        "partition AS source_partition",
        "offset AS source_offset",
        "'customer-order-streaming' AS pipeline_id",
        "'order-event' AS contract_id",
    )

    def start_windows(attempts=6):
        """Start the windows query; again when the server's foreachBatch Python worker
        did not connect back within its fixed 10 s (a loaded server): nothing started then."""
        for attempt in range(attempts):
            try:
                return (windows.writeStream.queryName("hand_windows").outputMode("update")
                        .option("checkpointLocation", windows_cp)
                        .trigger(availableNow=True).foreachBatch(merge_windows).start())
            except Exception as exc:  # noqa: BLE001 - re-raised unless that transient failure
                if "failed to connect back" not in str(exc) or attempt == attempts - 1:
                    raise
                time.sleep(2.0 * (attempt + 1))

    started = time.time()
    queries = [
        start_windows(),
        rejected.writeStream.queryName("hand_rejected").format("delta").outputMode("append")
        .option("checkpointLocation", f"{args.checkpoint}/rejected_order_events")
        .trigger(availableNow=True).toTable(rejected_table),
    ]
    for q in queries:
        q.awaitTermination()
    seconds = time.time() - started
    rows = {}
    batches = {}
    batch_ms = {}
    for q in queries:
        progress = q.recentProgress
        rows[q.name] = sum(int(getattr(p, "numInputRows", 0) or 0) for p in progress)
        batches[q.name] = len(progress)
        batch_ms[q.name] = [int((getattr(p, "durationMs", None) or {}).get("triggerExecution", 0)) for p in progress]
    print(json.dumps({"program": "handwritten-" + args.mode, "seconds": round(seconds, 3), "input_rows": rows, "batches": batches,
                      "batch_ms": batch_ms}))


if __name__ == "__main__":
    main()
