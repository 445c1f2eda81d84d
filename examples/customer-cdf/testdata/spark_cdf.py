"""Conformance run of the customer-cdf pipeline on Spark + Delta (seed 000's
library shape: Delta CDF source -> transformer -> change filter -> foreachBatch
CDF MERGE), driven by spark_test.go with ETLGEN_STACK=1.

stdin: {"prefix": str, "checkpoints": dir, "runs": [[op, ...], ...]} where an op
is {"op": "insert"|"update"|"delete", "rows": [customer, ...]}. For every run
it applies the ops to the source table (one Delta version per op), runs the
stream available-now and prints one JSON line:
{"run": i, "batches": [{"start": ..., "end": ...}], "target": [row, ...]}.
Then it replays with a new checkpoint from version 0 into a second target and
prints {"replay": true, "target": [...]}. Tables are dropped at the end."""

import json
import sys

from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

COLUMNS = ["customer_id", "name", "email", "country", "tier", "updated_at"]


def change_rank():
    """The change type's rank within one commit version (later wins)."""
    t = F.col("_change_type")
    return F.when(t == "update_preimage", 0).when(t == "insert", 1).when(t == "update_postimage", 2).otherwise(3)


def sql_value(v):
    if isinstance(v, (int, float)):
        return str(v)
    return "'" + str(v).replace("'", "''") + "'"


def row_sql(r):
    vals = [sql_value(r[c]) for c in COLUMNS[:-1]] + ["TIMESTAMP " + sql_value(r["updated_at"])]
    return "(" + ", ".join(vals) + ")"


def apply_op(spark, table, op):
    if op["op"] == "insert":
        spark.sql("INSERT INTO %s VALUES %s" % (table, ", ".join(row_sql(r) for r in op["rows"])))
    elif op["op"] == "update":
        # one MERGE per op: one version, a pre- and a post-image per row
        values = ", ".join(row_sql(r) for r in op["rows"])
        spark.sql("MERGE INTO %s t USING (SELECT * FROM VALUES %s AS s(%s)) s ON t.customer_id = s.customer_id "
                  "WHEN MATCHED THEN UPDATE SET *" % (table, values, ", ".join(COLUMNS)))
    else:
        ids = ", ".join(str(r["customer_id"]) for r in op["rows"])
        spark.sql("DELETE FROM %s WHERE customer_id IN (%s)" % (table, ids))


def cdf_merge(target, keys, app_id):
    """The CDF MERGE sink: per key the latest change of the batch (highest
    _commit_version, then change type), deletes, upserts; idempotent with
    txnAppId / txnVersion."""
    def write(batch_df, batch_id):
        spark = batch_df.sparkSession
        w = Window.partitionBy(*keys).orderBy(F.col("_commit_version").desc(), change_rank().desc())
        latest = (batch_df.withColumn("_etl_rank", F.row_number().over(w)).where("_etl_rank = 1")
                  .where("_change_type != 'update_preimage'"))
        view = "etlgen_cdf_%s_%d" % ("".join(c if c.isalnum() else "_" for c in app_id), batch_id)
        latest.createOrReplaceTempView(view)
        on = " AND ".join("t.%s <=> s.%s" % (k, k) for k in keys)
        sets = ", ".join("t.%s = s.%s" % (c, c) for c in COLUMNS)
        cols = ", ".join(COLUMNS)
        vals = ", ".join("s." + c for c in COLUMNS)
        spark.conf.set("spark.databricks.delta.write.txnAppId", app_id)
        spark.conf.set("spark.databricks.delta.write.txnVersion", str(batch_id))
        try:
            spark.sql("MERGE INTO %s AS t USING %s AS s ON %s "
                      "WHEN MATCHED AND s._change_type = 'delete' THEN DELETE "
                      "WHEN MATCHED THEN UPDATE SET %s "
                      "WHEN NOT MATCHED AND s._change_type != 'delete' THEN INSERT (%s) VALUES (%s)"
                      % (target, view, on, sets, cols, vals))
        finally:
            spark.conf.unset("spark.databricks.delta.write.txnAppId")
            spark.conf.unset("spark.databricks.delta.write.txnVersion")
            spark.catalog.dropTempView(view)
    return write


def run_stream(spark, source, target, checkpoint, app_id):
    changes = (spark.readStream.format("delta").option("readChangeFeed", "true")
               .option("startingVersion", 0).table(source))
    normalized = changes.withColumn("email", F.lower("email")).withColumn("country", F.upper("country"))
    kept = normalized.where(F.col("_change_type").isin("insert", "update_postimage", "delete"))
    q = (kept.writeStream.foreachBatch(cdf_merge(target, ["customer_id"], app_id))
         .option("checkpointLocation", checkpoint).trigger(availableNow=True).start())
    q.awaitTermination()
    batches = []
    for p in q.recentProgress:
        src = p.sources[0]
        start, end = offset(src.startOffset), offset(src.endOffset)
        if end is not None and (p.numInputRows or end != start):
            batches.append({"batch": p.batchId, "start": start, "end": end, "rows": p.numInputRows})
    return batches


def offset(o):
    """A progress offset as a dict (Spark Connect gives JSON text or a dict)."""
    if o is None or isinstance(o, dict):
        return o
    try:
        return json.loads(o)
    except ValueError:
        return None if o in ("", "null") else {"raw": o}


def target_rows(spark, target):
    df = spark.table(target).orderBy("customer_id")
    out = []
    for r in df.collect():
        d = r.asDict()
        d["updated_at"] = d["updated_at"].strftime("%Y-%m-%dT%H:%M:%SZ")
        out.append(d)
    return out


def create(spark, table, cdf):
    props = " TBLPROPERTIES (delta.enableChangeDataFeed = true)" if cdf else ""
    spark.sql("CREATE TABLE %s (customer_id BIGINT NOT NULL, name STRING NOT NULL, email STRING NOT NULL, "
              "country STRING NOT NULL, tier STRING NOT NULL, updated_at TIMESTAMP NOT NULL) USING delta%s" % (table, props))


def main():
    spec = json.load(sys.stdin)
    spark = SparkSession.builder.remote("sc://127.0.0.1:15002").getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    p = spec["prefix"]
    source, target, rebuilt = p + "_source", p + "_target", p + "_rebuilt"
    try:
        create(spark, source, True)
        create(spark, target, False)
        create(spark, rebuilt, False)
        for i, ops in enumerate(spec["runs"]):
            for op in ops:
                apply_op(spark, source, op)
            batches = run_stream(spark, source, target, spec["checkpoints"] + "/main", p + "-main")
            print(json.dumps({"run": i, "batches": batches, "target": target_rows(spark, target)}), flush=True)
        run_stream(spark, source, rebuilt, spec["checkpoints"] + "/replay", p + "-replay")
        print(json.dumps({"replay": True, "target": target_rows(spark, rebuilt)}), flush=True)
    finally:
        for t in (source, target, rebuilt):
            spark.sql("DROP TABLE IF EXISTS " + t)


if __name__ == "__main__":
    main()
