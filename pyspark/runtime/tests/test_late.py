"""late: re-reading the rows Spark dropped behind the watermark."""

import pytest
from fakes import DataFrame, Session

import etlgen_runtime.late as late


def test_late_range():
    s = Session(files={"/cp/offsets/1": 'v1\n{"batchWatermarkMs":4000}\n{"t":{"0":10}}',
                       "/cp/offsets/2": 'v1\n{"batchWatermarkMs":5000}\n{"t":{"0":15}}',
                       "/cp/offsets/3": 'v1\n{"batchWatermarkMs":5000}\n{"t":{"0":15}}',
                       "/cp/offsets/0": 'v1\n{"batchWatermarkMs":0}\n{"t":{"0":5}}'})
    assert late.late_range(s, "/cp", 2) == (4000, {"t": {"0": 10}}, {"t": {"0": 15}})
    assert late.late_range(s, "/cp", 3) is None  # nothing new read
    assert late.late_range(s, "/cp", 1) is None  # no watermark yet
    assert late.late_range(s, "/cp", 0) is None


def test_kafka_batch_drops_the_stream_options():
    s = Session()
    late.kafka_batch(s, {"subscribe": "t", "startingOffsets": "earliest", "maxOffsetsPerTrigger": "5"}, {"t": {"0": 1}},
                     {"t": {"0": 2}})
    assert s.reads == [{"format": "kafka", "options": {"subscribe": "t", "startingOffsets": '{"t": {"0": 1}}',
                                                       "endingOffsets": '{"t": {"0": 2}}'}, "paths": None}]


def test_file_batch_drops_the_file_selection_options():
    s = Session()
    late.file_batch(s, "json", {"multiLine": "true", "maxFilesPerTrigger": "1", "latestFirst": "true"}, ["/a"])
    assert s.reads == [{"format": "json", "options": {"multiLine": "true"}, "paths": ["/a"]}]


LOG = [("0", "v1"), ("0", '{"path":"file:///in/a%20b.json","timestamp":1,"batchId":0}'),
       ("1", "v1"), ("1", '{"path":"file:///in/c.json","timestamp":1,"batchId":1}'), ("1", ""),
       ("2.compact", "v1"), ("2.compact", '{"path":"file:///in/c.json","timestamp":1,"batchId":1}'),
       ("2.compact", '{"path":"file:///in/d.json","timestamp":1,"batchId":2}')]


def test_source_log_paths():
    assert late.source_log_paths(LOG, -1, 2) == ["file:///in/a b.json", "file:///in/c.json", "file:///in/d.json"]
    assert late.source_log_paths(LOG, 1, 2) == ["file:///in/d.json"]
    with pytest.raises(ValueError, match="no entries for batches \\[3\\]"):
        late.source_log_paths(LOG, 1, 3)
    with pytest.raises(ValueError, match="unsupported version"):
        late.source_log_paths([("0", "v2")], -1, 0)


def test_source_log_files():
    s = Session(files={"/cp/sources/0": DataFrame(rows=[{"name": n, "value": v} for n, v in LOG])})
    assert late.source_log_files(s, "/cp", 0, 1) == ["file:///in/c.json"]


def test_log_offset():
    assert late.log_offset(None) == -1
    assert late.log_offset({"logOffset": 4}) == 4


def test_behind_watermark():
    df = late.behind_watermark(DataFrame(), "end_us", 5)
    assert df.ops == [("selectExpr", "*", "end_us AS _etl_late_end"),
                      ("observe", late.LATE_BARRIER, "count(lit(1)).alias(rows)"),
                      ("filter", "_etl_late_end <= 5000"), ("drop", "_etl_late_end"),
                      ("selectExpr", "*", "timestamp_millis(5) AS watermark_at_arrival")]


def test_late_candidates():
    """Only a row whose lenient window end is after the watermark is left out; an unknown one is kept."""
    df = late.late_candidates(DataFrame(), "end_us", 5)
    assert df.ops == [("filter", "coalesce(end_us <= 5000, true)"),
                      ("observe", late.LATE_CANDIDATES, "count(lit(1)).alias(rows)")]


@pytest.mark.parametrize("kind, want", [
    ("session", "(unix_micros(ts) + 30)"),
    ("tumbling", "(CAST(floor(unix_micros(ts) / 20) AS BIGINT) * 20 + 10)"),
    ("sliding", "(CAST(floor(unix_micros(ts) / 20) AS BIGINT) * 20 + 10)"),
    (None, "unix_micros(ts)"),
])
def test_late_max_end(kind, want):
    assert late.late_max_end("ts", kind, 10, 20, 30) == want
