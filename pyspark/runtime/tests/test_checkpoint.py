"""checkpoint: its logs, query id, batch offsets and the resume point."""

import pytest
from fakes import DataFrame, Session

import etlgen_runtime.checkpoint as cp

OFFSETS_3 = 'v1\n{"batchWatermarkMs":5000,"batchTimestampMs":1}\n{"t":{"0":15}}\n'
OFFSETS_2 = 'v1\n{"batchWatermarkMs":4000}\n{"t":{"0":10}}\n'
COMMIT_3 = 'v1\n{"nextBatchWatermarkMs":6000}\n'


def log(*names):
    return DataFrame(rows=[{"f": n} for n in names])


def spark(**files):
    return Session(files={k.replace("__", "/"): v for k, v in files.items()})


def test_read_offsets_and_commit():
    s = Session(files={"/cp/offsets/3": OFFSETS_3, "/cp/commits/3": COMMIT_3, "/cp/commits/4": "v1\n",
                       "/cp/offsets/5": 'v1\n{}\n-\n{"logOffset":2}\n'})
    assert cp.read_offsets(s, "/cp", 3) == ({"batchWatermarkMs": 5000, "batchTimestampMs": 1}, [{"t": {"0": 15}}])
    assert cp.read_offsets(s, "/cp", 5) == ({}, [None, {"logOffset": 2}])
    assert cp.read_commit(s, "/cp", 3) == {"nextBatchWatermarkMs": 6000}
    assert cp.read_commit(s, "/cp", 4) == {}


def test_parse_offsets_of_named_sources():
    v2 = 'v2\n{"batchWatermarkMs":1}\norders:{"t":{"0":4}}\nfiles:-\n'
    assert cp.parse_offsets(v2) == ({"batchWatermarkMs": 1}, [{"t": {"0": 4}}, None])
    s = Session(files={"/cp/offsets/0": v2, "/cp/sources/orders/0": '\x00v1\n{"t":{"0":1}}'})
    assert cp.batch_range(s, "/cp", 0, kafka=True, source="orders") == ({"t": {"0": 1}}, {"t": {"0": 4}})


def test_batch_range():
    s = Session(files={"/cp/offsets/3": OFFSETS_3, "/cp/offsets/2": OFFSETS_2, "/cp/offsets/0": OFFSETS_2,
                       "/cp/sources/0/0": '\x00v1\n{"t":{"0":0}}'})
    assert cp.batch_range(s, "/cp", 3, kafka=True) == ({"t": {"0": 10}}, {"t": {"0": 15}})
    assert cp.batch_range(s, "/cp", 0, kafka=True) == ({"t": {"0": 0}}, {"t": {"0": 10}})
    assert cp.batch_range(s, "/cp", 0, kafka=False) == (None, {"t": {"0": 10}})
    assert cp.kafka_initial_offsets(s, "/cp") == {"t": {"0": 0}}


@pytest.mark.parametrize("text", ['{"id":"a/b"}', '{"id":""}', "", None, '{"id":".."}', '{"id":3}'])
def test_parse_query_id_refuses(text):
    with pytest.raises(ValueError):
        cp.parse_query_id(text)


def test_query_id_is_cached(monkeypatch):
    monkeypatch.setattr(cp, "_QUERY_IDS", {})
    s = Session(files={"/cp/metadata": '{"id":"q-1"}\n'})
    assert cp.query_id(s, "/cp/") == "q-1"
    s.files.clear()
    assert cp.query_id(s, "/cp/") == "q-1"


def test_checkpoint_log_and_metadata():
    s = Session(files={"/cp/offsets": log("0", "1", "7", ".0.crc", None), "/cp/metadata": '{"id":"x"}'})
    assert cp.checkpoint_log(s, "/cp", "offsets") == 7
    assert cp.checkpoint_log(s, "/cp", "commits") is None
    assert cp.checkpoint_has_metadata(s, "/cp")
    assert cp.checkpoint_log(Session(files={"/cp/commits": log()}), "/cp", "commits") is None
    assert not cp.checkpoint_has_metadata(Session(), "/cp")


def test_a_lost_server_is_not_a_fresh_checkpoint():
    s = Session()
    s.missing = RuntimeError("StatusCode.UNAVAILABLE")
    with pytest.raises(RuntimeError):
        cp.checkpoint_log(s, "/cp", "offsets")
    with pytest.raises(RuntimeError):
        cp.checkpoint_has_metadata(s, "/cp")


def test_resume_point():
    s = Session(files={"/cp/offsets": log("3", "4"), "/cp/commits": log("3"), "/cp/metadata": '{"id":"x"}',
                       "/cp/offsets/3": OFFSETS_3, "/cp/commits/3": COMMIT_3},
                results={"DESCRIBE HISTORY db.t": [{"version": 9}]})
    r = cp.resume_point(s, "/cp", ["db.t"])
    assert (r.last_offset, r.last_commit, r.versions, r.offsets) == (4, 3, {"db.t": 9}, [{"t": {"0": 15}}])
    assert (r.watermark_ms, r.batch_watermark_ms, r.recovered, r.replay, r.next_batch) == (6000, 5000, True, 4, 4)
    assert r.line() == {"last_commit": 3, "offsets": [{"t": {"0": 15}}], "watermark_ms": 6000}


def test_resume_point_without_logs_and_with_unreadable_commit():
    fresh = cp.resume_point(Session(), "/cp", [])
    assert (fresh.recovered, fresh.replay, fresh.next_batch, fresh.line()) == (False, None, 0, {"last_commit": None, "offsets": [],
                                                                                                  "watermark_ms": None})
    s = Session(files={"/cp/offsets": log("3"), "/cp/commits": log("3"), "/cp/metadata": "{}"})
    r = cp.resume_point(s, "/cp", [])
    assert (r.offsets, r.replay, r.next_batch) == (None, None, 4)


def test_resume_point_refuses_offsets_without_metadata():
    s = Session(files={"/cp/offsets": log("2")})
    with pytest.raises(RuntimeError) as e:
        cp.resume_point(s, "/cp", [])
    assert str(e.value).startswith("[ETLGEN_CHECKPOINT_METADATA_MISSING] checkpoint /cp logs batches up to 2")
