"""Print Spark's physical plans of a generated program's validation, as JSON:
{"valid": plan, "invalid": plan} for <source>_valid and <source>_invalid over
1000 payloads built from spark.range (a source the optimizer cannot fold).

    python explain_rules.py <program dir> <program module> <source> [sc://host:port]
"""
import importlib
import json
import os
import sys

from pyspark.sql import SparkSession

sys.path.insert(0, sys.argv[1])
program = importlib.import_module(sys.argv[2])
source = sys.argv[3]
remote = sys.argv[4] if len(sys.argv) > 4 else os.environ.get("ETLGEN_SPARK_REMOTE", "sc://127.0.0.1:15002")
spark = SparkSession.builder.remote(remote).getOrCreate()
raw = spark.range(1000).selectExpr(
    "CAST(concat('{\"order_id\":', id, '}') AS BINARY) AS raw_payload", "'t' AS _etl_topic", "0 AS _etl_partition",
    "id AS _etl_offset", "CAST(NULL AS TIMESTAMP) AS _etl_kafka_timestamp")
plans = {kind: getattr(program, "%s_%s" % (source, kind))(raw)._explain_string(mode="formatted")
         for kind in ("valid", "invalid")}
print(json.dumps(plans))
