"""iceberg: idempotent appends and MERGEs by the snapshot summary, and the layout."""

from fakes import DataFrame, Session

import etlgen_runtime.iceberg as ice
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
