"""Fakes of our own for the pyspark surface the runtime uses: column
expressions that render as text, DataFrames that record what was done to
them, and a session with a conf, SQL results, files to read and tables to
write. No JVM, no pyspark: conftest installs them as the pyspark modules."""

import sys
import types


class Col(object):
    """A column expression, rendered as text (str)."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text

    def _op(self, op, other):
        return Col("(%s %s %s)" % (self, op, other))

    def __invert__(self):
        return Col("(NOT %s)" % self)

    def __and__(self, other):
        return self._op("AND", other)

    def __or__(self, other):
        return self._op("OR", other)

    def __lt__(self, other):
        return self._op("<", other)

    def __gt__(self, other):
        return self._op(">", other)

    def __ge__(self, other):
        return self._op(">=", other)

    def __truediv__(self, other):
        return self._op("/", other)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *a, **k: Col("%s.%s(%s)" % (self, name, ", ".join(str(x) for x in a)))


def _function(name):
    return lambda *a, **k: Col("%s(%s)" % (name, ", ".join(str(x) for x in a)))


class _Functions(types.ModuleType):
    """pyspark.sql.functions: every function renders its call."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _function(name)


class Row(dict):
    """A result row: by name and by position."""

    def __getitem__(self, k):
        if isinstance(k, int):
            return list(self.values())[k]
        return dict.__getitem__(self, k)

    def asDict(self):
        return dict(self)


class Writer(object):
    """DataFrame.write and writeTo: records format, mode, options and where."""

    def __init__(self, df, target=None):
        self.df, self.target, self.fmt, self.mode_, self.opts = df, target, None, None, {}

    def format(self, fmt):
        self.fmt = fmt
        return self

    def mode(self, mode):
        self.mode_ = mode
        return self

    def option(self, k, v):
        self.opts[k] = v
        return self

    def options(self, **kw):
        self.opts.update(kw)
        return self

    def _done(self, how, where):
        self.df.session.writes.append({"how": how, "where": where, "format": self.fmt, "mode": self.mode_,
                                       "options": dict(self.opts)})

    def save(self, path=None):
        self._done("save", path)

    def saveAsTable(self, name):
        self._done("saveAsTable", name)

    def append(self):
        self._done("append", self.target)


class DataFrame(object):
    """A DataFrame that records its operations (ops) and returns the rows
    it was given (rows) from collect, first and count."""

    def __init__(self, session=None, columns=(), rows=(), ops=()):
        self.session = session or Session()
        self.columns = list(columns)
        self.rows = [Row(r) for r in rows]
        self.ops = list(ops)

    @property
    def sparkSession(self):
        return self.session

    def _then(self, *op, columns=None):
        return DataFrame(self.session, self.columns if columns is None else columns, self.rows, self.ops + [op])

    def __getitem__(self, c):
        return Col(c)

    def selectExpr(self, *exprs):
        return self._then("selectExpr", *exprs)

    def select(self, *cols):
        return self._then("select", *[str(c) for c in cols])

    def filter(self, cond):
        return self._then("filter", str(cond))

    where = filter

    def observe(self, name, *aggs):
        return self._then("observe", name, *[str(a) for a in aggs])

    def withColumn(self, name, col):
        return self._then("withColumn", name, str(col), columns=self.columns + [name])

    def drop(self, *cols):
        return self._then("drop", *cols)

    def join(self, other, on, how):
        return self._then("join", tuple(on), how)

    def groupBy(self, *cols):
        return self._then("groupBy", *cols)

    def agg(self, *aggs):
        return self._then("agg", *[str(a) for a in aggs])

    def dropDuplicates(self, cols):
        return self._then("dropDuplicates", *cols)

    def distinct(self):
        return self._then("distinct")

    def localCheckpoint(self, eager=True):
        return self._then("localCheckpoint", eager)

    def createOrReplaceTempView(self, name):
        self.session.views[name] = self

    def collect(self):
        self.session.actions.append(("collect", self.ops))
        return list(self.rows)

    def first(self):
        self.session.actions.append(("first", self.ops))
        return self.rows[0] if self.rows else None

    def count(self):
        self.session.actions.append(("count", self.ops))
        return len(self.rows)

    @property
    def write(self):
        return Writer(self)

    def writeTo(self, target):
        return Writer(self, target)


class Conf(object):
    """spark.conf over a dict; get of a key in fail raises it."""

    def __init__(self, values=None, fail=None):
        self.values = dict(values or {})
        self.fail = fail or {}

    def get(self, key, default=None):
        if key in self.fail:
            raise self.fail[key]
        return self.values.get(key, default)

    def set(self, key, value):
        if "*set*" in self.fail:
            raise self.fail["*set*"]
        self.values[key] = value

    def unset(self, key):
        self.values.pop(key, None)


class Reader(object):
    """spark.read: text(path) reads session.files (a path missing raises
    session.missing); format(...).load(...) records the read."""

    def __init__(self, session):
        self.session, self.fmt, self.opts = session, None, {}

    def text(self, path, wholetext=False):
        if path not in self.session.files:
            raise self.session.missing
        content = self.session.files[path]
        if isinstance(content, DataFrame):
            return content
        return DataFrame(self.session, ["value"], [{"value": content}])

    def format(self, fmt):
        self.fmt = fmt
        return self

    def options(self, **kw):
        self.opts.update(kw)
        return self

    def option(self, k, v):
        self.opts[k] = v
        return self

    def load(self, paths=None):
        self.session.reads.append({"format": self.fmt, "options": dict(self.opts), "paths": paths})
        answer = self.session.loads.get(paths, []) if isinstance(paths, str) else []
        if isinstance(answer, BaseException):
            raise answer
        return DataFrame(self.session, ["value"], answer)


class Catalog(object):
    def __init__(self, session):
        self.session = session

    def dropTempView(self, name):
        self.session.views.pop(name, None)


class Client(object):
    def __init__(self):
        self.closed = False
        self.policies = None
        self._session_id = "sid-1"

    def close(self):
        self.closed = True

    def set_retry_policies(self, policies):
        self.policies = policies


class Session(object):
    """A SparkSession: conf, sql (answers from results, by the start of the
    statement, else no rows), read (files; loads by path), writes, catalog, client, stop."""

    def __init__(self, conf=None, files=None, results=None):
        self.conf = Conf(conf)
        self.files = dict(files or {})
        self.results = dict(results or {})
        self.loads = {}  # format(...).load(path)'s rows (or an exception to raise), by path
        self.missing = FileNotFoundError("[PATH_NOT_FOUND] Path does not exist")
        self.statements, self.writes, self.reads, self.actions = [], [], [], []
        self.views = {}
        self.catalog = Catalog(self)
        self.client = Client()
        self.stopped = False
        self.streams = types.SimpleNamespace(active=[])

    @property
    def read(self):
        return Reader(self)

    def sql(self, text):
        self.statements.append(text)
        for prefix, answer in self.results.items():
            if text.startswith(prefix):
                if isinstance(answer, BaseException):
                    raise answer
                return DataFrame(self, rows=answer)
        return DataFrame(self)

    def stop(self):
        self.stopped = True


class Builder(object):
    """SparkSession.builder: remote(url).getOrCreate() / create() return
    the next of Builder.sessions (a fresh Session when none) and record the
    URL."""

    urls = []
    sessions = []

    def remote(self, url):
        Builder.urls.append(url)
        return self

    def _next(self):
        return Builder.sessions.pop(0) if Builder.sessions else Session()

    def getOrCreate(self):
        return self._next()

    def create(self):
        return self._next()


class SparkSession(object):
    builder = Builder()


class Window(object):
    @staticmethod
    def partitionBy(*cols):
        return Col("partitionBy(%s)" % ", ".join(str(c) for c in cols))


class DefaultPolicy(object):
    def __init__(self, **kw):
        self.kw = kw


def install():
    """Put the fakes in sys.modules as the pyspark modules the runtime
    imports (pyspark itself, if installed, is never imported)."""
    registered = []
    pyspark = types.ModuleType("pyspark")
    sql = types.ModuleType("pyspark.sql")
    functions = _Functions("pyspark.sql.functions")
    cloudpickle = types.ModuleType("pyspark.cloudpickle")
    cloudpickle.registered = registered
    cloudpickle.register_pickle_by_value = registered.append
    sql.functions, sql.SparkSession, sql.Window = functions, SparkSession, Window
    pyspark.sql, pyspark.cloudpickle = sql, cloudpickle
    retries = types.ModuleType("pyspark.sql.connect.client.retries")
    retries.DefaultPolicy = DefaultPolicy
    for name, mod in [("pyspark", pyspark), ("pyspark.sql", sql), ("pyspark.sql.functions", functions),
                      ("pyspark.cloudpickle", cloudpickle), ("pyspark.sql.connect", types.ModuleType("pyspark.sql.connect")),
                      ("pyspark.sql.connect.client", types.ModuleType("pyspark.sql.connect.client")),
                      ("pyspark.sql.connect.client.retries", retries)]:
        sys.modules[name] = mod


class Handle(object):
    """A StreamingQuery: progress, status, activity, its exception, stop."""

    def __init__(self, qid="qid", progress=(), active=True, exc=None, status=None, gone=None):
        self.id = qid
        self.progress = list(progress)
        self.isActive = active
        self.exc = exc
        self.state = status or {"isTriggerActive": False, "message": "Waiting for next trigger"}
        self.stopped = False
        self.gone = gone  # raised by recentProgress and status: a stopped query, a lost server

    def _read(self, value):
        if self.gone is not None:
            raise self.gone
        return value

    @property
    def recentProgress(self):
        return self._read(self.progress)

    @recentProgress.setter
    def recentProgress(self, v):
        self.progress = v

    @property
    def status(self):
        return self._read(self.state)

    @status.setter
    def status(self, v):
        self.state = v

    def exception(self):
        return self.exc

    def awaitTermination(self, timeout=None):
        self.waited = getattr(self, "waited", []) + [timeout]
        if self.gone is not None:
            raise self.gone
        if self.exc is not None and not self.isActive:
            raise self.exc
        return not self.isActive

    def stop(self):
        self.stopped = True
        self.isActive = False


def ran(n, ts="2026-07-15T10:00:01.000Z", **extra):
    """The progress of batch n that ran."""
    p = {"id": "qid", "runId": "rid", "batchId": n, "timestamp": ts, "durationMs": {"addBatch": 5, "triggerExecution": 9},
         "sources": [{"startOffset": {"t": {"0": 1}}, "endOffset": {"t": {"0": 3}}, "numInputRows": 2,
                      "inputRowsPerSecond": 1.0, "processedRowsPerSecond": 2.0}],
         "eventTime": {"watermark": "2026-07-15T09:59:00.000Z"}, "stateOperators": [{"numRowsTotal": 4}]}
    p.update(extra)
    return p


def idle(n, ts="2026-07-15T10:00:02.000Z"):
    """The progress of an idle trigger before batch n."""
    return {"batchId": n, "timestamp": ts, "durationMs": {"latestOffset": 1, "triggerExecution": 2}}


def described(partitions=(), location="s3a://warehouse/db.db/t"):
    """Rows of DESCRIBE TABLE EXTENDED as Spark 4.1 returns them for a Delta
    table with a column named Location (a column of the table, not its
    location) and the given partition columns; location None: no location
    row (a layout the runtime's parser does not know)."""
    rows = [("id", "bigint"), ("Location", "string"), ("day", "date")]
    if partitions:
        rows += [("# Partition Information", ""), ("# col_name", "data_type")] + [(p, "date") for p in partitions]
    rows += [("", ""), ("# Detailed Table Information", ""), ("Name", "spark_catalog.db.t")]
    if location is not None:
        rows.append(("Location", location))
    rows += [("Provider", "delta"), ("Table Properties", "[delta.minReaderVersion=1,x=a,b=c]")]
    return [{"col_name": n, "data_type": k, "comment": None} for n, k in rows]
