"""Evaluate the regex corpus (corpus.json: patterns × subjects) on a Spark
Connect server and print the answers as JSON on stdout, for
contracts/regex's live test (ETLGEN_STACK=1) to compare with or record in
corpus.json.

    .cache/venv/bin/python contracts/regex/testdata/spark_regex.py \
        contracts/regex/testdata/corpus.json [sc://127.0.0.1:15002]

For each pattern: rlike, regexp_extract group 0 (and group 1 when the
pattern has groups) and regexp_replace with the literal replacement "<>",
on every subject; or the error Spark raises for the pattern.
"""

import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import IntegerType, StringType, StructField, StructType

REPLACEMENT = "<>"


def first_line(err):
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__


def evaluate(df, pattern):
    cols = [F.col("s").rlike(pattern).alias("rlike"),
            F.regexp_extract("s", pattern, 0).alias("extract0"),
            F.regexp_replace("s", pattern, REPLACEMENT).alias("replace")]
    try:
        rows = df.select("i", *cols).collect()
    except Exception as err:  # noqa: BLE001 - the error is the answer
        return {"error": first_line(err)}
    out = {r.i: {"rlike": r.rlike, "extract0": r.extract0, "replace": r.replace} for r in rows}
    try:
        for r in df.select("i", F.regexp_extract("s", pattern, 1).alias("g")).collect():
            out[r.i]["extract1"] = r.g
    except Exception:  # noqa: BLE001 - a pattern without groups has no group 1
        pass
    return {"answers": [out[i] for i in sorted(out)]}


def main(corpus_path, remote):
    corpus = json.load(open(corpus_path, encoding="utf-8"))
    spark = SparkSession.builder.remote(remote).getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    spark.conf.set("spark.sql.ansi.enabled", "true")
    schema = StructType([StructField("i", IntegerType()), StructField("s", StringType())])
    df = spark.createDataFrame(list(enumerate(corpus["subjects"])), schema)
    answers = [evaluate(df, p["pattern"]) for p in corpus["patterns"]]
    json.dump({"spark_version": spark.version, "answers": answers}, sys.stdout, ensure_ascii=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "sc://127.0.0.1:15002"))
