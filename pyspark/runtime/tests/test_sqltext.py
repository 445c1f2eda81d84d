"""sqltext: Spark SQL string literals."""

import pytest

from etlgen_runtime.sqltext import sql_string


@pytest.mark.parametrize("s, want", [("a", "'a'"), ("it's", "'it\\'s'"), ("a\\b", "'a\\\\b'"), ("", "''")])
def test_sql_string(s, want):
    assert sql_string(s) == want
