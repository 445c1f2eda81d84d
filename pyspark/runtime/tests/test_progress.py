"""progress: batch, batch_start, idle and replayed batch lines."""

import json

import pytest
from fakes import Handle, Session, idle, ran

import etlgen_runtime.progress as pr
from etlgen_runtime.checkpoint import ResumePoint
from etlgen_runtime.events import RUN_ID
from etlgen_runtime.queries import Query

RUNNING = {"isTriggerActive": True, "message": "Processing new data"}
WAITING = {"isTriggerActive": False, "message": "Waiting for next trigger"}


def history(app, batch, rows):
    meta = json.dumps({"etlgen_app_id": app, "batch_id": batch, "run_id": RUN_ID})
    return [{"version": 2, "userMetadata": meta, "operationMetrics": {"numOutputRows": str(rows)}}]


def test_late_watermark():
    q = Query("w", Handle(), "i")
    assert pr.late_watermark(q, 1) is None
    q.last_watermark = (3, "W")
    assert pr.late_watermark(q, 4) == "W" and pr.late_watermark(q, 5) is None


def test_batch_line():
    s = Session(results={"DESCRIBE HISTORY db.t": history("app", 5, 2), "DESCRIBE HISTORY db.late": history("late", 5, 1)})
    gate = {"name": "g", "metric": "rows", "threshold": 1, "condition": "rows >= 1", "action": "warn"}
    exp = {"name": "e", "action": "drop", "observe": "exp_e"}
    q = Query("w", Handle(), "app", target="db.t", late=[("late", "db.late")], observe="obs", gates=[gate],
              sources=["src"], expectations=[exp])
    q.last_watermark = (4, "2026-07-15T09:58:00.000Z")
    p = ran(5, observedMetrics={"obs": {"rows": 2}, "src": {"rejected": 1}, "exp_e": {"passed": 2, "failed": 0}})
    line = pr.batch_line(s, q, p, {})
    assert line == {
        "query": "w", "query_id": "qid", "spark_run_id": "rid", "batch_id": 5, "start_offsets": {"t": {"0": 1}},
        "end_offsets": {"t": {"0": 3}}, "input_rows": 2, "input_rows_per_second": 1.0, "processed_rows_per_second": 2.0,
        "duration_ms": 9, "late_watermark": "2026-07-15T09:58:00.000Z", "watermark": "2026-07-15T09:59:00.000Z",
        "state_rows": 4, "dropped_by_watermark": 0, "invalid_rows": 1, "replay": False, "delta_version": 2,
        "output_rows": 2, "late_rows": 1,
        "gates": [{"name": "g", "condition": "rows >= 1", "action": "warn", "value": 2.0, "breached": False}],
        "expectations": [{"name": "e", "action": "drop", "passed": 2, "failed": 0}]}


@pytest.mark.parametrize("batch_id, src, late_wm, want", [
    (0, {"startOffset": None, "endOffset": {"t": {"0": 3}}}, None, False),  # no watermark yet
    (1, {"startOffset": {"t": {"0": 1}}, "endOffset": {"t": {"0": 3}}}, "1970-01-01T00:00:00.000Z", False),  # batch 0's: none
    (5, {"startOffset": {"t": {"0": 3}}, "endOffset": {"t": {"0": 3}}}, None, False),  # a no-data batch
    (5, {"startOffset": {"t": {"0": 1}}, "endOffset": {"t": {"0": 3}}}, None, True),
    (5, {"startOffset": {"t": {"0": 1}}, "endOffset": {"t": {"0": 3}}}, "1970-01-01T00:00:00.001Z", True),
    (5, {}, None, True),
    (None, {}, None, True),
])
def test_late_may_write(batch_id, src, late_wm, want):
    assert pr._late_may_write(batch_id, src, late_wm) is want


def test_a_batch_whose_late_outputs_wrote_nothing_reads_no_late_commit():
    """Batch 0's late rows are 0 without a read of the late table's history (the fake has none)."""
    s = Session(results={"DESCRIBE HISTORY db.t": history("app", 0, 2)})
    q = Query("w", Handle(), "app", target="db.t", late=[("late", "db.late")])
    line = pr.batch_line(s, q, ran(0), {})
    assert line["late_rows"] == 0 and line["output_rows"] == 2
    assert not any("db.late" in str(x) for x in s.statements + s.reads)


def test_outputs_of_a_file_sink():
    q = Query("w", Handle(), "app", resume=ResumePoint("/cp", 2, 1, {}))
    assert pr._outputs(Session(), q, 3, 7) == {"replay": False, "output_rows": 7}
    assert pr._outputs(Session(), q, 2, 7) == {"replay": True, "output_rows": 0}


def test_outputs_of_a_sink_kind(fake_kind):
    fake_kind.commits[("cat.ns.t", 3)] = (5, 9, RUN_ID)
    q = Query("w", Handle(), "app", target="cat.ns.t", table_formats={"cat.ns.t": "lake"})
    assert pr._outputs(Session(), q, 3, 7) == {"replay": False, "delta_version": None, "output_rows": 7}
    assert pr._outputs(Session(), q, 4, 7) == {"replay": False, "delta_version": None, "output_rows": 0}


def test_kafka_rows():
    assert pr._kafka_rows({"t": {"0": 10}}, {"t": {"0": 15}}) == 5
    assert pr._kafka_rows(None, {"t": {"0": 15}}) == 0


def replay_session(committed):
    return Session(files={"/cp/commits": _log(committed), "/cp/offsets/2": 'v1\n{"batchWatermarkMs":3000}\n{"t":{"0":9}}',
                          "/cp/offsets/1": 'v1\n{}\n{"t":{"0":4}}',
                          "etlgen.gates": ""},
                   conf={"etlgen.gates.w.2": json.dumps([{"name": "g"}])})


def _log(n):
    from fakes import DataFrame
    return DataFrame(rows=[{"f": str(i)} for i in range(n + 1)])


def test_replay_line():
    q = Query("w", Handle(), "app", resume=ResumePoint("/cp", 2, 1, {}), gates=[{"name": "g"}])
    line = pr.replay_line(replay_session(2), q, "/cp")
    assert line["batch_id"] == 2 and line["input_rows"] == 5 and line["progress"] == "missing"
    assert line["watermark"] == "1970-01-01T00:00:03.000Z" and line["replay"] and line["gates"] == [{"name": "g"}]
    assert pr.replay_line(replay_session(1), q, "/cp") is None  # not committed yet
    assert pr.replay_line(replay_session(2), q, None) is None
    q.seen = 2
    assert pr.replay_line(replay_session(2), q, "/cp") is None


def test_emit_replays(lines):
    q = Query("w", Handle(), "app", resume=ResumePoint("/cp", 2, 1, {}))
    pr._emit_replays(replay_session(2), [q])
    assert [ln["event"] for ln in lines] == ["batch_start", "batch"] and q.seen == 2
    broken = Query("b", Handle(), "app", resume=ResumePoint("/nope", 2, 1, {}))
    s = Session(files={"/nope/commits": _log(2)})
    s.missing = RuntimeError("[PATH_NOT_FOUND] offsets")
    pr._emit_replays(s, [broken])
    assert lines[-1]["event"] == "warning" and "PATH_NOT_FOUND" in lines[-1]["message"]
    s.missing = RuntimeError("StatusCode.UNAVAILABLE")
    with pytest.raises(RuntimeError):
        pr._emit_replays(s, [broken])


def test_poll_lines(lines):
    h = Handle()
    q = Query("w", h, "ident", resume=ResumePoint("cp", 4, 3, {}, [{"t": {"0": 5}}], 60000))
    steps = [([], RUNNING), ([ran(4)], WAITING), ([idle(5, "2026-07-15T10:00:02.000Z")], WAITING),
             ([idle(5, "2026-07-15T10:00:03.000Z")], WAITING), ([ran(5, "2026-07-15T10:00:04.000Z")], WAITING),
             ([idle(6, "2026-07-15T10:00:05.000Z")], WAITING)]
    for progress, status in steps:
        h.recentProgress = h.recentProgress + progress
        h.status = status
        pr._poll(Session(), [q])
    got = [(ln["event"], ln.get("batch_id"), ln.get("replay")) for ln in lines]
    assert got == [("batch_start", 4, True), ("batch", 4, True), ("idle", 5, None), ("batch_start", 5, False),
                   ("batch", 5, False), ("idle", 6, None)]
    assert lines[3]["time"] == "2026-07-15T10:00:04.000Z"


def test_poll_holds_lines_while_a_batch_runs(lines, monkeypatch):
    busy = Query("busy", Handle(status=RUNNING), "i")
    busy.started = 0
    q = Query("w", Handle(progress=[ran(0)]), "i")
    pr._poll(Session(), [q, busy])
    assert lines == []
    monkeypatch.setattr(pr, "HOLD_SECONDS", 0.0)
    pr._poll(Session(), [q, busy])
    assert [ln["event"] for ln in lines] == ["batch_start", "batch"]


def test_poll_survives_queries_that_stopped(lines):
    q = Query("w", Handle(gone=RuntimeError("query stopped")), "i")
    pr._poll(Session(), [q])
    assert not pr._trigger_active(q) and lines == []


def test_a_lost_server_fails_the_poll():
    lost = Query("w", Handle(gone=RuntimeError("StatusCode.UNAVAILABLE")), "i")
    for read in (pr._trigger_active, pr._watch_start, lambda q: pr._poll(Session(), [q])):
        with pytest.raises(RuntimeError):
            read(lost)
