"""stop: the stop flag, the micro-batch, signals, the parent's pipe, the policies."""

import os
import signal
import threading

import pytest
from fakes import DataFrame, Handle, Session

import etlgen_runtime.stop as st
from etlgen_runtime.queries import Query


def test_micro_batch():
    df = DataFrame()
    with st.micro_batch(df, cache=False, batch_id=1) as got:
        assert got is df
    with st.micro_batch(df, cache=True, batch_id=1) as got:
        assert got.ops == [("localCheckpoint", True)]
    stopping = DataFrame(Session(conf={st.STOP_CONF: "true"}))
    with pytest.raises(st.StopAfterBatch) as e:
        with st.micro_batch(stopping, cache=False, batch_id=7):
            pass
    assert st.stopped_after_batch(e.value) and "batch 7 not run" in str(e.value)
    assert not st.stopped_after_batch(None) and not st.stopped_after_batch(RuntimeError("x"))


def test_flag_on_stop():
    spark = Session()
    sig = type("Sig", (), {"stop": threading.Event()})()
    assert st.flag_on_stop(sig, spark, "cancel-batch") is None
    t = st.flag_on_stop(sig, spark, "finish-batch")
    t.join(0.05)
    assert t.is_alive() and spark.conf.get(st.STOP_CONF, "false") == "false"  # no stop asked yet
    sig.stop.set()
    t.join(5)
    assert not t.is_alive() and spark.conf.get(st.STOP_CONF) == "true"


def test_flag_on_stop_when_the_session_is_gone():
    spark = Session()
    spark.conf.fail = {"*set*": RuntimeError("session gone")}
    sig = type("Sig", (), {"stop": threading.Event()})()
    sig.stop.set()
    t = st.flag_on_stop(sig, spark, "finish-batch")
    t.join(5)
    assert not t.is_alive() and st.STOP_CONF not in spark.conf.values  # silent: _stop sets it again and warns


@pytest.fixture
def handlers(monkeypatch):
    got = {}
    monkeypatch.setattr(st.signal, "signal", lambda s, h: got.__setitem__(s, h))
    return got


def test_signals(handlers, monkeypatch):
    monkeypatch.delenv(st.PARENT_PIPE_ENV, raising=False)
    sig = st._Signals()
    handlers[signal.SIGTERM](signal.SIGTERM, None)
    assert sig.stop.is_set() and sig.name == "SIGTERM"
    with pytest.raises(KeyboardInterrupt):
        handlers[signal.SIGINT](signal.SIGINT, None)


def test_parent_gone(handlers, monkeypatch):
    r, w = os.pipe()
    monkeypatch.setenv(st.PARENT_PIPE_ENV, "stdin")
    monkeypatch.setattr(st.sys, "stdin", os.fdopen(r))
    sig = st._Signals()
    os.write(w, b"x")
    os.close(w)
    assert sig.stop.wait(5) and sig.name == "PARENT_GONE"
    handlers[signal.SIGTERM](signal.SIGTERM, None)  # the parent-death signal of the same event
    assert sig.name == "PARENT_GONE"


def test_parent_death_signal_first(handlers, monkeypatch):
    monkeypatch.delenv(st.PARENT_PIPE_ENV, raising=False)
    sig = st._Signals()
    handlers[signal.SIGTERM](signal.SIGTERM, None)
    r, w = os.pipe()
    os.close(w)
    monkeypatch.setattr(st.sys, "stdin", os.fdopen(r))
    sig._watch_parent()
    assert sig.name == "PARENT_GONE"


def test_stop_finish_batch_sets_the_flag_then_stops(lines):
    s = Session()
    qs = [Query("a", Handle(), "i"), Query("b", Handle(), "i")]
    st._stop(s, qs, "finish-batch", 1.0)
    assert s.conf.values[st.STOP_CONF] == "true" and all(q.handle.stopped for q in qs)


def test_stop_waits_for_the_running_batch_up_to_the_timeout(lines, monkeypatch):
    monkeypatch.setattr(st.time, "sleep", lambda s: None)
    s = Session()
    s.conf.fail["*set*"] = RuntimeError("gone")
    q = Query("a", Handle(status={"isTriggerActive": True}), "i")
    st._stop(s, [q], "finish-batch", 0.0)
    assert q.handle.stopped and lines[0]["event"] == "warning"
    q2 = Query("a", Handle(status={"isTriggerActive": True}), "i")
    st._stop(Session(), [q2], "cancel-batch", 10.0)
    assert q2.handle.stopped
