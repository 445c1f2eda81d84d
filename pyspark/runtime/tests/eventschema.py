"""The event lines' schema as Go declares it, and the check of a line
against it (the emit fixture's and test_events'): a module of its own, not
conftest, so that another directory's conftest (a plugin's runtime tests)
cannot shadow it."""

import json
import os

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
