"""The package's layout: a test module per runtime module, and every name
the package exports defined in one of them."""

import os
import pkgutil

import etlgen_runtime

HERE = os.path.dirname(__file__)


def test_every_module_has_its_tests():
    for m in pkgutil.iter_modules(etlgen_runtime.__path__):
        assert os.path.exists(os.path.join(HERE, "test_%s.py" % m.name)), "no tests/test_%s.py" % m.name


def test_exports_resolve():
    for name in etlgen_runtime.__all__:
        assert getattr(etlgen_runtime, name) is not None, name
