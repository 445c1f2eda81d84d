"""replay: the ledger entries a replay program appends, exactly once."""

import base64
import json

from fakes import DataFrame, Session

import etlgen_runtime.replay as r


class CreatingSession(Session):
    """A Session whose createDataFrame records the rows and schema."""

    def createDataFrame(self, rows, schema):
        self.created = (list(rows), schema)
        return DataFrame(self, ["id", "raw"], [{"id": i, "raw": raw} for i, raw in rows])


def entries_file(tmp_path, version, entries):
    path = tmp_path / "entries.json"
    doc = {"version": version, "entries": [{"id": i, "raw": base64.b64encode(raw).decode()} for i, raw in entries]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_ledger_entries(tmp_path):
    path = entries_file(tmp_path, 3, [("a", b"{}"), ("b", b"\xff")])
    assert r.ledger_entries(path) == (3, [("a", b"{}"), ("b", b"\xff")])


def test_append_ledger(tmp_path, monkeypatch):
    cases = [
        # (version, entries, appended, reads the ledger)
        (0, [("a", b"{}")], 1, False),
        (2, [("a", b"{}"), ("b", b"[]")], 2, True),
        (0, [], 0, False),
    ]
    for version, entries, want, reads in cases:
        s = CreatingSession()
        monkeypatch.setenv(r.REPLAY_ENTRIES_ENV, entries_file(tmp_path, version, entries))
        assert r.append_ledger(s, "s3a://b/cp/_replay/q/ledger", "app") == want
        if not entries:
            assert s.writes == []
            continue
        assert s.created == (entries, r.LEDGER_SCHEMA)
        w = s.writes[0]
        assert w["how"] == "save" and w["where"] == "s3a://b/cp/_replay/q/ledger"
        assert w["options"]["txnAppId"] == "app" and w["options"]["txnVersion"] == str(version)
        assert (s.reads != []) == reads


def test_append_ledger_without_entries(monkeypatch):
    monkeypatch.delenv(r.REPLAY_ENTRIES_ENV, raising=False)
    s = CreatingSession()
    assert r.append_ledger(s, "/l", "app") == 0 and s.writes == []
