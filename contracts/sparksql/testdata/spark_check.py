"""Run a compiled validation plan (want/plan.json) on a Spark Connect server
against a corpus (corpus/*.jsonl) and report every verdict that differs.

    .cache/venv/bin/python contracts/sparksql/testdata/spark_check.py \
        contracts/sparksql/testdata/order_event/want/plan.json \
        contracts/sparksql/testdata/corpus/order_event.jsonl [sc://127.0.0.1:15002]

Exit status 0 when Spark gives every case the expected reason code and field
path and the valid rows the expected typed values ("row": each column CAST
to STRING, timestamps rendered in UTC).
"""

import base64
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import BinaryType, IntegerType, StructField, StructType


def payload(case):
    if case.get("payload_null"):
        return None
    if "payload" in case:
        b = case["payload"].encode("utf-8")
    else:
        b = base64.b64decode(case.get("payload_b64") or case["payload_base64"])
    return b * case.get("repeat", 1)


def expected(case):
    """(code, path): this package's corpus uses code/path, the shared corpus
    (contracts/testdata/corpus, docs/validation.md) want/field."""
    if "want" in case:
        return ("" if case["want"] == "VALID" else case["want"]), case.get("field", "")
    return case["code"], case["path"]


def main(plan_path, corpus_path, remote):
    plan = json.load(open(plan_path))
    cases = [json.loads(line) for line in open(corpus_path, encoding="utf-8")]
    spark = SparkSession.builder.remote(remote).getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")  # only for rendering the typed rows
    if "--no-plan-cache" in sys.argv:
        spark.conf.set("spark.connect.session.planCache.enabled", "false")
    schema = StructType([StructField("case_id", IntegerType()), StructField(plan["payload_column"], BinaryType())])
    rows = [(i, None if payload(c) is None else bytearray(payload(c))) for i, c in enumerate(cases)]
    df = spark.createDataFrame(rows, schema)
    for level in plan["stage_levels"]:  # one select per level keeps the plan shallow
        df = df.selectExpr("*", *level)
    df = df.selectExpr("*", "(%s) AS _valid" % plan["valid"], "(%s) AS _code" % plan["reason_code"],
                       "(%s) AS _path" % plan["field_path"], "(%s) AS _reason" % plan["reason"])
    names = [p.rsplit(" AS ", 1)[1][1:-1].replace("``", "`") for p in plan["projection"]]
    typed = df.selectExpr("case_id", "_valid", "_code", "_path", "_reason", *plan["projection"])
    out = typed.select("case_id", "_valid", "_code", "_path", "_reason",
                       *[F.col("`%s`" % n.replace("`", "``")).cast("string") for n in names]).collect()
    bad = 0
    for r in sorted(out, key=lambda r: r.case_id):
        c = cases[r.case_id]
        got_code, got_path = r._code or "", r._path or ""
        want_code, want_path = expected(c)
        ok = got_code == want_code and got_path == want_path and r._valid == (want_code == "")
        row = dict(zip(names, r[5:], strict=True)) if r._valid else None
        for k, v in (c.get("row") or {}).items():
            got = row.get(k) if row else None  # CAST(.. AS STRING), timestamps in UTC
            if got != v:
                ok = False
                print("  row %s: got %r, want %r" % (k, got, v))
        if not ok:
            bad += 1
            print("✗ %s: got %r at %r (%s), want %r at %r" % (c["name"], got_code, got_path, r._reason, want_code, want_path))
    print("%d cases, %d differ" % (len(cases), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    sys.exit(main(args[0], args[1], args[2] if len(args) > 2 else "sc://127.0.0.1:15002"))
