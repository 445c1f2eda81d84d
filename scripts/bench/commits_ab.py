"""Batch line A/B: what finding one batch's Delta commit costs the Spark server, by
DESCRIBE HISTORY (the history path of etlgen_runtime.commits.commit_of) against the
table's log files after the last commit found (its log path, log_commits), on a
table of 12 appends, each stamped like an etlgen batch; interleaved rounds. Per
read: wall seconds and the Spark server JVM's CPU seconds (other sessions count too);
the log path's DESCRIBE DETAIL (once per table and run) is not counted.

    python scripts/bench/commits_ab.py <rounds> [reads per round]

The runtime is this tree's (pyspark/runtime); the stack's (SPARK_REMOTE,
ETLGEN_STACK_DIR: scripts/stack.sh env).
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../pyspark/runtime"))

from pyspark.sql import SparkSession  # noqa: E402

import etlgen_runtime.commits as commits  # noqa: E402
from etlgen_runtime.writes import user_metadata  # noqa: E402

rounds = int(sys.argv[1])
reads = int(sys.argv[2]) if len(sys.argv) > 2 else 10
spark = SparkSession.builder.remote(os.environ.get("SPARK_REMOTE", "sc://127.0.0.1:15002")).getOrCreate()
pid = int(open(os.environ.get("ETLGEN_STACK_DIR", "/work/main/.stack") + "/run/spark.pid").read())
table, app = "etlgen_commits_ab.t", "commits-ab"
spark.sql("CREATE DATABASE IF NOT EXISTS etlgen_commits_ab")
spark.sql("DROP TABLE IF EXISTS %s" % table)
spark.sql("CREATE TABLE %s (id BIGINT) USING delta" % table)
for b in range(12):
    spark.range(10).write.format("delta").mode("append").option("userMetadata", user_metadata(app, b)).saveAsTable(table)
start = 8  # the version of batch 7's commit (version 0 creates the table): batch 8's is the next


def jvm_cpu():
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def find(log):
    """One batch line's read: batch 8's commit, as commit_of finds it (log: the
    table's CommitLog, made once per run, set back to the start's version)."""
    if log is not None:
        log.version = start
    c = commits.commit_of(spark, table, app, 8, {}, log)
    assert c is not None and c[1] == 10, c


res = {"history": [], "log": []}
for r in range(rounds + 1):
    for name in (["history", "log"] if r % 2 == 0 else ["log", "history"]):
        log = commits.commit_log(spark, table, start) if name == "log" else None
        t0, c0 = time.time(), jvm_cpu()
        for _ in range(reads):
            find(log)
        wall, jvm = (time.time() - t0) / reads, (jvm_cpu() - c0) / reads
        print("round %d %s: per read wall %.3f s, JVM CPU %.3f s, load %s%s" % (
            r, name, wall, jvm, open("/proc/loadavg").read().split()[0], " (warm-up)" if r == 0 else ""), flush=True)
        if r > 0:
            res[name].append((wall, jvm))
for name, v in res.items():
    walls, cpus = zip(*v, strict=True)
    print("%s: per read, median (min-max): wall %.3f (%.3f-%.3f), JVM CPU %.3f (%.3f-%.3f)" % (
        name, statistics.median(walls), min(walls), max(walls), statistics.median(cpus), min(cpus), max(cpus)))
print("log/history per round: JVM CPU %s" % " ".join("%.3f" % (a[1] / b[1]) for a, b in zip(res["log"], res["history"], strict=True)))
spark.sql("DROP DATABASE etlgen_commits_ab CASCADE")
