"""metrics: a progress as a dict, its observed metrics, and Spark's timestamps."""

import json

import pytest

from etlgen_runtime import metrics


class JSONProgress(object):
    def __init__(self, d, method):
        text = json.dumps(d)
        self.json = (lambda: text) if method else text


@pytest.mark.parametrize("p", [None, {"batchId": 1}, JSONProgress({"batchId": 1}, True),
                               JSONProgress({"batchId": 1}, False), '{"batchId": 1}'])
def test_progress_dict(p):
    assert metrics._progress_dict(p) == (None if p is None else {"batchId": 1})


def test_observed():
    p = {"observedMetrics": {"plain": {"rows": 3, "none": None},
                             "row": {"values": [5, None], "schema": {"fields": [{"name": "read"}, {"name": "rejected"}]}}}}
    assert metrics._observed(p, "plain", "rows") == 3
    assert metrics._observed(p, "plain", "none") == 0
    assert metrics._observed(p, "row", "read") == 5
    assert metrics._observed(p, "row", "rejected") == 0
    assert metrics._observed(p, "row", "absent") == 0
    assert metrics._observed({}, "missing", "rows") == 0


def test_ran_batch():
    assert metrics.ran_batch({"durationMs": {"addBatch": 1}})
    assert not metrics.ran_batch({"durationMs": {"latestOffset": 1}})
    assert not metrics.ran_batch({})


@pytest.mark.parametrize("ms, want", [(0, "1970-01-01T00:00:00.000Z"), (1784109601005, "2026-07-15T10:00:01.005Z")])
def test_spark_timestamp(ms, want):
    assert metrics.spark_timestamp(ms) == want
