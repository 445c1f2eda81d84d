"""writes: idempotent Delta writes, the layout check, Kafka and files."""

import json

import pytest
from fakes import DataFrame, Session, described

import etlgen_runtime.checkpoint as cp
import etlgen_runtime.writes as w
from etlgen_runtime.events import RUN_ID

TXN = "spark.databricks.delta.write.txnAppId"


def test_user_metadata():
    assert json.loads(w.user_metadata("app", 3)) == {"etlgen_app_id": "app", "batch_id": 3, "run_id": RUN_ID}


def test_merge_sets_the_txn_for_the_statement():
    s = Session(results={"MERGE INTO": [{"num_affected_rows": 1}]})
    assert w.merge(DataFrame(s), 4, "db.t", ["id"], "app")
    assert s.statements[0].startswith("MERGE INTO db.t AS t USING etlgen_batch_")
    assert TXN not in s.conf.values and s.views == {}


def test_merge_skipped_counts_a_stateful_batch():
    s = Session()
    assert not w.merge(DataFrame(s), 4, "db.t", ["id"], "app", stateful=True)
    assert s.actions[-1][0] == "count"


def test_merge_of_a_sink_kind(fake_kind):
    s = Session()
    assert w.merge(DataFrame(s), 4, "cat.t", ["id"], "app", stateful=True, table_format="lake")
    assert fake_kind.calls == [("merge", 4, "cat.t", ["id"], "app", True)] and s.statements == []


def test_merge_changes():
    s = Session()
    w.merge_changes(DataFrame(s), 2, "db.t", ["id"], ["id", "name"], ["delete", "insert", "update_postimage"], "app")
    stmt = s.statements[0]
    assert "WHEN MATCHED AND s._change_type = 'delete' THEN DELETE" in stmt
    assert "WHEN MATCHED THEN UPDATE SET t.id = s.id, t.name = s.name" in stmt
    assert "INSERT (id, name) VALUES (s.id, s.name)" in stmt
    assert TXN not in s.conf.values


def test_append():
    s = Session()
    w.append(DataFrame(s), 5, "db.t", "app", merge_schema=True)
    w.append(DataFrame(s), 6, "db.t", "app", path="s3://b/t")
    assert s.writes[0]["how"] == "saveAsTable" and s.writes[0]["options"]["mergeSchema"] == "true"
    assert s.writes[0]["options"]["txnVersion"] == "5" and s.writes[0]["mode"] == "append"
    assert s.writes[1]["how"] == "save" and s.writes[1]["where"] == "s3://b/t" and "mergeSchema" not in s.writes[1]["options"]


def test_append_of_a_sink_kind(fake_kind):
    s = Session()
    assert w.append(DataFrame(s), 7, "cat.t", "app", table_format="lake")
    assert fake_kind.calls == [("append", 7, "cat.t", "app")] and s.writes == []


def test_write_kafka(monkeypatch):
    s = Session()
    w.write_kafka(DataFrame(s), "topic", {"kafka.bootstrap.servers": "b"}, None, "to_json(struct(*))")
    assert s.writes[0]["format"] == "kafka" and s.writes[0]["options"]["topic"] == "topic"
    df = DataFrame(s)
    w.write_kafka(df, "topic", {}, "id", "v")


def test_check_layout():
    detail = {"partitionColumns": ["day"], "properties": {"delta.appendOnly": "TRUE", "x": "1"},
              "tableFeatures": ["appendOnly"]}
    w.check_layout("t", detail, {"partition_by": ["day"], "properties": {"delta.appendOnly": "true",
                                                                        "delta.feature.appendOnly": "supported"}})
    with pytest.raises(w.TableLayoutError) as e:
        w.check_layout("t", detail, {"partition_by": ["id"], "properties": {"x": "2", "y": "1", "delta.feature.cdf": "supported"}})
    msg = str(e.value)
    assert msg.startswith("[ETLGEN_TABLE_LAYOUT] table t exists with another layout than the profile's: partitioned by [day], "
                          "the profile says [id]; table feature cdf is not supported; property x is 2, the profile says 2"
                          .replace("is 2, the profile says 2", "is 1, the profile says 2"))
    assert "property y is not set (the profile says 1)" in msg


def catalog_entry(partitions, props):
    """The results of DESCRIBE TABLE EXTENDED and SHOW TBLPROPERTIES for a
    table with partition columns partitions and properties props."""
    return {"DESCRIBE TABLE EXTENDED": described(partitions),
            "SHOW TBLPROPERTIES": [{"key": k, "value": v} for k, v in props.items()]}


def test_ensure_table(fake_kind):
    s = Session(results=catalog_entry(["day"], {"delta.minWriterVersion": "2", "k": "v"}))
    w.ensure_table(s, "CREATE SCHEMA IF NOT EXISTS db", "CREATE TABLE IF NOT EXISTS db.t", "db.t",
                   {"partition_by": ["day"], "properties": {"k": "v"}})
    assert s.statements == ["CREATE SCHEMA IF NOT EXISTS db", "DESCRIBE HISTORY db.t LIMIT 1", "CREATE TABLE IF NOT EXISTS db.t",
                            "DESCRIBE TABLE EXTENDED db.t", "SHOW TBLPROPERTIES db.t"]  # no DESCRIBE DETAIL
    # a difference, or a feature the legacy protocol implies: DESCRIBE DETAIL has the last word
    detail = {"DESCRIBE DETAIL": [{"partitionColumns": ["day"], "properties": {"k": "v"}, "tableFeatures": ["appendOnly"]}]}
    s = Session(results=dict(catalog_entry(["day"], {"k": "v"}), **detail))
    w.ensure_table(s, None, "CREATE TABLE IF NOT EXISTS db.t", "db.t", {"properties": {"delta.feature.appendOnly": "supported"}})
    assert s.statements[-1] == "DESCRIBE DETAIL db.t"
    s = Session(results=dict(catalog_entry([], {"k": "v"}), **detail))
    with pytest.raises(w.TableLayoutError) as e:
        w.ensure_table(s, None, "CREATE TABLE IF NOT EXISTS db.t", "db.t", {"partition_by": ["day"], "properties": {"k": "w"}})
    assert "property k is v, the profile says w" in str(e.value) and s.statements[-1] == "DESCRIBE DETAIL db.t"
    s = Session()
    w.ensure_table(s, None, "CREATE TABLE x", "x", {"format": "lake", "properties": {"k": "v"}})
    assert s.statements == ["CREATE TABLE x"] and fake_kind.calls == [("layout", "x")]  # no Delta history
    with pytest.raises(w.TableLayoutError):
        w.ensure_table(s, None, "CREATE TABLE x", "x", {"format": "lake", "properties": {"k": "w"}})
    s = Session()
    w.ensure_table(s, None, "CREATE TABLE y")
    assert s.statements == ["CREATE TABLE y"]


def test_materialize():
    assert w.materialize(DataFrame()).ops == [("localCheckpoint", True)]


def test_batch_dir_and_write_files(monkeypatch):
    assert w.batch_dir("s3://b/out/", "qid", "3") == "s3://b/out/etlgen_query=qid/etlgen_batch=3"
    monkeypatch.setattr(cp, "_QUERY_IDS", {})
    s = Session(files={"/cp/metadata": '{"id":"q1"}'})
    w.write_files(DataFrame(s), 2, "json", "/out", "/cp")
    assert s.writes == [{"how": "save", "where": "/out/etlgen_query=q1/etlgen_batch=2", "format": "json", "mode": "overwrite",
                         "options": {}}]
