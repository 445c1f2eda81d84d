"""pytest setup of the iceberg plugin's runtime module: the runtime's fakes
stand in for pyspark (pyspark/runtime/tests/fakes.py), and the module is
loaded as etlgen_runtime.iceberg, where a generated program's directory
has it (the Go package embeds it and the generator writes it there)."""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUNTIME = os.path.join(HERE, "..", "..", "..", "pyspark", "runtime")
sys.path.insert(0, os.path.join(RUNTIME, "tests"))
sys.path.insert(0, RUNTIME)

import fakes  # noqa: E402

if "pyspark" not in sys.modules:  # not installed yet by the runtime's own conftest
    fakes.install()

import etlgen_runtime  # noqa: E402

_spec = importlib.util.spec_from_file_location("etlgen_runtime.iceberg", os.path.join(HERE, "iceberg.py"))
_module = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _module
_spec.loader.exec_module(_module)
etlgen_runtime.iceberg = _module
