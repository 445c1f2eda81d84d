"""connect: the session, its URL and retries, orphans, and the driver's UI."""

import pytest
from fakes import Builder, Session

import etlgen_runtime as rt
import etlgen_runtime.connect as c
import etlgen_runtime.environment as env


@pytest.fixture(autouse=True)
def clean(monkeypatch):
    monkeypatch.setattr(env, "_ENV", {})
    monkeypatch.setattr(env, "_REDACT", set())
    Builder.urls.clear()
    Builder.sessions.clear()


def test_connect_url(monkeypatch):
    monkeypatch.setenv("TOK", "a b/c")
    assert c.connect_url("sc://h:15002", None) == "sc://h:15002"
    assert c.connect_url("sc://h:15002/;use_ssl=true", {"token": "TOK"}) == "sc://h:15002/;use_ssl=true;token=a%20b%2Fc"
    assert c.add_url_param("sc://h:1", "session_id", "s") == "sc://h:1/;session_id=s"


def test_names_session():
    assert c.names_session("sc://h:1/;session_id=x")
    assert not c.names_session("sc://h:1/;token=x")


@pytest.mark.parametrize("seconds", [1, 30, 120, 600])
def test_retry_policy_stays_in_budget(seconds):
    p = c.retry_policy(seconds)
    waits, wait = [], p["initial_backoff"]
    for _ in range(p["max_retries"]):
        waits.append(min(wait, p["max_backoff"]))
        wait *= p["backoff_multiplier"]
    assert p["max_retries"] >= 1
    assert p["max_retries"] == 1 or sum(waits) + p["jitter"] * p["max_retries"] <= max(seconds, 1) * 1000


def test_session_sets_conf_and_registers_the_package(monkeypatch):
    import pyspark.cloudpickle as cp

    monkeypatch.setenv("SECRET_CONF", "v4lue")
    spark = c.session("sc://h:1", {"spark.a": "1"}, conf_env={"spark.b": "SECRET_CONF"}, server_loss_timeout=30)
    assert spark.conf.values == {"spark.a": "1", "spark.b": "v4lue"}
    assert cp.registered[-1] is rt
    assert spark.client.policies[0].kw == c.retry_policy(30)
    assert not c._NAMED_SESSION[id(spark)]


def test_session_attaches_to_a_named_session():
    spark = c.session("sc://h:1", {"spark.a": "1"}, session_id="abc")
    assert Builder.urls[-1] == "sc://h:1/;session_id=abc"
    assert spark.conf.values == {}


def test_session_closes_the_client_when_the_conf_fails():
    s = Session()
    s.conf.fail["*set*"] = RuntimeError("StatusCode.UNAVAILABLE")
    Builder.sessions.append(s)
    with pytest.raises(RuntimeError):
        c.session("sc://h:1", {"spark.a": "1"})
    assert s.client.closed


class Stream(object):
    def __init__(self, qid):
        self.id, self.name, self.status = qid, "q" + qid, {"isTriggerActive": True}


def test_release_session(lines):
    orphan = Session()
    orphan.streams.active = [Stream("1")]
    c.release_session(lambda session_id: orphan, "sid")
    assert orphan.stopped
    assert lines[0]["event"] == "orphan" and lines[0]["queries"] == [{"id": "1", "name": "q1", "trigger_active": True}]
    assert not lines[0]["session_gone"]


def test_release_session_of_a_gone_session(lines):
    gone = Session()
    gone.stop = lambda: (_ for _ in ()).throw(RuntimeError("INVALID_HANDLE.SESSION_NOT_FOUND"))
    c.release_session(lambda session_id: gone, "sid")
    assert lines[0]["session_gone"] and gone.client.closed

    def refuse(session_id):
        raise RuntimeError("StatusCode.UNAVAILABLE")

    with pytest.raises(RuntimeError):
        c.release_session(refuse, "sid")


def test_session_id_of():
    assert c.session_id_of(Session()) == "sid-1"
    assert c.session_id_of(object()) is None


def test_driver_ui():
    s = Session(conf={"spark.driver.host": "h", "spark.app.id": "app-1"})
    assert c.driver_ui(s) == {"driver_host": "h", "ui_port": "4040", "app": "app-1"}
    assert c.driver_ui(Session(conf={"spark.ui.enabled": "False"})) is None
    assert c.driver_ui(Session(conf={"spark.driver.host": "h"})) is None
    hidden = Session()
    hidden.conf.fail["spark.ui.enabled"] = RuntimeError("[CONFIG_NOT_AVAILABLE]")
    assert c.driver_ui(hidden) is None
    lost = Session()
    lost.conf.fail["spark.ui.enabled"] = RuntimeError("StatusCode.UNAVAILABLE")
    with pytest.raises(RuntimeError):
        c.driver_ui(lost)
