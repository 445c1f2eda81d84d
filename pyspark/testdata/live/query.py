"""Print the rows of SQL queries as JSON lines: one JSON array per query.

    python query.py [sc://host:port] < queries.sql   (one query per line)

Each line is answered as it arrives (flushed), so a test may keep one
process, and its session, for all its queries.
"""
import json
import os
import sys

from pyspark.sql import SparkSession

remote = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ETLGEN_SPARK_REMOTE", "sc://127.0.0.1:15002")
spark = SparkSession.builder.remote(remote).getOrCreate()
spark.conf.set("spark.sql.session.timeZone", "UTC")
for q in iter(sys.stdin.readline, ""):
    if q.strip():
        rows = [r.asDict(recursive=True) for r in spark.sql(q).collect()]
        print(json.dumps(rows, default=str, sort_keys=True), flush=True)
