"""Produce JSON lines (stdin, one payload per line) to a Kafka topic in order.

    python produce.py TOPIC [sc://host:port] < payloads.jsonl
"""
import os
import sys

from pyspark.sql import SparkSession

topic = sys.argv[1]
remote = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("ETLGEN_SPARK_REMOTE", "sc://127.0.0.1:15002")
bootstrap = os.environ.get("ETLGEN_KAFKA_BOOTSTRAP", "127.0.0.1:9092")
rows = [(i, line.rstrip("\n")) for i, line in enumerate(sys.stdin) if line.strip()]
spark = SparkSession.builder.remote(remote).getOrCreate()
df = spark.createDataFrame(rows, "i bigint, value string").coalesce(1).orderBy("i").select("value")
df.write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save()
