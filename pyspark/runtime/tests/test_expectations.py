"""expectations: counted, dropped, failed, and quarantined rows."""

from fakes import DataFrame

import etlgen_runtime.expectations as x

DROP = {"name": "pos", "on": "orders.valid", "check": "amount > 0", "observe": "exp_pos", "action": "drop", "message": "m1"}
FAIL = {"name": "cur", "on": "orders.valid", "check": "currency IS NOT NULL", "observe": "exp_cur", "action": "fail",
        "message": "currency is set"}
QUAR = {"name": "q", "on": "orders.valid", "check": "ok", "observe": "exp_q", "action": "quarantine", "message": "m3"}
WARN = {"name": "w", "on": "orders.valid", "check": "w", "observe": "exp_w", "action": "warn", "message": "m4"}
OTHER = dict(DROP, on="step.out")


def test_expect():
    df = x.expect(DataFrame(columns=["amount", "currency"]), [DROP, FAIL, QUAR, WARN, OTHER], "orders.valid")
    kinds = [op[0] for op in df.ops]
    assert kinds == ["observe", "filter", "observe", "filter", "observe", "filter", "observe"]
    assert df.ops[0][:2] == ("observe", "exp_pos") and "count_if(expr(amount > 0))" in df.ops[0][2]
    fail = df.ops[3][1]
    assert "raise_error(concat(lit([ETLGEN_EXPECTATION] ETL-E751: currency is set), to_json(struct(amount, currency))))" in fail


def test_quarantine():
    df = x.quarantine(DataFrame(columns=["id"]), [DROP, FAIL, QUAR], "pipe")
    assert df.ops[0][:2] == ("withColumn", x.QUARANTINE_REASON)
    assert [op[0] for op in df.ops] == ["withColumn", "filter", "filter", "withColumn", "filter", "select"]
    assert df.ops[-1][1:] == ("id", "col(etlgen_quarantine_reason).alias(expectation)", "lit(pipe).alias(pipeline_id)",
                              "current_timestamp().alias(observed_at)")


def test_observed_expectations():
    p = {"observedMetrics": {"exp_pos": {"passed": 3, "failed": 1}}}
    assert x.observed_expectations(p, [DROP, FAIL]) == [
        {"name": "pos", "action": "drop", "passed": 3, "failed": 1},
        {"name": "cur", "action": "fail", "passed": 0, "failed": 0}]
