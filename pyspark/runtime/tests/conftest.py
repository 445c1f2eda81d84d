"""pytest setup of the runtime's unit tests: the fakes stand in for pyspark
(tests/fakes.py), and the package is imported from pyspark/runtime."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

import fakes  # noqa: E402
from eventschema import check_line  # noqa: E402

fakes.install()


@pytest.fixture
def lines(monkeypatch):
    """The event lines emitted, as dicts, instead of printed (every module
    that emits)."""
    import etlgen_runtime

    out = []

    def emit(event, **fields):
        line = dict(fields, event=event, run_id=etlgen_runtime.RUN_ID)
        check_line(line)
        out.append(line)

    for name in ("events", "connect", "queries", "progress", "stop", "lifecycle"):
        mod = getattr(etlgen_runtime, name)
        if hasattr(mod, "emit"):
            monkeypatch.setattr(mod, "emit", emit)
    return out


@pytest.fixture
def session():
    """A fresh fake Spark session."""
    return fakes.Session()


@pytest.fixture
def fake_kind(monkeypatch):
    """The sink kind "lake" of a made-up plugin, registered for one test
    (sinks.register): its handler records each write and layout call in
    .calls and answers commit_of from .commits ((target, batch id) →
    (commit id, rows, run id))."""
    import etlgen_runtime.sinks as sinks

    monkeypatch.setattr(sinks, "_KINDS", {})  # no plugin's kind: the core alone
    calls, commits = [], {}

    def recorder(name, result):
        def call(*args):
            calls.append((name,) + args[1:])  # the DataFrame or session left out
            return result
        return call

    handler = sinks.register("lake", append=recorder("append", True), merge=recorder("merge", True),
                             layout=recorder("layout", {"partitionColumns": [], "properties": {"k": "v"}}),
                             commit_of=lambda spark, target, app_id, batch_id: commits.get((target, batch_id)))
    handler.calls, handler.commits = calls, commits
    return handler
