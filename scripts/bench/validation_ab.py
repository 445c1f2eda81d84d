"""Validation A/B: two generated programs' (before and after a change) order_events_valid and
order_events_invalid over the same N payloads of a Kafka topic (read once, kept with
localCheckpoint), each written to the noop sink; interleaved rounds. For each run:
wall seconds and the CPU of its own Spark jobs only (sum of executorCpuTime of the
stages of the jobs tagged with the run's tag, from the Spark UI REST API), so other
sessions on the shared server do not count.

    python scripts/bench/validation_ab.py <before program dir> <after program dir> <topic> <rounds>

Each dir holds a generated program of the order-streaming example (etlgen compile -o) and
its etlgen_runtime.py; the topic holds order events (e2e/cmd/orderevents -n N).
"""
import importlib.util
import json
import os
import statistics
import sys
import time
import urllib.request
import uuid

from pyspark.sql import SparkSession


def load(name, directory):
    """The program of directory with its own etlgen_runtime (a module of that
    name another program loaded is dropped first: else the second program
    would run the first one's runtime)."""
    for m in [m for m in sys.modules if m == "etlgen_runtime" or m.startswith("etlgen_runtime.")]:
        del sys.modules[m]
    sys.path.insert(0, directory)
    spec = importlib.util.spec_from_file_location(name, directory + "/customer_order_streaming.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


prog_before, prog_after = load("prog_before", sys.argv[1]), load("prog_after", sys.argv[2])

# The stack scripts/stack.sh env describes, the default ports otherwise.
UI = os.environ.get("ETLGEN_SPARK_UI", "http://127.0.0.1:4040") + "/api/v1/applications"
topic, rounds = sys.argv[3], int(sys.argv[4])
spark = SparkSession.builder.remote(os.environ.get("ETLGEN_SPARK_REMOTE", "sc://127.0.0.1:15002")).getOrCreate()
spark.conf.set("spark.sql.session.timeZone", "UTC")
raw = (spark.read.format("kafka").option("kafka.bootstrap.servers", os.environ.get("ETLGEN_KAFKA_BOOTSTRAP", "127.0.0.1:9092"))
       .option("subscribe", topic)
       .option("startingOffsets", "earliest").option("endingOffsets", "latest").load()
       .selectExpr(*prog_after.ORDER_EVENTS_LINEAGE).localCheckpoint(eager=True))
n = raw.count()
app = json.load(urllib.request.urlopen(UI))[0]["id"]


def cpu_of(tag):
    jobs = json.load(urllib.request.urlopen("%s/%s/jobs" % (UI, app)))
    stages = [s for j in jobs if any(tag in t for t in j.get("jobTags", [])) for s in j["stageIds"]]
    total = 0
    for sid in stages:
        for att in json.load(urllib.request.urlopen("%s/%s/stages/%d" % (UI, app, sid))):
            total += att["executorCpuTime"]
    return total / 1e9, len(stages)


res = {"before": [], "after": []}
for r in range(rounds + 1):
    order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
    for name in order:
        m = prog_before if name == "before" else prog_after
        tag = "rtbench-%s-%s" % (name, uuid.uuid4().hex[:8])
        spark.addTag(tag)
        t0 = time.time()
        m.order_events_valid(raw).write.format("noop").mode("overwrite").save()
        m.order_events_invalid(raw).write.format("noop").mode("overwrite").save()
        wall = time.time() - t0
        spark.removeTag(tag)
        time.sleep(1)
        cpu, nst = cpu_of(tag)
        line = "round %d %s: wall %.2f s, %.0f events/s, task CPU %.2f s (%d stages)" % (r, name, wall, n / wall, cpu, nst)
        print(line + (" (warm-up)" if r == 0 else ""), flush=True)
        if r > 0:
            res[name].append((wall, cpu))
for name, v in res.items():
    walls, cpus = [w for w, _ in v], [c for _, c in v]
    print("%s: %d events, median wall %.2f s (%.2f-%.2f), events/s %.0f, median task CPU %.2f s (%.2f-%.2f) = %.2f s/100k" % (
        name, n, statistics.median(walls), min(walls), max(walls), n / statistics.median(walls),
        statistics.median(cpus), min(cpus), max(cpus), statistics.median(cpus) * 1e5 / n))
b, a = res["before"], res["after"]
print("after/before: task CPU %.3f, wall %.3f (medians); per round CPU ratios %s" % (
    statistics.median([c for _, c in a]) / statistics.median([c for _, c in b]),
    statistics.median([w for w, _ in a]) / statistics.median([w for w, _ in b]),
    ", ".join("%.3f" % (x[1] / y[1]) for x, y in zip(a, b, strict=True))))
