"""lifecycle: a program's run from the session line to the end line."""

import pytest
from fakes import Handle, Session, ran

import etlgen_runtime.lifecycle as lc
from etlgen_runtime.connect import _NAMED_SESSION
from etlgen_runtime.events import RUN_ID
from etlgen_runtime.failures import EXIT_ENVIRONMENT, EXIT_FAILURE
from etlgen_runtime.queries import Query


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    monkeypatch.setattr(lc, "_Signals", Signals)
    monkeypatch.delenv(lc.ORPHAN_ENV, raising=False)
    monkeypatch.delenv(lc.RELEASE_ONLY_ENV, raising=False)


class Signals(object):
    """No handlers installed; stop set by a test."""

    stop_now = False

    def __init__(self):
        import threading
        self.stop = threading.Event()
        self.name = None
        if Signals.stop_now:
            self.stop.set()
            self.name = "SIGTERM"


def connect_to(spark):
    return lambda session_id=None: spark


def test_run_finished(lines):
    spark = Session()
    q = Query("w", Handle(progress=[ran(0)], active=False), "ident")
    code = lc.run(connect_to(spark), lambda s: [q], poll=0)
    assert code == lc.EXIT_OK
    assert [ln["event"] for ln in lines] == ["session", "start", "batch_start", "batch", "end"]
    assert lines[1]["queries"] == [{"name": "w", "id": "qid", "identity": "ident", "start": "fresh", "replay": None,
                                    "resume": None}]
    assert lines[-1] == {"event": "end", "run_id": RUN_ID, "status": "finished", "exit_code": 0, "signal": None,
                         "queries": [{"name": "w", "last_batch_id": 0}]}
    assert spark.stopped


def test_run_keeps_a_named_session(lines):
    spark = Session()
    _NAMED_SESSION[id(spark)] = True
    lc.run(connect_to(spark), lambda s: [], poll=0)
    assert not spark.stopped
    del _NAMED_SESSION[id(spark)]


def test_run_releases_an_orphan_only(lines, monkeypatch):
    monkeypatch.setenv(lc.ORPHAN_ENV, "old")
    monkeypatch.setenv(lc.RELEASE_ONLY_ENV, "1")
    orphan = Session()
    assert lc.run(connect_to(orphan), lambda s: pytest.fail("started"), poll=0) == lc.EXIT_OK
    assert [ln["event"] for ln in lines] == ["orphan", "end"] and lines[-1]["status"] == "released"


def test_run_failed_query(lines, capsys):
    q = Query("w", Handle(active=False, exc=RuntimeError("[UNRESOLVED_COLUMN] x")), "i")
    assert lc.run(connect_to(Session()), lambda s: [q], poll=0) == EXIT_FAILURE
    end = lines[-1]
    assert end["status"] == "failed" and end["failure"]["code"] == "analysis-error" and end["failure"]["query"] == "w"
    assert "UNRESOLVED_COLUMN" in capsys.readouterr().err


def test_run_stopped_after_batch(lines):
    q = Query("w", Handle(active=False, exc=RuntimeError("[ETLGEN_STOPPED_AFTER_BATCH] batch 3 not run")), "i")
    assert lc.run(connect_to(Session()), lambda s: [q], poll=0) == lc.EXIT_OK
    assert lines[-1]["status"] == "stopped"


def test_run_stopped_by_a_signal(lines, monkeypatch):
    monkeypatch.setattr(Signals, "stop_now", True)
    q = Query("w", Handle(), "i")
    assert lc.run(connect_to(Session()), lambda s: [q], stop_policy="cancel-batch", poll=0) == lc.EXIT_OK
    assert q.handle.stopped and lines[-1]["status"] == "stopped" and lines[-1]["signal"] == "SIGTERM"


def test_run_polls_until_the_queries_end(lines, monkeypatch):
    class Ending(Handle):
        def awaitTermination(self, timeout=None):
            self.isActive = False  # it ends while waited for
            return super().awaitTermination(timeout)

    q = Query("w", Ending(), "i")
    sleeps = []
    monkeypatch.setattr(lc.time, "sleep", sleeps.append)
    assert lc.run(connect_to(Session()), lambda s: [q], poll=0.25) == lc.EXIT_OK
    assert q.handle.waited == [0.25] and sleeps == []  # waited for on the server, not asleep


def test_wait(monkeypatch):
    sleeps = []
    monkeypatch.setattr(lc.time, "sleep", sleeps.append)
    a, b = Query("a", Handle("a"), "i"), Query("b", Handle("b"), "i")
    lc._wait([a, b], [False, True], 1.0)  # the first running query
    assert not hasattr(a.handle, "waited") and b.handle.waited == [1.0] and sleeps == []
    lc._wait([a, b], [False, False], 1.0)  # none runs
    lc._wait([a, b], [True, True], 0)  # no wait on the server for no time
    assert sleeps == [1.0, 0] and b.handle.waited == [1.0]
    failed = Query("f", Handle("f", active=False, exc=RuntimeError("[STREAM_FAILED] boom")), "i")
    lc._wait([failed], [True], 1.0)  # its exception is the restart check's
    assert failed.handle.waited == [1.0]
    lost = Query("l", Handle("l", gone=RuntimeError("StatusCode.UNAVAILABLE: failed to connect to all addresses")), "i")
    with pytest.raises(RuntimeError):
        lc._wait([lost], [True], 1.0)


def test_run_asks_whether_each_query_runs_once_a_poll(lines, monkeypatch):
    class Counting(Handle):
        asked = 0

        @property
        def isActive(self):
            Counting.asked += 1
            return Counting.asked <= 2  # the first poll: running; then not

        @isActive.setter
        def isActive(self, v):
            pass

    qs = [Query("a", Counting("a"), "i"), Query("b", Counting("b"), "i")]
    monkeypatch.setattr(lc.time, "sleep", lambda s: None)
    assert lc.run(connect_to(Session()), lambda s: qs, poll=0) == lc.EXIT_OK
    assert Counting.asked == 4  # two polls, one call per query each (none from the restart check)


def test_run_interrupted(lines):
    class Interrupting(Handle):
        def exception(self):
            raise KeyboardInterrupt()

        def stop(self):
            raise RuntimeError("already gone")

    q = Query("w", Interrupting(active=False), "i")
    assert lc.run(connect_to(Session()), lambda s: [q], poll=0) == lc.EXIT_OK
    assert lines[-1]["status"] == "stopped"


def test_run_exits_at_once_when_the_server_is_lost(lines, monkeypatch, capsys):
    exits = []
    monkeypatch.setattr(lc.os, "_exit", exits.append)

    def connect(session_id=None):
        raise RuntimeError("StatusCode.UNAVAILABLE: failed to connect to all addresses")

    assert lc.run(connect, lambda s: [], poll=0) == EXIT_ENVIRONMENT
    assert exits == [EXIT_ENVIRONMENT] and lines[-1]["failure"]["code"] == "connectivity"
