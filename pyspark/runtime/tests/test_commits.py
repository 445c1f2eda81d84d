"""commits: a batch's Delta commit, its rows, and whether this run made it."""

import json
import types

import pytest
from fakes import Session

import etlgen_runtime.commits as c
from etlgen_runtime.events import RUN_ID


def meta(app, batch, run_id=None):
    d = {"etlgen_app_id": app, "batch_id": batch}
    if run_id:
        d["run_id"] = run_id
    return json.dumps(d)


HISTORY = [
    {"version": 8, "userMetadata": meta("app", 3, RUN_ID), "operationMetrics": {"numOutputRows": "4"}},
    {"version": 7, "userMetadata": meta("app", 4, "other-run"), "operationMetrics": {"numOutputRows": "2"}},
    {"version": 6, "userMetadata": meta("app", 5), "operationMetrics": {"numTargetRowsInserted": "1", "numTargetRowsUpdated": "2",
                                                                       "numTargetRowsDeleted": None}},
    {"version": 5, "userMetadata": "not json", "operationMetrics": None},
]


def test_table_version():
    assert c.table_version(Session(results={"DESCRIBE HISTORY t": [{"version": 3}]}), "t") == 3
    assert c.table_version(Session(results={"DESCRIBE HISTORY t": RuntimeError("[TABLE_OR_VIEW_NOT_FOUND]")}), "t") is None
    with pytest.raises(RuntimeError):
        c.table_version(Session(results={"DESCRIBE HISTORY t": RuntimeError("StatusCode.UNAVAILABLE")}), "t")


def test_commit_of_reads_the_history_once():
    s = Session(results={"DESCRIBE HISTORY t": HISTORY})
    hist = {}
    assert c.commit_of(s, "t", "app", 3, hist) == (8, 4, RUN_ID)
    s.results.clear()
    assert c.commit_of(s, "t", "app", 5, hist) == (6, 3, None)
    assert c.commit_of(s, "t", "app", 9, hist) is None
    assert c.commit_of(Session(results={"DESCRIBE": RuntimeError("gone")}), "t", "app", 1) is None
    with pytest.raises(RuntimeError):
        c.commit_of(Session(results={"DESCRIBE": RuntimeError("Connection refused")}), "t", "app", 1)


def test_commit_metadata_and_rows_written():
    assert c.commit_metadata(None) == {} and c.commit_metadata("[1]") == {} and c.commit_metadata('{"a":1}') == {"a": 1}
    assert c.rows_written(None) == 0
    assert c.rows_written({"numOutputRows": "5"}) == 5


def test_written():
    s = Session(results={"DESCRIBE HISTORY t": HISTORY})
    q = types.SimpleNamespace(resume=types.SimpleNamespace(versions={"t": 5}), table_formats={})
    hist = {}
    assert c._written(s, q, "t", "app", 3, hist) == (8, 4, True)
    assert c._written(s, q, "t", "app", 4, hist) == (7, 0, False)  # an orphan's commit
    assert c._written(s, q, "t", "app", 5, hist) == (6, 3, True)  # newer than the start
    q.resume.versions["t"] = 6
    assert c._written(s, q, "t", "app", 5, hist) == (6, 0, False)
    assert c._written(s, types.SimpleNamespace(resume=None, table_formats={}), "t", "app", 5, hist) == (6, 3, True)
    assert c._written(s, q, "t", "app", 9, hist) == (None, 0, False)


def test_written_by_a_sink_kind(fake_kind):
    # a table of a plugin's sink kind is read through its handler, not Delta's history
    fake_kind.commits[("cat.ns.t", 3)] = (11, 4, RUN_ID)
    q = types.SimpleNamespace(resume=None, table_formats={"cat.ns.t": "lake"})
    assert c._written(Session(), q, "cat.ns.t", "app", 3) == (11, 4, True)
    fake_kind.commits[("cat.ns.t", 4)] = (12, 5, "an-earlier-run")
    assert c._written(Session(), q, "cat.ns.t", "app", 4) == (12, 0, False)
    assert c._written(Session(), q, "cat.ns.t", "app", 5) == (None, 0, False)
