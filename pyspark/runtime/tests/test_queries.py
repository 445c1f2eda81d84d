"""queries: the Query, its start with retries, and restarts."""

import pytest
from fakes import Handle, Session, ran

import etlgen_runtime.queries as qs
from etlgen_runtime.checkpoint import ResumePoint


def test_query_carries_the_resume_point():
    q = qs.Query("w", Handle(), "ident", resume=ResumePoint("/cp", 4, 3, {}, None, 60000, 5000))
    assert q.recovered and q.last_watermark == (3, "1970-01-01T00:00:05.000Z")
    fresh = qs.Query("w", Handle(), "ident")
    assert not fresh.recovered and fresh.last_watermark is None and fresh.gates == [] and fresh.late == []


def test_start_query_retries_a_worker_that_did_not_connect_back(lines, monkeypatch):
    monkeypatch.setattr(qs.time, "sleep", lambda s: None)
    calls = []

    def start(spark):
        calls.append(spark)
        if len(calls) < 3:
            raise RuntimeError("Python worker failed to connect back")
        return qs.Query("w", Handle(), "i")

    q = qs.start_query(start, "spark")
    assert q.starter is start and len(calls) == 3
    assert [ln["attempt"] for ln in lines] == [1, 2]
    with pytest.raises(RuntimeError, match="other"):
        qs.start_query(lambda spark: (_ for _ in ()).throw(RuntimeError("other")), "spark")
    with pytest.raises(RuntimeError, match="connect back"):
        qs.start_query(lambda spark: (_ for _ in ()).throw(RuntimeError("failed to connect back")), "spark", attempts=1)


def test_start_query_passes_the_resume_point_read_before_and_keeps_the_bare_starter(lines, monkeypatch):
    monkeypatch.setattr(qs.time, "sleep", lambda s: None)
    calls = []

    def start(spark, resume=None):
        calls.append(resume)
        if len(calls) < 2:
            raise RuntimeError("Python worker failed to connect back")
        return qs.Query("w", Handle(), "i")

    q = qs.start_query(start, "spark", resume="point")
    # The retry starts from the same resume point (nothing had started); a
    # restart calls the starter without one, so that it reads it anew.
    assert calls == ["point", "point"] and q.starter is start


def test_restart_failed(lines):
    failed = Handle(progress=[ran(0)], active=False, exc=RuntimeError(qs.RESTARTABLE[0] + "\nstack"))
    q = qs.Query("w", failed, "i")
    q.starter = lambda spark: qs.Query("w", Handle("new"), "i")
    other = qs.Query("o", Handle(active=False, exc=RuntimeError("boom")), "i")
    other.starter = q.starter
    assert qs._restart_failed(Session(), [q, other])
    assert q.handle.id == "new" and q.restarts == 1
    assert [ln["event"] for ln in lines] == ["batch_start", "batch", "restart"]
    assert not qs._restart_failed(Session(), [q, other])
    q.handle = failed
    assert not qs._restart_failed(Session(), [q], limit=1)


def test_restart_failed_reads_the_answers_it_is_given(lines):
    q = qs.Query("w", Handle(active=False, exc=RuntimeError(qs.RESTARTABLE[0])), "i")
    q.starter = lambda spark: qs.Query("w", Handle("new"), "i")
    assert not qs._restart_failed(Session(), [q], running=[True])  # running when asked: the next poll restarts it
    assert qs._restart_failed(Session(), [q], running=[False]) and q.handle.id == "new"
