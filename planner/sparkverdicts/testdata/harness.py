"""Run the differential corpus's cases on Spark Connect, in one process.

    python harness.py JOBS.json RESULTS.json

JOBS.json (written by TestSparkVerdicts): the server, the tables to create
first, and one job per case: either the programs pyspark.Generate wrote
(kind "program": each module's start(spark) starts its queries) or the
equivalent queries the test built from the IR (kind "equivalent": a tree of
DataFrame operations per query). Jobs run a few at a time, each on a session
of its own slot (query names are unique per session, and cases reuse them).
Each job's queries run until they end (available-now, once) or, with
"until": "first-batch", until their first micro-batch; a job that takes
longer than its timeout is stopped.

RESULTS.json: one verdict per case: accepted with the rows each query wrote
(observed metrics), or rejected with the phase (analysis, start, batch), the
error class and the message's first line.
"""

import importlib.util
import json
import logging
import re
import sys
import time
import warnings

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from pyspark import cloudpickle

OBSERVED = "corpus"  # the observed metric of an equivalent query
CLASS = re.compile(r"\[([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)\]")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
PLAN_ID = re.compile(r"#\d+L?")
LEADING = re.compile(r"^\(([A-Z][A-Z0-9_]*)\)\s*")  # StreamingQueryException: "(STREAM_FAILED) message"


def main(argv):
    logging.disable(logging.CRITICAL)  # pyspark logs every analysis error it raises
    warnings.simplefilter("ignore", FutureWarning)
    with open(argv[1]) as f:
        spec = json.load(f)
    started = time.time()
    sessions = [connect(spec) for _ in range(spec["slots"])]
    setup(sessions[0], spec["setup"])
    print("setup %.1fs" % (time.time() - started), file=sys.stderr, flush=True)
    results = run_all(sessions, spec["jobs"], spec["timeout"])
    with open(argv[2], "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    print("%d jobs in %.1fs" % (len(results), time.time() - started), file=sys.stderr, flush=True)


def connect(spec):
    spark = SparkSession.builder.remote(spec["remote"]).create()
    for key, value in spec.get("conf", {}).items():
        spark.conf.set(key, value)
    return spark


def setup(spark, spec):
    """Create the run's database and its Delta tables (from JSON rows)."""
    spark.sql("CREATE DATABASE IF NOT EXISTS `%s`" % spec["database"])
    for t in spec["tables"]:
        props = " TBLPROPERTIES (delta.enableChangeDataFeed = true)" if t.get("cdf") else ""
        spark.sql("CREATE TABLE %s (%s) USING delta%s" % (t["name"], t["schema"], props))
        rows = spark.createDataFrame([(r,) for r in t["rows"]], "value string")
        rows = rows.select(F.from_json("value", t["schema"]).alias("v")).select("v.*")
        rows.write.format("delta").mode("append").saveAsTable(t["name"])
        for stmt in t.get("then") or []:
            spark.sql(stmt)


class Run(object):
    """A started job: its streaming queries and when it started."""

    def __init__(self, job, slot):
        self.job = job
        self.slot = slot
        self.queries = []  # (name, handle, observed metric)
        self.started = time.time()
        self.stopped = False


def run_all(sessions, jobs, timeout):
    pending = list(jobs)
    free = list(range(len(sessions)))
    active = []
    results = {}
    while pending or active:
        while pending and free:
            job = pending.pop(0)
            slot = free.pop(0)
            run, result = start(sessions[slot], job, slot)
            if result is not None:
                results[job["name"]] = report(job, finish_failed(run, result))
                release(sessions[slot], job)
                free.append(slot)
            else:
                active.append(run)
        for run in list(active):
            result = poll(run, timeout)
            if result is not None:
                result["seconds"] = round(time.time() - run.started, 1)
                results[run.job["name"]] = report(run.job, result)
                active.remove(run)
                release(sessions[run.slot], run.job)
                free.append(run.slot)
        time.sleep(0.5)
    return results


def report(job, result):
    """Print one line per finished job on stderr."""
    print("%-40s %-9s %-8s %5.1fs %s" % (job["name"], job["kind"], result["outcome"], result["seconds"], result.get("class", "")),
          file=sys.stderr, flush=True)
    return result


def finish_failed(run, result):
    for _, handle, _ in run.queries:
        stop(handle)
    result["seconds"] = round(time.time() - run.started, 1)
    return result


def release(spark, job):
    """Unset the session conf the job ran under (its slot's next job may not name its sources)."""
    for key in job.get("conf") or {}:
        spark.conf.unset(key)


def start(spark, job, slot):
    """Start a job's queries (under the job's session conf: a 4.2 program's named-source
    settings); a verdict when they could not start."""
    run = Run(job, slot)
    phase = "start"
    try:
        for key, value in (job.get("conf") or {}).items():
            spark.conf.set(key, value)
        if job["kind"] == "program":
            for p in job["programs"]:
                for q in load_program(p).start(spark):
                    run.queries.append((q.name, q.handle, "etlgen"))
        else:
            for q in job["queries"]:
                df = build(spark, q["plan"], {}).observe(OBSERVED, F.count(F.lit(1)).alias("rows"))
                phase = "analysis"
                _ = df.schema  # resolve the plan: analysis errors surface here
                phase = "start"
                run.queries.append((q["name"], write(df, q).start(), OBSERVED))
    except Exception as exc:  # noqa: BLE001 - the verdict
        return run, rejected(phase, exc)
    return run, None


def load_program(p):
    """Import a generated program as a module of its own (its foreachBatch
    functions pickled by value, as when it runs as a script)."""
    if p["dir"] not in sys.path:
        sys.path.insert(0, p["dir"])
        import etlgen_runtime

        cloudpickle.register_pickle_by_value(etlgen_runtime)
    spec = importlib.util.spec_from_file_location(p["module"], p["path"])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[p["module"]] = mod
    spec.loader.exec_module(mod)
    cloudpickle.register_pickle_by_value(mod)
    return mod


def poll(run, timeout):
    """The job's verdict once its queries are done, else None."""
    first_batch = run.job.get("until") == "first-batch"
    running = False
    for _, handle, _ in run.queries:
        if not handle.isActive:
            continue
        if first_batch and handle.lastProgress:
            stop(handle)
            continue
        running = True
    if running and time.time() - run.started < timeout:
        return None
    for _, handle, _ in run.queries:
        stop(handle)
    if running:
        return {"outcome": "timeout", "message": "still running after %ds" % timeout}
    for _, handle, _ in run.queries:
        exc = handle.exception()
        if exc is not None:
            return rejected("batch", exc)
    return {"outcome": "accepted", "rows": {name: rows(handle, obs) for name, handle, obs in run.queries},
            "batches": {name: [p.get("durationMs") for p in progress(handle)] for name, handle, _ in run.queries}}


def stop(handle):
    try:
        if handle.isActive:
            handle.stop()
    except Exception:  # noqa: BLE001 - stopping a failed query
        pass


def progress(handle):
    """The query's progress entries as plain dictionaries."""
    out = []
    for p in handle.recentProgress or []:
        if hasattr(p, "json"):
            p = json.loads(p.json() if callable(p.json) else p.json)
        elif not isinstance(p, dict):
            p = json.loads(str(p))
        out.append(p)
    return out


def rows(handle, name):
    """The rows a query wrote: the sum of its observed metric."""
    total = 0
    for p in progress(handle):
        m = (p.get("observedMetrics") or {}).get(name) or {}
        if "rows" in m:
            total += int(m["rows"] or 0)
            continue
        fields = [f.get("name") for f in (m.get("schema") or {}).get("fields", [])]
        if "rows" in fields and fields.index("rows") < len(m.get("values") or []):
            total += int(m["values"][fields.index("rows")] or 0)
    return total


def rejected(phase, exc):
    """A rejection: the phase, the error class (the condition, else the
    first [CLASS] of the text, else the exception's type) and the message
    that follows it, on one line, ids and plan attribute numbers masked."""
    text = str(exc)
    cls = None
    if hasattr(exc, "getCondition"):
        try:
            cls = exc.getCondition()
        except Exception:  # noqa: BLE001 - no condition
            cls = None
    inner = CLASS.findall(text)
    if inner and cls in (None, "STREAM_FAILED", "STREAMING_QUERY_FAILED"):
        cls = inner[0]
    marker = "[%s]" % cls if cls else None
    if marker and marker in text:
        rest = text.split(marker, 1)[1].strip()
        line = rest.splitlines()[0] if rest else ""
    else:
        line = next((x.strip() for x in text.splitlines() if x.strip()), "")
        lead = LEADING.match(line)
        if lead:
            cls, line = cls or lead.group(1), line[lead.end():]
    line = PLAN_ID.sub("#", UUID.sub("<id>", line.split(" SQLSTATE:")[0])).strip()
    return {"outcome": "rejected", "phase": phase, "class": cls or type(exc).__name__, "message": line[:240],
            "detail": text[:3000]}


def build(spark, node, named):
    """The DataFrame of an equivalent plan node; named holds the query's named streaming reads
    by asset: a program reads a source once per query (Spark 4.2 refuses two sources of one name)."""
    op = node["op"]
    ins = [build(spark, n, named) for n in node.get("inputs", [])]
    if op == "source":
        s = node["source"]
        if not s.get("name"):
            return read(spark, s)
        if s["asset"] not in named:
            named[s["asset"]] = read(spark, s)
        return named[s["asset"]]
    return OPS[op](node, ins)


def read(spark, s):
    if s["static"]:
        reader = spark.read.format(s["format"]).options(**s["options"])
        return reader.table(s["table"]) if s.get("table") else reader.load(s["path"])
    reader = spark.readStream.format(s["format"]).options(**s["options"])
    if s.get("name"):
        reader = reader.name(s["name"])  # Spark 4.2 (SPARK-54909), as the program names it
    if s.get("table"):
        df = reader.table(s["table"])
    elif s.get("path"):
        df = reader.load(s["path"])
    else:
        df = reader.load()
    if s.get("schema"):
        df = df.select(F.from_json(F.col("value").cast("string"), s["schema"]).alias("v")).select("v.*")
    return df


def aggregate(node, ins):
    keys = [F.expr(k) for k in node.get("keys", [])]
    flat = [F.col(k.rsplit(" AS ", 1)[-1]) for k in node.get("keys", [])]  # the quoted names
    w = node.get("window")
    if w:
        t = F.col(w["column"])
        if w["kind"] == "session":
            keys.append(F.session_window(t, w["gap"]).alias("window"))
        elif w["kind"] == "sliding":
            keys.append(F.window(t, w["duration"], w["slide"]).alias("window"))
        else:
            keys.append(F.window(t, w["duration"]).alias("window"))
        flat += [F.col("window.start").alias("window_start"), F.col("window.end").alias("window_end")]
    aggs = [F.expr(a) for a in node["exprs"]]
    flat += [F.col(a.rsplit(" AS ", 1)[-1]) for a in node["exprs"]]
    return ins[0].groupBy(*keys).agg(*aggs).select(*flat)


def join(node, ins):
    j = node["join"]
    left, right, how = ins[0], ins[1], j["how"]
    lk, rk = j["left_keys"], j["right_keys"]
    if not j.get("range") and lk == rk:
        return left.join(right, lk, how)
    cond = ["l.`%s` = r.`%s`" % (a, b) for a, b in zip(lk, rk, strict=True)]
    if j.get("range"):
        cond.append(j["range"])
    df = left.alias("l").join(right.alias("r"), F.expr(" AND ".join(cond)), how)
    if how in ("left_semi", "left_anti"):
        return df
    same = [a for a, b in zip(lk, rk, strict=True) if a == b]
    if how == "full_outer":
        cols = [F.coalesce(F.col("l.`%s`" % c), F.col("r.`%s`" % c)).alias(c) if c in same else F.col("l.`%s`" % c)
                for c in left.columns]
        return df.select(*cols, *[F.col("r.`%s`" % c) for c in right.columns if c not in same])
    side = "l" if how == "right_outer" else "r"
    for k in same:
        df = df.drop(F.col("%s.`%s`" % (side, k)))
    return df


OPS = {
    "filter": lambda n, ins: ins[0].filter(n["sql"]),
    "select": lambda n, ins: ins[0].selectExpr(*n["exprs"]),
    "withColumn": lambda n, ins: ins[0].withColumns({k: F.expr(v) for k, v in n["columns"].items()}),
    "watermark": lambda n, ins: ins[0].withWatermark(n["column"], n["delay"]),
    "aggregate": aggregate,
    "dropDuplicates": lambda n, ins: ins[0].dropDuplicates(n["keys"]),
    "dropDuplicatesWithinWatermark": lambda n, ins: ins[0].dropDuplicatesWithinWatermark(n["keys"]),
    "join": join,
    "union": lambda n, ins: ins[0].unionByName(ins[1]),
    "sort": lambda n, ins: ins[0].orderBy(*[F.expr(e) for e in n["exprs"]]),
    "limit": lambda n, ins: ins[0].limit(n["limit"]),
    "repartition": lambda n, ins: ins[0].repartition(
        n.get("partitions", 0), *[F.col("`%s`" % k.replace("`", "``")) for k in n.get("keys", [])]),
}


def write(df, q):
    """The DataStreamWriter of an equivalent query."""
    w = df.writeStream.queryName(q["name"]).outputMode(q["mode"]).option("checkpointLocation", q["checkpoint"])
    w = w.format(q["sink"]["format"])
    if q["sink"].get("path"):
        w = w.option("path", q["sink"]["path"])
    trigger = q["trigger"]
    if trigger == "availableNow":
        w = w.trigger(availableNow=True)
    elif trigger == "once":
        w = w.trigger(once=True)
    elif trigger.startswith("processingTime="):
        w = w.trigger(processingTime=trigger.split("=", 1)[1])
    return w


if __name__ == "__main__":
    main(sys.argv)
