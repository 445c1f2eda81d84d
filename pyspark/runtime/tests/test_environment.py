"""environment: values read from the environment, and their redaction."""

import pytest

import etlgen_runtime.environment as env


@pytest.fixture(autouse=True)
def clean(monkeypatch):
    monkeypatch.setattr(env, "_ENV", {})
    monkeypatch.setattr(env, "_REDACT", set())


def test_env_value_remembers_and_redacts(monkeypatch):
    monkeypatch.setenv("TOKEN", "s3cr3t-value")
    assert env.env_value("TOKEN", "a token") == "s3cr3t-value"
    monkeypatch.delenv("TOKEN")
    assert env.env_value("TOKEN", "a token") == "s3cr3t-value"  # remembered
    assert env.redact({"a": ["x s3cr3t-value y", 1], "b": "s3cr3t%2Dvalue"}) == {"a": ["x <redacted> y", 1], "b": "s3cr3t%2Dvalue"}
    assert env.redact("s3cr3t-value") == "<redacted>"


@pytest.mark.parametrize("value, word", [(None, "not set"), ("", "empty")])
def test_env_value_missing(monkeypatch, value, word):
    monkeypatch.delenv("NOPE", raising=False)
    if value is not None:
        monkeypatch.setenv("NOPE", value)
    with pytest.raises(EnvironmentError) as e:
        env.env_value("NOPE", "what")
    assert str(e.value) == "[ETLGEN_MISSING_ENV] environment variable NOPE (what) is " + word


def test_redact_leaves_short_values_and_url_encodes(monkeypatch):
    env._REDACT.update({"ab", "p@ss word"})
    assert env.redact("ab p@ss word p%40ss%20word") == "ab <redacted> <redacted>"
    assert env.redact(("ab",)) == ["ab"]


def test_options_from_env(monkeypatch):
    monkeypatch.setenv("KEY_VAR", "the-key")
    assert env.options_from_env({"a": "1"}, {"fs.key": "KEY_VAR"}) == {"a": "1", "fs.key": "the-key"}


@pytest.mark.parametrize("mechanism, module", [
    ("PLAIN", "org.apache.kafka.common.security.plain.PlainLoginModule"),
    ("SCRAM-SHA-512", "org.apache.kafka.common.security.scram.ScramLoginModule"),
    (None, "org.apache.kafka.common.security.plain.PlainLoginModule"),
])
def test_kafka_credentials(monkeypatch, mechanism, module):
    monkeypatch.setenv("CREDS", 'bob:pa"ss\\word')
    out = env.kafka_credentials({"x": "y"}, "CREDS", mechanism)
    assert out["kafka.sasl.jaas.config"] == '%s required username="bob" password="pa\\"ss\\\\word";' % module
    assert env.redact(out["kafka.sasl.jaas.config"]).count("<redacted>") == 1
    assert env.kafka_credentials({"x": "y"}, None, None) == {"x": "y"}
