"""failures: the class, exit code and guidance of a failure, and the message."""

import pytest

import etlgen_runtime.failures as f


@pytest.mark.parametrize("text, code, exit_code", [
    ("[ETLGEN_EXPECTATION] ETL-E751: amount must be positive", "expectation", f.EXIT_FAILURE),
    ("[ETLGEN_QUALITY_GATE] ETL-E750: gate rows breached", "quality-gate", f.EXIT_FAILURE),
    ("[ETLGEN_TABLE_LAYOUT] table t exists with another layout", "table-layout", f.EXIT_FAILURE),
    ("[DELTA_METADATA_MISMATCH] schema", "table-schema", f.EXIT_FAILURE),
    ("[ETLGEN_INVALID_STATIC_ROW] static table", "invalid-static-row", f.EXIT_FAILURE),
    ("[ETLGEN_MISSING_ENV] environment variable X", "environment", f.EXIT_ENVIRONMENT),
    ("org.apache.kafka.common.errors.SaslAuthenticationException: bad", "authentication", f.EXIT_ENVIRONMENT),
    ("java.nio.file.AccessDeniedException: /t", "sink-permission", f.EXIT_ENVIRONMENT),
    ("io.delta.exceptions.ConcurrentAppendException", "merge-conflict", f.EXIT_FAILURE),
    ("[CANNOT_LOAD_STATE_STORE] x", "checkpoint-corruption", f.EXIT_FAILURE),
    ("[UNRESOLVED_COLUMN] col", "analysis-error", f.EXIT_FAILURE),
    ("StatusCode.UNAVAILABLE failed to connect to all addresses", "connectivity", f.EXIT_ENVIRONMENT),
    ("something else", "failure", f.EXIT_FAILURE),
])
def test_classify(text, code, exit_code):
    got = f.classify(RuntimeError(text))
    assert got[:2] == (code, exit_code)
    assert got[2]


def test_classify_ignores_the_plan_but_finds_a_raised_expectation():
    plan = "failed\n=== Streaming Query ===\n[UNRESOLVED_COLUMN] in the plan text"
    assert f.classify(RuntimeError(plan))[0] == "failure"
    raised = ("[TASK_WRITE_FAILED] write failed\nJVM stacktrace:\n... [USER_RAISED_EXCEPTION] "
              "[ETLGEN_EXPECTATION] ETL-E751: positive: {\"a\":1}\n at x")
    assert f.classify(RuntimeError(raised))[0] == "expectation"


def test_raised_expectation():
    text = "x [USER_RAISED_EXCEPTION] [ETLGEN_EXPECTATION] ETL-E751: m: {}\nmore"
    assert f.raised_expectation(text) == "[ETLGEN_EXPECTATION] ETL-E751: m: {}"
    assert f.raised_expectation("nothing") == ""
    assert f.raised_expectation("=== Streaming Query === [USER_RAISED_EXCEPTION] [ETLGEN_EXPECTATION] x") == ""


def test_failure_message():
    raised = "[TASK_WRITE_FAILED] w\nJVM stacktrace:\n[USER_RAISED_EXCEPTION] [ETLGEN_EXPECTATION] ETL-E751: m\n"
    msg = f.failure_message(RuntimeError(raised))
    assert msg.startswith("[ETLGEN_EXPECTATION] ETL-E751: m\n\n[TASK_WRITE_FAILED]")
    assert f.failure_message(RuntimeError("plain")) == "plain"
    assert len(f.failure_message(RuntimeError("x" * 5000))) == 4000


def test_server_lost():
    assert f.server_lost(RuntimeError("StatusCode.UNAVAILABLE"))
    assert not f.server_lost(RuntimeError("[UNRESOLVED_COLUMN]"))
