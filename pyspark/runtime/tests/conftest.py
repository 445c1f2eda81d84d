"""pytest setup of the runtime's unit tests: the fakes stand in for pyspark
(tests/fakes.py), and the package is imported from pyspark/runtime."""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

import fakes  # noqa: E402

fakes.install()

# The event lines' schema as Go declares it (pyspark/events/events.go; written by
# go test ./pyspark -run TestEventSchemaFile -update): by kind, the fields.
with open(os.path.join(os.path.dirname(__file__), "event_schema.json")) as f:
    EVENT_SCHEMA = json.load(f)


def check_line(line):
    """Fail unless the line's kind and every field in it, nested ones
    included, are declared in the Go schema."""
    fields = EVENT_SCHEMA.get(line.get("event"))
    assert fields is not None, "event kind %r is not declared in pyspark/events/events.go" % line.get("event")
    _check_fields(line, "", fields, line["event"])


def _check_fields(obj, prefix, fields, kind):
    for k, v in obj.items():
        name = prefix + k
        assert name in fields, "field %s of %s lines is not declared in pyspark/events/events.go" % (name, kind)
        if isinstance(v, dict) and any(f.startswith(name + ".") for f in fields):
            _check_fields(v, name + ".", fields, kind)
        if isinstance(v, list) and any(f.startswith(name + "[].") for f in fields):
            for x in v:
                _check_fields(x, name + "[].", fields, kind)


@pytest.fixture
def lines(monkeypatch):
    """The event lines emitted, as dicts, instead of printed (every module
    that emits)."""
    import etlgen_runtime

    out = []

    def emit(event, **fields):
        line = dict(fields, event=event, run_id=etlgen_runtime.RUN_ID)
        check_line(line)
        out.append(line)

    for name in ("events", "connect", "queries", "progress", "stop", "lifecycle"):
        mod = getattr(etlgen_runtime, name)
        if hasattr(mod, "emit"):
            monkeypatch.setattr(mod, "emit", emit)
    return out


@pytest.fixture
def session():
    """A fresh fake Spark session."""
    return fakes.Session()
