"""tables: a Delta table's location and layout from its catalog entry."""

import pytest
from fakes import Session, described

import etlgen_runtime.tables as tb

LOCATION = "s3a://warehouse/db.db/t"


@pytest.mark.parametrize("rows, want", [
    (described(), (LOCATION, [])),
    (described(["day"]), (LOCATION, ["day"])),
    (described(["day", "id"]), (LOCATION, ["day", "id"])),
    (described(location=None), None),  # not a layout this parser knows
    ([], None),
])
def test_describe_extended(rows, want):
    assert tb.describe_extended(rows) == want


def test_table_location():
    s = Session(results={"DESCRIBE TABLE EXTENDED t": described(["day"])})
    assert tb.table_location(s, "t") == LOCATION
    assert s.statements == ["DESCRIBE TABLE EXTENDED t"]  # no DESCRIBE DETAIL
    s = Session(results={"DESCRIBE TABLE EXTENDED t": described(location=None),
                         "DESCRIBE DETAIL t": [{"location": "s3a://w/other"}]})
    assert tb.table_location(s, "t") == "s3a://w/other"
    assert tb.table_location(Session(results={"DESCRIBE TABLE EXTENDED t": RuntimeError("[TABLE_OR_VIEW_NOT_FOUND]")}), "t") is None
    with pytest.raises(RuntimeError):
        tb.table_location(Session(results={"DESCRIBE TABLE EXTENDED t": RuntimeError("Connection refused")}), "t")


def test_table_layout():
    props = [{"key": "delta.appendOnly", "value": "true"}, {"key": "delta.feature.appendOnly", "value": "supported"},
             {"key": "delta.feature.changeDataFeed", "value": "supported"}, {"key": "delta.minReaderVersion", "value": "1"},
             {"key": "delta.minWriterVersion", "value": "7"}, {"key": "x", "value": "a,b=c"}]
    s = Session(results={"DESCRIBE TABLE EXTENDED t": described(["day"]), "SHOW TBLPROPERTIES t": props})
    assert tb.table_layout(s, "t") == {"partitionColumns": ["day"], "properties": {"delta.appendOnly": "true", "x": "a,b=c"},
                                       "tableFeatures": ["appendOnly", "changeDataFeed"]}
    s = Session(results={"DESCRIBE TABLE EXTENDED t": described(location=None)})
    assert tb.table_layout(s, "t") is None and s.statements == ["DESCRIBE TABLE EXTENDED t"]
