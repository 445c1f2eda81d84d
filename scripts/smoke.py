"""Smoke check of the local stack (scripts/stack.sh), run with the stack's venv python.

    .cache/venv/bin/python scripts/smoke.py [--no-restart]     (make stack-smoke)

Proves over Spark Connect: the server runs Spark 4.1.x; a Delta table in the Hive catalog
can be created, written, merged (SQL MERGE INTO) and read; a Delta table and a streaming
checkpoint live on s3a://warehouse/...; a Kafka round-trip through Spark's kafka batch sink
and source; a foreachBatch stream that MERGEs into a Delta table; and (unless --no-restart) that the catalog table survives a restart of the
Spark Connect server. It also reports whether delta.tables.DeltaTable works over Connect.
Exit status 0 when every check passes.
"""

import os
import subprocess
import sys
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONNECT = os.environ.get("ETLGEN_SPARK_REMOTE", "sc://127.0.0.1:15002")
KAFKA = os.environ.get("ETLGEN_KAFKA_BOOTSTRAP", "127.0.0.1:9092")
RUN_ID = uuid.uuid4().hex[:8]
DB = "etlgen_smoke"
TABLE = DB + ".orders"

failures = []


def check(name, fn):
    t0 = time.time()
    try:
        detail = fn()
    except Exception as e:  # one failed check must not hide the others
        msg = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        print("✗ %s: %s" % (name, msg[:400]), flush=True)
        failures.append(name)
        return
    print("✓ %s (%.1fs)%s" % (name, time.time() - t0, ": " + detail if detail else ""), flush=True)


def expect(cond, msg):
    if not cond:
        raise AssertionError(msg)


def session():
    from pyspark.sql import SparkSession

    return SparkSession.builder.remote(CONNECT).getOrCreate()


def s3_credentials():
    """The S3 client reads the stack's generated credentials (never committed)."""
    path = os.path.join(os.environ.get("ETLGEN_STACK_DIR", os.path.join(ROOT, ".stack")), "credentials")
    with open(path) as f:
        for line in f:
            k, _, v = line.strip().partition("=")
            if k:
                os.environ.setdefault(k, v)


def s3_keys(prefix):
    import boto3
    from botocore.config import Config

    s3_credentials()
    c = boto3.client("s3", endpoint_url="http://127.0.0.1:%s" % os.environ.get("S3_PORT", "7070"),
                     region_name="us-east-1", config=Config(s3={"addressing_style": "path"}))
    keys = []
    for page in c.get_paginator("list_objects_v2").paginate(Bucket="warehouse", Prefix=prefix):
        keys += [o["Key"] for o in page.get("Contents", [])]
    return keys


def main():
    restart = "--no-restart" not in sys.argv[1:]
    spark = session()

    def version():
        v = spark.version
        expect(v.startswith("4.1."), "spark.version is %s, want 4.1.x" % v)
        tz = spark.conf.get("spark.sql.session.timeZone")
        expect(tz == "UTC", "session time zone is %s, want UTC" % tz)
        return v

    def catalog_delta():
        spark.sql("CREATE DATABASE IF NOT EXISTS " + DB)
        spark.sql("CREATE OR REPLACE TABLE %s (id BIGINT, status STRING) USING delta" % TABLE)
        spark.createDataFrame([(1, "new"), (2, "paid")], "id long, status string").write.format("delta").mode("append").saveAsTable(TABLE)
        spark.sql("MERGE INTO %s t USING (SELECT 2 AS id, 'shipped' AS status UNION ALL SELECT 3, 'new') s "
                  "ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *" % TABLE)
        rows = sorted(tuple(r) for r in spark.table(TABLE).collect())
        expect(rows == [(1, "new"), (2, "shipped"), (3, "new")], "table holds %s" % rows)
        fmt = spark.sql("DESCRIBE DETAIL " + TABLE).collect()[0]["format"]
        expect(fmt == "delta", "format is %s" % fmt)
        return "%s: create, insert, SQL MERGE INTO, read back" % TABLE

    def s3_delta():
        base = "s3a://warehouse/smoke/%s" % RUN_ID
        src, dst, ckpt = base + "/events", base + "/events_copy", base + "/_checkpoints/copy"
        spark.range(0, 100).withColumnRenamed("id", "n").write.format("delta").mode("overwrite").save(src)
        n = spark.read.format("delta").load(src).count()
        expect(n == 100, "read %d rows back from %s" % (n, src))
        q = (spark.readStream.format("delta").load(src).writeStream.format("delta")
             .option("checkpointLocation", ckpt).trigger(availableNow=True).start(dst))
        q.awaitTermination(180)
        expect(q.exception() is None, "stream failed: %s" % q.exception())
        n = spark.read.format("delta").load(dst).count()
        expect(n == 100, "stream copied %d rows, want 100" % n)
        keys = s3_keys("smoke/%s/" % RUN_ID)
        expect(any("/events/_delta_log/" in k for k in keys), "no _delta_log objects under %s" % src)
        expect(any("/_checkpoints/copy/commits/0" in k for k in keys), "no checkpoint commit under %s" % ckpt)
        return "%s (%d objects in the bucket, checkpoint commits/0 present)" % (base, len(keys))

    def kafka_roundtrip():
        topic = "etlgen-smoke-" + RUN_ID
        msgs = [("k%d" % i, '{"order_id": %d}' % i) for i in range(3)]
        (spark.createDataFrame(msgs, "key string, value string").write.format("kafka")
         .option("kafka.bootstrap.servers", KAFKA).option("topic", topic).save())
        got = (spark.read.format("kafka").option("kafka.bootstrap.servers", KAFKA)
               .option("subscribe", topic).option("startingOffsets", "earliest").load()
               .selectExpr("CAST(key AS STRING) AS key", "CAST(value AS STRING) AS value").collect())
        got = sorted((r.key, r.value) for r in got)
        expect(got == sorted(msgs), "read back %s" % got)
        return "topic %s: wrote and read %d messages" % (topic, len(got))

    def foreach_batch_merge():
        # foreachBatch runs its function in a Python worker the server starts (PYSPARK_PYTHON
        # = the stack's venv), so this also proves the server-side Python set-up.
        target = DB + ".merge_target_" + RUN_ID
        spark.sql("CREATE TABLE %s (id BIGINT, n BIGINT) USING delta" % target)
        src = "s3a://warehouse/smoke/%s/events" % RUN_ID

        def merge(batch, batch_id):
            s = batch.sparkSession
            batch.selectExpr("n % 10 AS id", "n").groupBy("id").max("n").toDF("id", "n") \
                .createOrReplaceTempView("etlgen_smoke_batch")
            s.conf.set("spark.databricks.delta.write.txnAppId", "smoke-" + RUN_ID)
            s.conf.set("spark.databricks.delta.write.txnVersion", str(batch_id))
            s.sql("MERGE INTO %s t USING etlgen_smoke_batch b ON t.id = b.id "
                  "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *" % target)

        q = (spark.readStream.format("delta").load(src).writeStream.foreachBatch(merge)
             .option("checkpointLocation", "s3a://warehouse/smoke/%s/_checkpoints/merge" % RUN_ID)
             .trigger(availableNow=True).start())
        q.awaitTermination(180)
        expect(q.exception() is None, "stream failed: %s" % q.exception())
        rows = sorted(tuple(r) for r in spark.table(target).collect())
        expect(rows == [(i, 90 + i) for i in range(10)], "target holds %s" % rows)
        spark.sql("DROP TABLE " + target)
        return "%s: foreachBatch + SQL MERGE INTO with txnAppId/txnVersion, 10 rows" % target

    def delta_table_api():
        # Informational: DeltaTable over Connect needs Delta Connect's server plugin.
        from delta.tables import DeltaTable

        dt = DeltaTable.forName(spark, TABLE)
        src = spark.createDataFrame([(4, "new")], "id long, status string")
        dt.alias("t").merge(src.alias("s"), "t.id = s.id").whenNotMatchedInsertAll().execute()
        return "DeltaTable.merge works over Connect"

    check("Spark version", version)
    check("Delta table in the catalog", catalog_delta)
    check("Delta table and checkpoint on s3a://", s3_delta)
    check("Kafka round-trip through Spark", kafka_roundtrip)
    check("foreachBatch MERGE over Connect", foreach_batch_merge)
    try:
        print("i %s" % delta_table_api())
    except Exception as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        print("i DeltaTable API over Connect unavailable (use SQL MERGE INTO): %s" % first[:300])

    if restart:
        def survives_restart():
            spark.stop()
            subprocess.run([os.path.join(ROOT, "scripts", "stack.sh"), "restart", "spark"], check=True)
            s2 = session()
            rows = sorted(tuple(r) for r in s2.table(TABLE).collect())
            expect((2, "shipped") in rows, "after restart the table holds %s" % rows)
            return "%s still readable after `stack.sh restart spark` (%d rows)" % (TABLE, len(rows))

        check("Catalog table survives a server restart", survives_restart)

    if failures:
        print("smoke: %d check(s) failed: %s" % (len(failures), ", ".join(failures)))
        return 1
    print("smoke: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
