"""Run the function corpus's cases on Spark Connect, in one process.

    python harness.py CASES.json RESULTS.json

CASES.json (written by TestSparkAgrees): the server, the Spark line it
must run (the answers are recorded as that line's), the session's settings, and one query per case: the expression's Spark SQL, the inline
table's alias and its rows (tuples of exact SQL literals, the first cell the
row's index).

RESULTS.json: per case, either "refused" (Spark's analyzer rejects the
expression: its error class) or the result type (simpleString) and one
result per row: {"v": raw} with raw the value's exact text (None for NULL:
strings as the hex of their bytes, timestamps as unix microseconds, dates
as unix days, doubles as the hex of their IEEE bits, other types as
CAST(x AS STRING)), or {"error": class} for a row Spark fails on. A query
that fails runs again on halves of its rows, down to single rows, to say
which rows fail and how. Cases run a few at a time (threads on one
session).
"""

import json
import logging
import re
import struct
import sys
import time
import warnings
from concurrent.futures import ThreadPoolExecutor

from pyspark.sql import SparkSession

CLASS = re.compile(r"\[([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)\]")

# The canonical text of a result column r of each type, as SQL.
CANON = {
    "string": "hex(CAST(r AS BINARY))",
    "timestamp": "CAST(unix_micros(r) AS STRING)",
    "date": "CAST(unix_date(r) AS STRING)",
    "double": "r",
}


def main(argv):
    logging.disable(logging.CRITICAL)  # pyspark logs every error it raises
    warnings.simplefilter("ignore", FutureWarning)
    with open(argv[1]) as f:
        spec = json.load(f)
    started = time.time()
    spark = SparkSession.builder.remote(spec["remote"]).create()
    line = spec.get("line")
    if line and not spark.version.startswith(line + "."):
        sys.exit("the server runs Spark %s, not line %s: its answers would be recorded as another line's" % (spark.version, line))
    for key, value in spec.get("conf", {}).items():
        spark.conf.set(key, value)
    with ThreadPoolExecutor(max_workers=spec.get("threads", 16)) as pool:
        answers = list(pool.map(lambda c: run_case(spark, c), spec["cases"]))
    results = {c["name"]: a for c, a in zip(spec["cases"], answers, strict=True)}
    with open(argv[2], "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print("%d cases in %.1fs" % (len(results), time.time() - started), file=sys.stderr, flush=True)


def query(case, rows):
    """The case's query over the given rows: (__i, r)."""
    return "SELECT __i, %s AS r FROM VALUES %s AS %s" % (case["expr"], ", ".join(rows), case["table"])


def run_case(spark, case):
    """Spark's answer to one case."""
    try:
        typ = spark.sql(query(case, case["rows"])).schema["r"].dataType.simpleString()
    except Exception as exc:  # noqa: BLE001 - the analyzer's verdict is the answer
        return {"refused": error_class(exc)}
    try:
        return {"type": typ, "rows": collect(spark, case, case["rows"], typ)}
    except Exception:  # noqa: BLE001 - some row fails: find which
        pass
    return {"type": typ, "rows": bisect(spark, case, case["rows"], typ)}


def bisect(spark, case, rows, typ):
    """The results of rows of which some fail: halves that run are
    collected at once, the rest split until each failing row is alone."""
    try:
        return collect(spark, case, rows, typ)
    except Exception as exc:  # noqa: BLE001 - a row's error is its answer
        if len(rows) == 1:
            return [{"error": error_class(exc)}]
    half = len(rows) // 2
    return bisect(spark, case, rows[:half], typ) + bisect(spark, case, rows[half:], typ)


def collect(spark, case, rows, typ):
    """The canonical results of rows, in order."""
    canon = CANON.get(typ, "CAST(r AS STRING)")
    sql = "SELECT __i, %s AS v FROM (%s) ORDER BY __i" % (canon, query(case, rows))
    return [{"v": raw(r["v"], typ)} for r in spark.sql(sql).collect()]


def raw(value, typ):
    """A value's exact text; doubles by their bits (keeps -0.0 and NaN)."""
    if value is None:
        return None
    if typ == "double":
        return struct.pack(">d", value).hex()
    return value


def error_class(exc):
    """Spark's error class of an exception, else its first line."""
    cls = None
    if hasattr(exc, "getCondition"):
        try:
            cls = exc.getCondition()
        except Exception:  # noqa: BLE001 - no condition
            cls = None
    if not cls:
        found = CLASS.findall(str(exc))
        cls = found[0] if found else str(exc).split("\n")[0]
    return cls


if __name__ == "__main__":
    main(sys.argv)
