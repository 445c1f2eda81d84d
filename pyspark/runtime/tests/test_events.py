"""events: one strict JSON line per event on stdout, secrets redacted."""

import io
import json
import os

from eventschema import check_line

import etlgen_runtime.environment as env
import etlgen_runtime.events as events


def test_emit(capsys, monkeypatch):
    monkeypatch.setattr(env, "_REDACT", {"hunter22"})
    events.emit("warning", message="password hunter22")
    events.emit("batch", query="q", input_rows_per_second=float("nan"), processed_rows_per_second=float("inf"),
                gates=[{"name": "g", "value": float("-inf")}])
    got = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    for line in got:
        check_line(line)
    assert got == [{"event": "warning", "run_id": events.RUN_ID, "message": "password <redacted>"},
                   {"event": "batch", "run_id": events.RUN_ID, "query": "q", "input_rows_per_second": None,
                    "processed_rows_per_second": None, "gates": [{"name": "g", "value": None}]}]


class Broken(io.StringIO):
    def write(self, s):
        raise BrokenPipeError()

    def fileno(self):
        return self.fd


def test_emit_drops_lines_once_the_reader_is_gone(monkeypatch, tmp_path):
    out = Broken()
    out.fd = os.open(tmp_path / "stdout", os.O_WRONLY | os.O_CREAT)
    monkeypatch.setattr("sys.stdout", out)
    events.emit("idle")  # no exception: stdout now points at /dev/null
    os.close(out.fd)


def test_drop_stdout_without_a_file(monkeypatch):
    monkeypatch.setattr("sys.stdout", io.StringIO())  # fileno() raises: left alone
    events._drop_stdout()
