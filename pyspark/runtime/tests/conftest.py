"""pytest setup of the runtime's unit tests: the fakes stand in for pyspark
(tests/fakes.py), and the package is imported from pyspark/runtime."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

import fakes  # noqa: E402

fakes.install()


@pytest.fixture
def lines(monkeypatch):
    """The event lines emitted, as dicts, instead of printed (every module
    that emits)."""
    import etlgen_runtime

    out = []

    def emit(event, **fields):
        out.append(dict(fields, event=event))

    for name in ("events", "connect", "queries", "progress", "stop", "lifecycle"):
        mod = getattr(etlgen_runtime, name)
        if hasattr(mod, "emit"):
            monkeypatch.setattr(mod, "emit", emit)
    return out


@pytest.fixture
def session():
    """A fresh fake Spark session."""
    return fakes.Session()
