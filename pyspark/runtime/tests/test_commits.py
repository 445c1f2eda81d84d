"""commits: a batch's Delta commit, its rows, and whether this run made it."""

import json
import types

import pytest
from fakes import DataFrame, Session, described

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


@pytest.mark.parametrize("answer, want", [
    ([{"version": 7}], 7),  # an existing table: its version, read before CREATE TABLE IF NOT EXISTS
    (RuntimeError("[TABLE_OR_VIEW_NOT_FOUND] The table or view `db`.`t` cannot be found."), 0),  # created next: commit 0
    (RuntimeError("[DELTA_TABLE_ONLY_OPERATION] db.t is not a Delta table"), None),  # asked again, and unknown
])
def test_read_start_version(answer, want):
    s = Session(results={"DESCRIBE HISTORY t": answer})
    c.read_start_version(s, "t")
    assert c.table_version(s, "t") == want
    assert len(s.statements) == (1 if want is not None else 2)  # table_version took the start's once
    s = Session(results={"DESCRIBE HISTORY t": [{"version": 9}]})
    assert c.table_version(s, "t") == 9 and s.statements == ["DESCRIBE HISTORY t LIMIT 1"]  # taken once only
    with pytest.raises(RuntimeError):
        c.read_start_version(Session(results={"DESCRIBE HISTORY t": RuntimeError("Connection refused")}), "t")
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


LOCATION = "s3a://warehouse/db/t"


def log_line(app, batch, run_id=RUN_ID, rows=4):
    """A commit file's commitInfo line as the text read returns it."""
    info = {"timestamp": 1, "operation": "WRITE", "userMetadata": meta(app, batch, run_id),
            "operationMetrics": {"numOutputRows": str(rows)}}
    return {"value": json.dumps({"commitInfo": info})}


def log_session(commits, **kw):
    """A session whose table at LOCATION has the commit files commits ({version: [lines]})."""
    s = Session(**kw)
    for version, lines in commits.items():
        s.files["%s/_delta_log/%020d.json" % (LOCATION, version)] = DataFrame(s, ["value"], lines)
    return s


def test_log_commit_reads_the_commit_file_of_a_version():
    s = log_session({7: [{"value": "not json"}, log_line("app", 1, rows=2)], 8: [{"value": '{"add":{}}'}]})
    row = c.log_commit(s, LOCATION + "/", 7)
    assert row["version"] == 7 and row["operationMetrics"] == {"numOutputRows": "2"}
    assert json.loads(row["userMetadata"])["batch_id"] == 1
    assert c.log_commit(s, LOCATION, 8) is None  # no commitInfo line
    assert c.log_commit(s, LOCATION, 9) is None  # not there: [PATH_NOT_FOUND]
    s.missing = RuntimeError("StatusCode.UNAVAILABLE")
    with pytest.raises(RuntimeError):
        c.log_commit(s, LOCATION, 9)


def test_commit_log():
    s = Session(results={"DESCRIBE TABLE EXTENDED t": described(location=LOCATION)})
    log = c.commit_log(s, "t", 5)
    assert (log.location, log.version) == (LOCATION, 5)
    assert s.statements == ["DESCRIBE TABLE EXTENDED t"]  # not DESCRIBE DETAIL: no job over the table's state
    assert c.commit_log(s, "t", None) is None  # no version at the start: DESCRIBE HISTORY
    assert c.commit_log(Session(results={"DESCRIBE TABLE EXTENDED t": described(location="s3a://w/a{b}")}), "t", 5) is None
    no_table = RuntimeError("[DELTA_MISSING_DELTA_TABLE]")
    assert c.commit_log(Session(results={"DESCRIBE TABLE EXTENDED t": no_table}), "t", 5) is None
    with pytest.raises(RuntimeError):
        c.commit_log(Session(results={"DESCRIBE TABLE EXTENDED t": RuntimeError("Connection refused")}), "t", 5)


def test_commit_of_reads_the_log_after_the_last_commit_found():
    s = log_session({6: [log_line("app", 0)], 7: [log_line("other", 0)], 8: [log_line("app", 1, rows=2)]})
    log, hist = c.CommitLog(LOCATION, 5), {}
    assert c.commit_of(s, "t", "app", 0, hist, log) == (6, 4, RUN_ID) and log.version == 6
    assert c.commit_of(s, "t", "app", 1, hist, log) == (8, 2, RUN_ID) and log.version == 8  # past another writer's
    assert not s.statements  # no DESCRIBE HISTORY
    assert c.commit_of(s, "t", "app", 1, hist, c.CommitLog(LOCATION, 5)) == (8, 2, RUN_ID)
    assert len([a for a in s.actions if a[0] == "collect"]) == 3  # each file read once for the lines printed together


def test_commit_of_asks_the_history_when_the_log_does_not_have_it():
    # a replayed batch whose commit an earlier run made, before the start's version
    s = log_session({}, results={"DESCRIBE HISTORY t": HISTORY})
    log = c.CommitLog(LOCATION, 7)
    assert c.commit_of(s, "t", "app", 5, {}, log) == (6, 3, None)
    assert s.statements == ["DESCRIBE HISTORY t LIMIT 50"] and log.version == 7  # never back
    # the next file is a later batch's: this batch wrote nothing after the last commit found
    s = log_session({3: [log_line("app", 4)]}, results={"DESCRIBE HISTORY t": HISTORY})
    log = c.CommitLog(LOCATION, 2)
    assert c.commit_of(s, "t", "app", 3, {}, log) == (8, 4, RUN_ID) and log.version == 8
    assert len([a for a in s.actions if a[0] == "collect"]) == 2  # one file, then the history
    # more foreign commits than LOG_STEPS
    s = log_session({v: [log_line("other", v)] for v in range(3, 3 + c.LOG_STEPS)}, results={"DESCRIBE HISTORY t": HISTORY})
    assert c.commit_of(s, "t", "app", 9, {}, c.CommitLog(LOCATION, 2)) is None  # wrote nothing
    assert s.statements == ["DESCRIBE HISTORY t LIMIT 50"]


def test_written_keeps_a_log_per_table():
    s = log_session({6: [log_line("app", 3, rows=4)]}, results={"DESCRIBE TABLE EXTENDED t": described(location=LOCATION)})
    q = types.SimpleNamespace(resume=types.SimpleNamespace(versions={"t": 5}), table_formats={}, logs={})
    assert c._written(s, q, "t", "app", 3, {}) == (6, 4, True)
    assert q.logs["t"].version == 6 and not [x for x in s.statements if x.startswith("DESCRIBE HISTORY")]
    q.resume = None  # no version at the start: the log is not read
    assert c._written(s, q, "u", "app", 3, {})[0] is None and q.logs["u"] is None
