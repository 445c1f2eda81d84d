"""iceberg: the sink kind it registers, idempotent appends and MERGEs by
the snapshot summary, a batch's commit, and the layout."""

import types

import pytest
from fakes import DataFrame, Session

import etlgen_runtime.iceberg as ice
from etlgen_runtime import commits, sinks, writes
from etlgen_runtime.events import RUN_ID

COMMITTED = "SELECT 1 FROM cat.db.t.snapshots"


def test_iceberg_props_and_committed():
    assert ice.iceberg_props("app", 3) == {"etlgen.app_id": "app", "etlgen.batch_id": "3", "etlgen.run_id": RUN_ID}
    s = Session(results={COMMITTED: [{"1": 1}]})
    assert ice.iceberg_committed(s, "cat.db.t", "it's", 3)
    assert "summary['etlgen.app_id'] = 'it\\'s' AND summary['etlgen.batch_id'] = '3'" in s.statements[0]
    assert not ice.iceberg_committed(Session(), "cat.db.t", "app", 3)


def test_iceberg_append():
    s = Session()
    assert ice.iceberg_append(DataFrame(s), 3, "cat.db.t", "app")
    assert s.writes == [{"how": "append", "where": "cat.db.t", "format": None, "mode": None,
                         "options": {"snapshot-property.etlgen.app_id": "app", "snapshot-property.etlgen.batch_id": "3",
                                     "snapshot-property.etlgen.run_id": RUN_ID}}]
    done = Session(results={COMMITTED: [{"1": 1}]})
    assert not ice.iceberg_append(DataFrame(done), 3, "cat.db.t", "app")
    assert done.writes == [] and done.actions[-1][0] == "count"


def test_iceberg_merge():
    s = Session()
    assert ice.iceberg_merge(DataFrame(s), 3, "cat.db.t", ["id", "k"], "app")
    merge = s.statements[-1]
    assert merge.startswith("MERGE INTO cat.db.t AS t USING etlgen_batch_") and "ON t.id <=> s.id AND t.k <=> s.k" in merge
    assert s.views == {} and not [k for k in s.conf.values if k.startswith(ice.ICEBERG_SESSION_PREFIX)]
    done = Session(results={COMMITTED: [{"1": 1}]})
    assert not ice.iceberg_merge(DataFrame(done), 3, "cat.db.t", ["id"], "app", stateful=True)
    assert done.actions[-1][0] == "count"
    assert not ice.iceberg_merge(DataFrame(done), 3, "cat.db.t", ["id"], "app")


def test_iceberg_layout():
    s = Session(results={
        "DESCRIBE TABLE": [{"col_name": "id"}, {"col_name": ""}, {"col_name": "# Partition Information"},
                           {"col_name": "# col_name"}, {"col_name": "day"}, {"col_name": None}, {"col_name": "other"}],
        "SHOW TBLPROPERTIES": [{"key": "format-version", "value": "2"}]})
    assert ice.iceberg_layout(s, "t") == {"partitionColumns": ["day"], "properties": {"format-version": "2"}}


SNAPSHOTS = "SELECT snapshot_id, summary FROM"


def test_iceberg_commit_of():
    summary = {"etlgen.app_id": "app", "etlgen.batch_id": "3", "etlgen.run_id": RUN_ID, "added-records": "4"}
    s = Session(results={SNAPSHOTS: [{"snapshot_id": 11, "summary": summary}]})
    assert ice.iceberg_commit_of(s, "cat.ns.t", "app", 3) == (11, 4, RUN_ID)
    assert "cat.ns.t.snapshots" in s.statements[-1] and "'app'" in s.statements[-1] and "'3'" in s.statements[-1]
    assert ice.iceberg_commit_of(Session(), "cat.ns.t", "app", 3) is None
    assert ice.iceberg_commit_of(Session(results={SNAPSHOTS: RuntimeError("[TABLE_OR_VIEW_NOT_FOUND]")}), "t", "app", 1) is None
    with pytest.raises(RuntimeError):
        ice.iceberg_commit_of(Session(results={SNAPSHOTS: RuntimeError("Connection refused")}), "t", "app", 1)


def test_registers_the_iceberg_kind():
    """Imported, the module registers the iceberg sink kind, and the core
    dispatches to it: its writes, its layout, its commits."""
    assert sinks.sink_handler("iceberg") is ice.KIND
    assert (ice.KIND.append, ice.KIND.merge, ice.KIND.layout, ice.KIND.commit_of) == (
        ice.iceberg_append, ice.iceberg_merge, ice.iceberg_layout, ice.iceberg_commit_of)
    s = Session()
    assert writes.append(DataFrame(s), 7, "cat.t", "app", table_format="iceberg")
    assert s.writes[0]["how"] == "append" and s.writes[0]["where"] == "cat.t"
    s = Session()
    writes.merge(DataFrame(s), 4, "cat.t", ["id"], "app", table_format="iceberg")
    assert "snapshots" in s.statements[0] and s.statements[-1].startswith("MERGE INTO cat.t")
    s = Session(results={"SHOW TBLPROPERTIES": [{"key": "k", "value": "v"}]})
    writes.ensure_table(s, None, "CREATE TABLE x", "x", {"format": "iceberg", "properties": {"k": "v"}})
    assert s.statements[1:] == ["DESCRIBE TABLE x", "SHOW TBLPROPERTIES x"]
    summary = {"etlgen.app_id": "app", "etlgen.batch_id": "3", "etlgen.run_id": RUN_ID, "added-records": "4"}
    s = Session(results={SNAPSHOTS: [{"snapshot_id": 11, "summary": summary}]})
    q = types.SimpleNamespace(resume=None, table_formats={"cat.ns.t": "iceberg"})
    assert commits._written(s, q, "cat.ns.t", "app", 3) == (11, 4, True)
