"""Late output A/B: two generated programs' (before and after a change) late output of
the order-streaming example over the same Kafka offset ranges, one micro-batch each,
each with its own watermark (as in a run: a new one every batch), written to the noop
sink; interleaved rounds. LATE_AB_WATERMARK_MS sets the first watermark (default
2026-07-14, before every event: no row is late; 2026-07-15 06:00 = 1784095200000 makes
the first 6 hours of events late); both programs of a round get the same watermarks and
must write the same late rows (count and sum of xxhash64 of each batch's rows, instead
of the noop sink: the same work, every row computed). For each run: wall seconds, the Spark server JVM's CPU seconds
(other sessions count too) and the CPU of its own Spark jobs (executorCpuTime of the
stages of the jobs tagged with the run's tag, from the Spark UI REST API).

    python scripts/bench/late_ab.py <before dir> <after dir> <topic> <batches> <rounds>

On the stack `scripts/stack.sh env` describes (ETLGEN_KAFKA_BOOTSTRAP, SPARK_REMOTE,
ETLGEN_SPARK_UI, ETLGEN_STACK_DIR), the default ports otherwise.

Each dir holds a generated program of the order-streaming example (etlgen compile -o)
with its etlgen_runtime; the topic holds order events (e2e/cmd/orderevents -n N,
2 partitions), cut into <batches> equal offset ranges.
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
    """The program in directory with its own etlgen_runtime."""
    for mod in [m for m in sys.modules if m == "etlgen_runtime" or m.startswith("etlgen_runtime.")]:
        del sys.modules[mod]
    sys.path.insert(0, directory)
    spec = importlib.util.spec_from_file_location(name, directory + "/customer_order_streaming.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.path.remove(directory)
    module.ORDER_EVENTS_OPTIONS.update({"kafka.bootstrap.servers": BOOTSTRAP, "subscribe": sys.argv[3]})
    return module


BOOTSTRAP = os.environ.get("ETLGEN_KAFKA_BOOTSTRAP", "127.0.0.1:9092")


before_dir, after_dir, topic, batches, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
progs = {"before": load("prog_before", before_dir), "after": load("prog_after", after_dir)}
UI = os.environ.get("ETLGEN_SPARK_UI", "http://127.0.0.1:4040") + "/api/v1/applications"
spark = SparkSession.builder.remote(os.environ.get("SPARK_REMOTE", "sc://127.0.0.1:15002")).getOrCreate()
spark.conf.set("spark.sql.session.timeZone", "UTC")
app = json.load(urllib.request.urlopen(UI))[0]["id"]
pid = int(open(os.environ.get("ETLGEN_STACK_DIR", "/work/main/.stack") + "/run/spark.pid").read())
ends = {}
for r in spark.read.format("kafka").option("kafka.bootstrap.servers", BOOTSTRAP).option("subscribe", topic).load() \
        .groupBy("partition").agg({"offset": "max"}).collect():
    ends[str(r[0])] = r[1] + 1


def cut(i):
    """Offsets before and after batch i of the topic's records."""
    return ({topic: {p: e * i // batches for p, e in ends.items()}}, {topic: {p: e * (i + 1) // batches for p, e in ends.items()}})


def jvm_cpu():
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def task_cpu(tag):
    jobs = json.load(urllib.request.urlopen("%s/%s/jobs" % (UI, app)))
    total = 0
    for j in jobs:
        if any(tag in t for t in j.get("jobTags", [])):
            for sid in j["stageIds"]:
                for att in json.load(urllib.request.urlopen("%s/%s/stages/%d" % (UI, app, sid))):
                    total += att["executorCpuTime"]
    return total / 1e9


def run(m, first_watermark_ms):
    """The program's late output over every batch, each with a watermark 1 s later than the
    last: per batch, the late rows' count and sum of xxhash64."""
    out = []

    def written(df, *args, **kw):
        out.append(tuple(df.selectExpr("count(1)", "coalesce(sum(CAST(xxhash64(*) AS DECIMAL(38, 0))), 0)").first()))
    for i in range(batches):
        start, end = cut(i)
        m.rt.late_range = lambda spark, checkpoint, batch_id, s=start, e=end, w=first_watermark_ms + 1000 * i: (w, s, e)
        m.rt.append = written
        m.write_late_order_events(spark, i + 1)
    return out


res = {"before": [], "after": []}
watermark = int(os.environ.get("LATE_AB_WATERMARK_MS", "1784000000000"))  # 2026-07-14: before every event
for r in range(rounds + 1):
    rows = {}
    for name in (["before", "after"] if r % 2 == 0 else ["after", "before"]):
        tag = "lateab-%s-%s" % (name, uuid.uuid4().hex[:8])
        spark.addTag(tag)
        t0, c0 = time.time(), jvm_cpu()
        rows[name] = run(progs[name], watermark)
        wall, jvm = time.time() - t0, jvm_cpu() - c0
        spark.removeTag(tag)
        time.sleep(1)
        tasks = task_cpu(tag)
        print("round %d %s: wall %.2f s, JVM CPU %.2f s, task CPU %.2f s, load %s%s" % (
            r, name, wall, jvm, tasks, open("/proc/loadavg").read().split()[0], " (warm-up)" if r == 0 else ""), flush=True)
        if r > 0:
            res[name].append((wall, jvm, tasks))
    print("round %d late rows per batch (count, hash): %s" % (r, rows["before"]), flush=True)
    if rows["before"] != rows["after"]:
        sys.exit("round %d: the programs wrote different late rows: before %s, after %s" % (r, rows["before"], rows["after"]))
    watermark += 1000 * batches
for name, v in res.items():
    cols = list(zip(*v, strict=True))
    print("%s: %d batches, median (min-max): wall %.2f (%.2f-%.2f), JVM CPU %.2f (%.2f-%.2f), task CPU %.2f (%.2f-%.2f)" % (
        name, batches, *[x for c in cols for x in (statistics.median(c), min(c), max(c))]))
b, a = res["before"], res["after"]
print("after/before per round: JVM CPU %s, wall %s" % (
    " ".join("%.3f" % (x[1] / y[1]) for x, y in zip(a, b, strict=True)), " ".join("%.3f" % (x[0] / y[0]) for x, y in zip(a, b, strict=True))))
