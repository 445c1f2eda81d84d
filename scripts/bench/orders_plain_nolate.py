"""Order streaming without a late table, written by hand from seed 004 and the contract.

The bench's reference for the generated program of the pipeline without its
late output (scripts/bench/nolate): Kafka order events, paid orders per
customer and one-hour event-time window merged into Delta, invalid events
appended to a quarantine table. Written the way the seed's production pattern
(Kafka -> Delta) does it, not from etlgen's output:

- from_json with the OrderEvent contract's types (bigint ids, decimal(18,2)
  total, timestamp event time);
- the contract's rules as one predicate (event_id required and at most 64
  characters, ids > 0, total >= 0, status one of paid/cancelled/refunded,
  event time present);
- withWatermark (15 minutes) + window (1 hour) + groupBy, update mode;
- foreachBatch MERGE into the windows table, idempotent by
  txnAppId / txnVersion;
- a plain Delta streaming append for the quarantine (raw payload and its Kafka
  position).

from_json is lenient where JSON is: "7" or 7.0 for an integer, a duplicate key
or text after the object are accepted; the bench's events contain none.

    .cache/venv/bin/python scripts/bench/orders_plain_nolate.py \
        --topic bench_orders --db bench_plain --checkpoint /tmp/bench/plain

Prints one JSON line at the end: seconds, rows read and batches per query.
"""

import argparse
import json
import time

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, LongType, StringType, StructField, StructType, TimestampType

ORDER_SCHEMA = StructType([
    StructField("event_id", StringType()),
    StructField("order_id", LongType()),
    StructField("customer_id", LongType()),
    StructField("order_total", DecimalType(18, 2)),
    StructField("status", StringType()),
    StructField("event_time", TimestampType()),
])

IS_VALID = """coalesce(
    d.event_id IS NOT NULL AND d.event_id <> '' AND char_length(d.event_id) <= 64
    AND d.order_id > 0
    AND d.customer_id > 0
    AND d.order_total >= 0
    AND d.status IN ('paid', 'cancelled', 'refunded')
    AND d.event_time IS NOT NULL, false)"""


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--remote", default="sc://127.0.0.1:15002")
    p.add_argument("--bootstrap", default="127.0.0.1:9092")
    p.add_argument("--topic", required=True)
    p.add_argument("--db", required=True, help="database of the two tables (created)")
    p.add_argument("--checkpoint", required=True, help="checkpoint root")
    p.add_argument("--max-offsets", type=int, default=100000)
    return p.parse_args()


def create_tables(spark, db):
    spark.sql(f"CREATE DATABASE IF NOT EXISTS {db}")
    spark.sql(f"""CREATE TABLE IF NOT EXISTS {db}.customer_order_windows (
        customer_id BIGINT, window_start TIMESTAMP, window_end TIMESTAMP,
        paid_order_count BIGINT, paid_order_total DECIMAL(28,2), latest_event_time TIMESTAMP) USING delta""")


def source(spark, args):
    """The topic's records with the payload parsed and its verdict."""
    raw = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", args.bootstrap)
        .option("subscribe", args.topic)
        .option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", args.max_offsets)
        .option("failOnDataLoss", "true")
        .load()
    )
    return (
        raw.selectExpr("CAST(value AS STRING) AS json_str", "topic", "partition", "offset")
        .withColumn("d", F.from_json("json_str", ORDER_SCHEMA))
        .withColumn("is_valid", F.expr(IS_VALID))
    )


def windows_query(parsed, args):
    table = f"{args.db}.customer_order_windows"
    app_id = f"orders-plain-{args.db}"
    windows = (
        parsed.filter("is_valid").select("d.*")
        .filter(F.col("status") == "paid")
        .withWatermark("event_time", "15 minutes")
        .groupBy("customer_id", F.window("event_time", "1 hour"))
        .agg(F.count("order_id").alias("paid_order_count"),
             F.sum("order_total").alias("paid_order_total"),
             F.max("event_time").alias("latest_event_time"))
        .select("customer_id", F.col("window.start").alias("window_start"), F.col("window.end").alias("window_end"),
                "paid_order_count", "paid_order_total", "latest_event_time")
    )

    def upsert(batch_df, batch_id):
        session = batch_df.sparkSession
        batch_df.createOrReplaceTempView("windows_batch")
        session.conf.set("spark.databricks.delta.write.txnAppId", app_id)
        session.conf.set("spark.databricks.delta.write.txnVersion", str(batch_id))
        try:
            session.sql(f"""MERGE INTO {table} t USING windows_batch s
                ON t.customer_id = s.customer_id AND t.window_start = s.window_start AND t.window_end = s.window_end
                WHEN MATCHED THEN UPDATE SET *
                WHEN NOT MATCHED THEN INSERT *""")
        finally:
            session.conf.unset("spark.databricks.delta.write.txnAppId")
            session.conf.unset("spark.databricks.delta.write.txnVersion")

    return (
        windows.writeStream.queryName("plain_windows").outputMode("update")
        .option("checkpointLocation", f"{args.checkpoint}/windows")
        .trigger(availableNow=True).foreachBatch(upsert).start()
    )


def quarantine_query(parsed, args):
    rejected = parsed.filter("NOT is_valid").select(
        F.col("d.event_id").alias("event_id"),
        F.col("json_str").alias("raw_payload"),
        F.current_timestamp().alias("observed_at"),
        F.col("topic").alias("source_topic"),
        F.col("partition").alias("source_partition"),
        F.col("offset").alias("source_offset"),
    )
    return (
        rejected.writeStream.queryName("plain_rejected").format("delta").outputMode("append")
        .option("checkpointLocation", f"{args.checkpoint}/rejected")
        .trigger(availableNow=True).toTable(f"{args.db}.rejected_order_events")
    )


def start_retrying(start, attempts=6):
    """start(); again when the server's foreachBatch Python worker did not
    connect back within its fixed 10 s (a loaded server): nothing started then."""
    for attempt in range(attempts):
        try:
            return start()
        except Exception as exc:  # noqa: BLE001 - re-raised unless that transient failure
            if "failed to connect back" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(2.0 * (attempt + 1))


def main():
    args = parse_args()
    spark = SparkSession.builder.remote(args.remote).getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    create_tables(spark, args.db)
    parsed = source(spark, args)
    started = time.time()
    queries = [start_retrying(lambda: windows_query(parsed, args)), quarantine_query(parsed, args)]
    for q in queries:
        q.awaitTermination()
    print(json.dumps({
        "program": "plain-nolate",
        "seconds": round(time.time() - started, 3),
        "input_rows": {q.name: sum(int(p.numInputRows or 0) for p in q.recentProgress) for q in queries},
        "batches": {q.name: len(q.recentProgress) for q in queries},
    }))


if __name__ == "__main__":
    main()
