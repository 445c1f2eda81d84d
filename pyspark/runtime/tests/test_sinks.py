"""sinks: the registry of the sink kinds plugins' runtime modules add."""

import pytest

import etlgen_runtime.sinks as sinks


def test_register_and_dispatch(fake_kind):
    assert sinks.sink_handler("lake") is fake_kind
    assert fake_kind.kind == "lake" and fake_kind.append(None, 3, "t", "app") is True
    assert fake_kind.calls == [("append", 3, "t", "app")]
    assert sinks.sink_handler(None) is None  # a Delta table: the core writes it


def test_register_again_replaces(fake_kind):
    again = sinks.register("lake", append=None, merge=None, layout=None, commit_of=None)
    assert sinks.sink_handler("lake") is again and again is not fake_kind


def test_unregistered_kind(fake_kind):
    with pytest.raises(LookupError) as e:
        sinks.sink_handler("warehouse")
    assert "'warehouse' is not registered (registered: lake)" in str(e.value)
    assert "import etlgen_runtime.<module>" in str(e.value)
