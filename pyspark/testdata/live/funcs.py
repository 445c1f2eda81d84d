"""Evaluate Spark SQL expressions, printing one JSON object per expression.

    python funcs.py [sc://host:port] < exprs.txt   (one expression per line)

Each object has the expression's typeof ("type") and its value as text
("value": a double as Python's repr, a date or timestamp as Spark's
CAST(x AS STRING)), or the error class Spark raised ("error").
"""
import json
import re
import sys

from pyspark.sql import SparkSession


def answer(spark: SparkSession, expr: str) -> dict:
    """Evaluate one expression; an ANSI error becomes its class."""
    try:
        typ = spark.sql(f"SELECT typeof({expr}) AS t").collect()[0]["t"]
        if typ in ("date", "timestamp"):
            value = spark.sql(f"SELECT CAST({expr} AS STRING) AS v").collect()[0]["v"]
        else:
            value = spark.sql(f"SELECT {expr} AS v").collect()[0]["v"]
        text = None if value is None else (repr(value) if isinstance(value, float) else str(value))
        return {"type": typ, "value": text}
    except Exception as e:  # noqa: BLE001 - the error class is the answer
        m = re.search(r"\[([A-Z_]+(?:\.[A-Z_]+)?)\]", str(e))
        return {"error": m.group(1) if m else str(e).splitlines()[0][:200]}


def main() -> None:
    remote = sys.argv[1] if len(sys.argv) > 1 else "sc://127.0.0.1:15002"
    spark = SparkSession.builder.remote(remote).getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    spark.conf.set("spark.sql.ansi.enabled", "true")
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(answer(spark, line.strip())), flush=True)


if __name__ == "__main__":
    main()
