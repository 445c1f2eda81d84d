"""gates: measured before the commit, observed in the pass, and the quarantine split."""

import json

import pytest
from fakes import DataFrame, Session

from etlgen_runtime import gates as g

ROWS_FAIL = {"name": "enough", "metric": "rows", "threshold": 2, "condition": "rows >= 2", "action": "fail"}
NULL_WARN = {"name": "nulls", "metric": "null_ratio", "column": "email", "threshold": 0.5, "condition": "null_ratio(email) <= 0.5",
             "action": "warn"}
INVALID_WARN = {"name": "invalid", "metric": "invalid_ratio", "source": "obs_src", "threshold": 0.1,
                "condition": "invalid_ratio <= 0.1", "action": "warn"}
ROWS_WARN = dict(ROWS_FAIL, name="rows_warn", action="warn")
WINDOW = {"name": "per_window", "metric": "rows", "threshold": 5, "condition": "rows >= 5", "action": "quarantine",
          "scope": g.WINDOW_SCOPE}
BATCH_Q = dict(ROWS_FAIL, name="batch_q", action="quarantine")


def test_ratio_and_breach():
    assert g.ratio(1, 4) == 0.25 and g.ratio(3, 0) == 0.0
    assert g.gate_breached(ROWS_FAIL, 1) and not g.gate_breached(ROWS_FAIL, 2)
    assert g.gate_breached(NULL_WARN, 0.6) and not g.gate_breached(NULL_WARN, 0.5)


def test_measured_before_commit():
    assert g.measured_before_commit(ROWS_FAIL) and g.measured_before_commit(WINDOW)
    assert not g.measured_before_commit(NULL_WARN)
    assert g._measured([NULL_WARN, ROWS_FAIL]) and not g._measured([NULL_WARN])


@pytest.mark.parametrize("micros, want", [(0, "1970-01-01T00:00:00Z"), (1500000, "1970-01-01T00:00:01.5Z"),
                                          (1000001, "1970-01-01T00:00:01.000001Z")])
def test_format_window_start(micros, want):
    assert g.format_window_start(micros) == want


@pytest.mark.parametrize("v, want", [(1.0, "1"), (0.75, "0.75"), (1 / 3, "0.3333333333333333"), (1e22, "1e+22")])
def test_format_value(v, want):
    assert g.format_value(v) == want


def test_observe_rows_counts_nulls_of_the_warning_gates():
    df = g.observe_rows(DataFrame(), "obs", [ROWS_FAIL, NULL_WARN])
    op = df.ops[-1]
    assert op[:2] == ("observe", "obs")
    assert any("alias(rows)" in a for a in op[2:]) and any("alias(null_1)" in a for a in op[2:])
    assert len(op) == 4  # the fail gate is measured before the commit, not observed


def test_observed_gates():
    p = {"observedMetrics": {"obs": {"rows": 4, "null_1": 3}, "obs_src": {"read": 10, "rejected": 2}}}
    got = g.observed_gates(p, "obs", [ROWS_FAIL, NULL_WARN, INVALID_WARN, ROWS_WARN])
    assert got == {
        "nulls": {"name": "nulls", "condition": NULL_WARN["condition"], "action": "warn", "value": 0.75, "breached": True},
        "invalid": {"name": "invalid", "condition": INVALID_WARN["condition"], "action": "warn", "value": 0.2, "breached": True},
        "rows_warn": {"name": "rows_warn", "condition": "rows >= 2", "action": "warn", "value": 4.0, "breached": False},
    }


def test_merged_gates():
    measured = [{"name": "enough", "v": 1}]
    observed = {"nulls": {"name": "nulls", "v": 2}}
    assert g.merged_gates([ROWS_FAIL, INVALID_WARN, NULL_WARN], measured, observed) == [measured[0], observed["nulls"]]


def test_windows_text():
    assert g.windows_text({}) == ""
    assert g.windows_text({"windows_breached": 1, "windows": 1, "breached_windows": ["A"]}) == " in 1 of 1 window starting A"
    assert g.windows_text({"windows_breached": 3, "windows": 5, "breached_windows": ["A", "B"]}) == \
        " in 3 of 5 windows starting A, B, \u2026"


def test_gate_parts():
    batch = DataFrame(rows=[{"rows": 4, "n1": 1}])
    src = DataFrame(rows=[{"read": 8, "rejected": 2}])
    got = g.gate_parts(batch, [ROWS_FAIL, NULL_WARN, INVALID_WARN], lambda: src)
    assert got == {"enough": (4, 0), "nulls": (1, 4), "invalid": (2, 8)}
    assert g.gate_parts(batch, [INVALID_WARN]) == {"invalid": (0, 0)}
    assert [g.parts_value(x, got[x["name"]]) for x in (ROWS_FAIL, NULL_WARN, INVALID_WARN)] == [4.0, 0.25, 0.25]
    assert g.parts_value(NULL_WARN, (0, 0)) == 0.0


ROLLING_FAIL = {"name": "roll", "metric": "invalid_ratio", "source": "obs_src", "threshold": 0.1,
                "condition": "invalid_ratio <= 0.1 over the last 3 micro-batches", "action": "fail",
                "scope": g.ROLLING_SCOPE, "batches": 3}


def test_rolling_store_is_beside_the_checkpoint():
    assert g.rolling_store("/cp/q/") == "/cp/q/etlgen_rolling"
    assert g.measured_before_commit(dict(ROLLING_FAIL, action="warn"))


def test_rolling_sums_add_the_kept_batches_of_the_span():
    s = Session()
    s.loads[g.rolling_store("/cp")] = [{"gate": "roll", "batch_id": 3, "num": 1, "of": 10},
                                      {"gate": "roll", "batch_id": 4, "num": 0, "of": 5},
                                      {"gate": "other", "batch_id": 4, "num": 9, "of": 9}]
    assert g.rolling_sums(s, "/cp", 5, [ROLLING_FAIL], {"roll": (2, 5)}) == {"roll": (3, 20)}
    assert s.reads[-1]["format"] == "delta" and s.reads[-1]["paths"] == "/cp/etlgen_rolling"
    # batch 0 reads nothing; a store not yet written is empty; other errors are raised
    n = len(s.reads)
    assert g.rolling_sums(s, "/cp", 0, [ROLLING_FAIL], {"roll": (2, 5)}) == {"roll": (2, 5)} and len(s.reads) == n
    s.loads[g.rolling_store("/cp")] = RuntimeError("[PATH_NOT_FOUND] no such path")
    assert g.rolling_sums(s, "/cp", 1, [ROLLING_FAIL], {"roll": (2, 5)}) == {"roll": (2, 5)}
    s.loads[g.rolling_store("/cp")] = RuntimeError("StatusCode.UNAVAILABLE")
    with pytest.raises(RuntimeError):
        g.rolling_sums(s, "/cp", 1, [ROLLING_FAIL], {"roll": (2, 5)})


def test_keep_rolling_appends_once_per_batch(monkeypatch):
    calls = []
    monkeypatch.setattr(g, "append", lambda df, batch_id, target, app_id, path=None, merge_schema=False:
                        calls.append((batch_id, target, app_id, path, merge_schema, df.rows)))
    s = Session()
    s.createDataFrame = lambda rows, schema: DataFrame(s, rows=[dict(zip(("gate", "batch_id", "num", "of", "ts"), r, strict=True)) for r in rows])
    g.keep_rolling(s, "/cp", 7, [ROLLING_FAIL], {"roll": (1, 4)})
    g.keep_rolling(s, "/cp", 8, [SLIDING_WARN], {"slide": (2, 5)}, 1700)
    assert calls == [(7, None, "etlgen-rolling:/cp", "/cp/etlgen_rolling", True,
                      [{"gate": "roll", "batch_id": 7, "num": 1, "of": 4, "ts": None}]),
                     (8, None, "etlgen-rolling:/cp", "/cp/etlgen_rolling", True,
                      [{"gate": "slide", "batch_id": 8, "num": 2, "of": 5, "ts": 1700}])]


SLIDING_WARN = {"name": "slide", "metric": "invalid_ratio", "source": "obs_src", "threshold": 0.1,
                "condition": "invalid_ratio(src) > 0.1 over the micro-batches of the last 1m0s", "action": "warn",
                "scope": g.SLIDING_SCOPE, "interval_ms": 60000}


def test_rolling_sums_of_a_sliding_gate_add_the_batches_of_the_interval():
    s = Session()
    s.loads[g.rolling_store("/cp")] = [{"gate": "slide", "batch_id": 1, "num": 5, "of": 5, "ts": 1000},   # 60 s before: out
                                      {"gate": "slide", "batch_id": 2, "num": 1, "of": 10, "ts": 1001},  # in
                                      {"gate": "slide", "batch_id": 3, "num": 7, "of": 7},              # no time kept: out
                                      {"gate": "roll", "batch_id": 3, "num": 1, "of": 2, "ts": 1}]
    got = g.rolling_sums(s, "/cp", 4, [SLIDING_WARN, ROLLING_FAIL], {"slide": (2, 5), "roll": (0, 1)}, now_ms=61000)
    assert got == {"slide": (3, 15), "roll": (1, 3)}
    assert g.span(SLIDING_WARN) == 100 and g.span(ROLLING_FAIL) == 3
    assert g.measured_before_commit(SLIDING_WARN)


def test_trigger_time_reads_the_offset_log_for_a_sliding_gate():
    s = Session()
    s.files["/cp/offsets/4"] = 'v1\n{"batchWatermarkMs":0,"batchTimestampMs":1733000000123,"conf":{}}\n{"o":1}\n'
    assert g.trigger_time(s, "/cp", [ROLLING_FAIL, SLIDING_WARN], 4) == 1733000000123
    assert g.trigger_time(s, "/cp", [ROLLING_FAIL], 5) is None


def test_check_gates_sliding_keeps_the_trigger_time(monkeypatch):
    kept = []
    monkeypatch.setattr(g, "keep_rolling", lambda spark, cp, batch_id, gates, parts, now_ms: kept.append((batch_id, parts, now_ms)))
    s = Session()
    s.files["/cp/offsets/5"] = 'v1\n{"batchWatermarkMs":0,"batchTimestampMs":70000}\n{"o":1}\n'
    s.loads[g.rolling_store("/cp")] = [{"gate": "slide", "batch_id": 4, "num": 1, "of": 10, "ts": 20000}]
    src = DataFrame(s, rows=[{"read": 10, "rejected": 1}])
    got = g.check_gates(DataFrame(s, rows=[{"rows": 3}]), 5, "q", [SLIDING_WARN], source_rows=lambda: src, checkpoint="/cp")
    assert got[0]["value"] == 0.1 and not got[0]["breached"]
    assert kept == [(5, {"slide": (1, 10)}, 70000)]


def test_check_gates_rolling_fails_on_the_span_and_keeps_a_passing_batch(monkeypatch):
    kept = []
    monkeypatch.setattr(g, "keep_rolling", lambda spark, cp, batch_id, gates, parts, now_ms: kept.append((cp, batch_id, parts)))
    s = Session()
    s.loads[g.rolling_store("/cp")] = [{"gate": "roll", "batch_id": 4, "num": 5, "of": 10}]
    batch = DataFrame(s, rows=[{"rows": 3}])
    src = DataFrame(s, rows=[{"read": 10, "rejected": 0}])
    with pytest.raises(RuntimeError, match="quality gate roll breached"):
        g.check_gates(batch, 5, "q", [ROLLING_FAIL], source_rows=lambda: src, checkpoint="/cp")
    assert kept == []
    s.loads[g.rolling_store("/cp")] = [{"gate": "roll", "batch_id": 4, "num": 1, "of": 10}]
    got = g.check_gates(batch, 5, "q", [ROLLING_FAIL], source_rows=lambda: src, checkpoint="/cp")
    assert got[0]["value"] == 0.05 and not got[0]["breached"]
    assert kept == [("/cp", 5, {"roll": (0, 10)})]


def test_check_gates_passes_and_records_the_verdicts():
    s = Session()
    batch = DataFrame(s, rows=[{"rows": 3}])
    got = g.check_gates(batch, 7, "q", [ROWS_FAIL, NULL_WARN])
    assert got == [{"name": "enough", "condition": "rows >= 2", "action": "fail", "value": 3.0, "breached": False}]
    assert json.loads(s.conf.values["etlgen.gates.q.7"]) == got
    assert g.batch_gates(s, "q", "7") == got
    assert "etlgen.gates.q.7" not in s.conf.values
    assert g.batch_gates(s, "q", 7) == []
    assert g.check_gates(batch, 8, "q", [NULL_WARN]) == []


def test_check_gates_replay_measures_every_gate_it_can():
    batch = DataFrame(rows=[{"rows": 3, "n1": 0}])
    got = g.check_gates(batch, 4, "q", [ROWS_FAIL, NULL_WARN, INVALID_WARN], replay=4)
    assert [v["name"] for v in got] == ["enough", "nulls"]


def test_check_gates_fails_a_breached_batch():
    batch = DataFrame(rows=[{"rows": 1}])
    with pytest.raises(RuntimeError) as e:
        g.check_gates(batch, 2, "q", [ROWS_FAIL])
    assert str(e.value) == ("[ETLGEN_QUALITY_GATE] ETL-E750: quality gate enough breached in query q batch 2: rows >= 2 "
                            "with value 1; the batch did not commit")


def test_check_gates_computes_the_rows_before_a_gate_fails():
    s = Session()
    src = DataFrame(s, rows=[{"failed": 2, "checked": 9}])
    batch = DataFrame(s, rows=[{"rows": 7}])
    with pytest.raises(RuntimeError, match="ETL-E750"):
        g.check_gates(batch, 3, "q", [EXPECT_FAIL], source_rows=lambda: src)
    assert [a for a, _ in s.actions][-1] == "count"
    passing = DataFrame(s, rows=[{"failed": 0, "checked": 9}])
    s.actions.clear()
    g.check_gates(batch, 4, "q", [EXPECT_FAIL], source_rows=lambda: passing)
    assert "count" not in [a for a, _ in s.actions]


def test_check_gates_lets_a_failing_expectation_fail_first():
    class Raising(DataFrame):
        def count(self):
            raise RuntimeError("[USER_RAISED_EXCEPTION] [ETLGEN_EXPECTATION] ETL-E751: expectation routed failed")
    src = DataFrame(rows=[{"failed": 2, "checked": 9}])
    with pytest.raises(RuntimeError, match="ETL-E751"):
        g.check_gates(Raising(rows=[{"rows": 7}]), 3, "q", [EXPECT_FAIL], source_rows=lambda: src)


def test_batch_gates_survives_a_conf_that_fails():
    s = Session()
    s.conf.fail["etlgen.gates.q.1"] = RuntimeError("gone")
    assert g.batch_gates(s, "q", 1) == []


def test_window_verdict():
    row = {"windows": 5, "breached": 3, "worst": 1.0, "first": [{"start": 0, "end": 60000000}, {"start": 60000000, "end": 1}]}
    batch = DataFrame(rows=[row])
    got = g.window_verdict(batch, WINDOW)
    assert got == {"name": "per_window", "condition": "rows >= 5", "action": "quarantine", "value": 1.0, "breached": True,
                   "windows": 5, "windows_breached": 3, "breached_windows": ["1970-01-01T00:00:00Z", "1970-01-01T00:01:00Z"]}
    empty = g.window_verdict(DataFrame(rows=[{"windows": 0, "breached": 0, "worst": None, "first": None}]),
                             dict(WINDOW, metric="null_ratio", column="c"))
    assert empty == {"name": "per_window", "condition": "rows >= 5", "action": "quarantine", "value": 0.0, "breached": False}


def test_per_window_and_breached_windows():
    ops = g.per_window(DataFrame(), dict(WINDOW, metric="null_ratio", column="c")).ops
    assert ops[0] == ("groupBy", "window_start", "window_end")
    assert g.breached_windows(DataFrame(), WINDOW).ops[-2] == ("filter", "b")


def test_check_gates_window_scope():
    row = {"windows": 2, "breached": 0, "worst": 6.0, "first": []}
    got = g.check_gates(DataFrame(rows=[row]), 1, "q", [WINDOW])
    assert got[0]["windows"] == 2 and not got[0]["breached"]


def test_quarantine_split():
    s = Session()
    batch = DataFrame(s, columns=["a", "window_start", "window_end"], rows=[{"x": 1}, {"x": 2}])
    verdicts = [{"name": "per_window", "breached": True}, {"name": "batch_q", "breached": True},
                {"name": "enough", "breached": True}]
    rest, taken = g.quarantine_split(batch, 3, "q", [WINDOW, BATCH_Q, ROWS_FAIL], verdicts)
    assert sorted(taken) == ["batch_q", "per_window"]
    assert taken["per_window"].ops[0][0] == "join" and taken["per_window"].ops[0][2] == "left_semi"
    assert rest.ops[-1] == ("filter", "lit(False)")
    assert verdicts[0]["quarantined"] == 2 and verdicts[1]["quarantined"] == 2
    assert json.loads(s.conf.values["etlgen.gates.q.3"])[0]["quarantined"] == 2
    rest, taken = g.quarantine_split(batch, 4, "q", [BATCH_Q], [{"name": "batch_q", "breached": False}])
    assert taken == {} and rest is batch and "etlgen.gates.q.4" not in s.conf.values


def test_gates_key():
    assert g.gates_key("q", 3) == "etlgen.gates.q.3"


EXPECT_WARN = {"name": "slow", "metric": g.EXPECT_FAILED_RATIO, "expectation": "etlgen_expect_1", "threshold": 0.5,
               "condition": "expectation_failed_ratio(fast) > 0.5", "action": "warn",
               "checks": [("coalesce((service <> ''), false)", "drop"), ("coalesce((latency_ms < 1000), false)", "warn")],
               "projection": ["call_id", "service", "latency_ms"]}
EXPECT_FAIL = dict(EXPECT_WARN, name="unrouted", metric=g.EXPECT_FAILED, expectation="etlgen_expect_0", threshold=1,
                   condition="expectation_failed(routed) > 1", action="fail", checks=EXPECT_WARN["checks"][:1])
EXPECT_STEP = dict(EXPECT_WARN, name="step", checks=None)


def test_observed_expectation_gates():
    p = {"observedMetrics": {"etlgen_expect_0": {"passed": 7, "failed": 2}, "etlgen_expect_1": {"passed": 4, "failed": 3}}}
    got = g.observed_gates(p, "obs", [EXPECT_WARN, EXPECT_FAIL])
    assert got == {"slow": {"name": "slow", "condition": EXPECT_WARN["condition"], "action": "warn", "value": 3 / 7, "breached": False}}
    assert g.observed_gates({}, "obs", [EXPECT_WARN])["slow"]["value"] == 0.0


def test_expectation_parts_count_after_the_earlier_drops():
    src = DataFrame(rows=[{"failed": 2, "checked": 5}])
    assert g.expectation_parts(src, EXPECT_WARN) == (2, 5)
    ops = src.session.actions[-1][1]
    # the valid rows projected, then the drop declared before it; the warning itself filters nothing
    assert [op[0] for op in ops] == ["filter", "selectExpr", "filter", "agg"]
    assert ops[0][1] == "_etl_valid" and ops[1][1:] == ("call_id", "service", "latency_ms") and "service" in ops[2][1]
    assert "latency_ms" in ops[3][1]
    assert g.expectation_parts(None, EXPECT_WARN) == (0, 0)
    assert g.parts_value(EXPECT_FAIL, (2, 9)) == 2.0 and g.parts_value(EXPECT_WARN, (2, 5)) == 0.4


def test_check_gates_fails_on_an_expectation_count():
    src = DataFrame(rows=[{"failed": 2, "checked": 9}])
    with pytest.raises(RuntimeError, match="quality gate unrouted breached in query q batch 3: expectation_failed\\(routed\\) > 1 with value 2;"):
        g.check_gates(DataFrame(rows=[{"rows": 7}]), 3, "q", [EXPECT_FAIL, EXPECT_WARN], source_rows=lambda: src)


def test_check_gates_replay_leaves_out_an_expectation_it_cannot_count():
    src = DataFrame(rows=[{"failed": 1, "checked": 4}])
    got = g.check_gates(DataFrame(rows=[{"rows": 4}]), 4, "q", [EXPECT_WARN, EXPECT_STEP], source_rows=lambda: src, replay=4)
    assert [(v["name"], v["value"]) for v in got] == [("slow", 0.25)]
    assert g.check_gates(DataFrame(rows=[{"rows": 4}]), 4, "q", [EXPECT_WARN], replay=4) == []
