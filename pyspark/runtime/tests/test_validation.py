"""validation: the verdict columns, static tables, and their quarantine."""

from fakes import DataFrame, Session

import etlgen_runtime.validation as v

CHECK = {"stage_levels": [["a AS s1"], ["s1 + 1 AS s2"]], "valid": "s2 > 0", "reason_code": "rc", "reason": "r",
         "field_path": "fp"}


def test_validate_stages_then_the_verdict_behind_a_barrier():
    df = v.validate(DataFrame(), CHECK)
    assert df.ops == [
        ("selectExpr", "*", "a AS s1"), ("selectExpr", "*", "s1 + 1 AS s2"),
        ("selectExpr", "*", "inline(array(named_struct('_etl_valid', s2 > 0)))"),
        ("selectExpr", "*", "(rc) AS _etl_reason_code", "(r) AS _etl_reason", "(fp) AS _etl_field_path"),
    ]


def test_validate_observes_read_and_rejected():
    df = v.validate(DataFrame(), CHECK, observe="obs")
    assert df.ops[3][:2] == ("observe", "obs")
    assert any("alias(read)" in a for a in df.ops[3]) and any("alias(rejected)" in a for a in df.ops[3])


def test_rejected_sets_the_observed_time_above_an_observation():
    rejection = ["reason AS reason_code", v.OBSERVED_AT, "_etl_offset AS source_offset"]
    df = v.rejected(DataFrame(), rejection, observe="obs")
    assert df.ops == [
        ("selectExpr", "reason AS reason_code", "CAST(NULL AS TIMESTAMP) AS observed_at", "_etl_offset AS source_offset"),
        ("observe", "obs_rejected", "count(lit(1)).alias(rows)"),
        ("withColumn", "observed_at", "current_timestamp()"),
    ]


def test_rejected_projects_in_one_select_without_observation_or_observed_time():
    rejection = ["reason AS reason_code", v.OBSERVED_AT]
    assert v.rejected(DataFrame(), rejection).ops == [("selectExpr", *rejection)]
    assert v.rejected(DataFrame(), rejection[:1], observe="obs").ops == [("selectExpr", "reason AS reason_code")]


def test_static_valid_fails_on_a_rejected_row():
    df = v.static_valid(DataFrame(), CHECK, ["id"], "cust'omers", "c/v1")
    kind, cond = df.ops[-2]
    assert kind == "filter" and cond.startswith("CASE WHEN _etl_valid THEN true ELSE raise_error(concat('[ETLGEN_INVALID_STATIC_ROW]'")
    assert "'cust\\'omers'" in cond and "'c/v1'" in cond
    assert df.ops[-1] == ("selectExpr", "id")


def test_quarantine_static_inserts_only_new_keys():
    s = Session()
    v.quarantine_static(DataFrame(s), "db.q", ["id", "day"])
    stmt = s.statements[0]
    assert stmt.startswith("MERGE INTO db.q AS t USING etlgen_static_")
    assert "t.`id` <=> s.`id` AND t.`day` <=> s.`day` WHEN NOT MATCHED THEN INSERT *" in stmt
    assert s.views == {}


RULES = [
    ("", "payload JSON", "'MALFORMED_JSON'", "'not JSON'", "''", "j IS NOT NULL"),
    ("a", "min=1", "'OUT_OF_RANGE'", "'must be >= 1'", "'a'", "coalesce(a >= 1, false)"),
]


def test_rule_check_evaluates_each_rule_once_into_its_number():
    check = v.rule_check([["x AS j"]], RULES)
    assert check["stage_levels"][0] == ["x AS j"]
    assert check["stage_levels"][1] == [
        "CASE\n  WHEN NOT (j IS NOT NULL) THEN 1\n  WHEN NOT (coalesce(a >= 1, false)) THEN 2\n  ELSE 0\nEND AS `_etl_rule`"]
    assert check["valid"] == "`_etl_rule` = 0"
    assert check["reason_code"] == "CASE `_etl_rule`\n  WHEN 1 THEN 'MALFORMED_JSON'\n  WHEN 2 THEN 'OUT_OF_RANGE'\nEND"
    assert check["reason"] == "CASE `_etl_rule`\n  WHEN 1 THEN 'not JSON'\n  WHEN 2 THEN 'must be >= 1'\nEND"
    assert check["field_path"] == "CASE `_etl_rule`\n  WHEN 1 THEN ''\n  WHEN 2 THEN 'a'\nEND"


def test_rule_check_puts_barriers_after_the_parse_and_before_the_rules():
    levels = [["a AS t"], ["try_parse_json(t) AS `_etl_json`"], ["x AS j"], ["j AS k"]]
    assert v.rule_check(levels, RULES)["barriers"] == [1, 3]
    assert v.rule_check([["x AS j"]], RULES)["barriers"] == [0]
    assert v.rule_check([], RULES)["barriers"] == []


def test_validate_cuts_the_stages_with_observations():
    check = dict(CHECK, barriers=[0, 1])
    ops = v.validate(DataFrame(), check, observe="obs").ops
    assert ops[:4] == [
        ("selectExpr", "*", "a AS s1"), ("observe", "obs_etl_stage0", "count(lit(1)).alias(rows)"),
        ("selectExpr", "*", "s1 + 1 AS s2"), ("observe", "obs_etl_stage1", "count(lit(1)).alias(rows)"),
    ]
    assert ops[5][:2] == ("observe", "obs")
    unnamed = [op[1] for op in v.validate(DataFrame(), check).ops if op[0] == "observe"]
    assert len(unnamed) == 2 and all(n.startswith("etlgen_etl_stage") for n in unnamed)
    assert unnamed != [op[1] for op in v.validate(DataFrame(), check).ops if op[0] == "observe"]


def test_rule_check_keeps_the_callers_stages():
    levels = [["x AS j"]]
    v.rule_check(levels, RULES)
    assert levels == [["x AS j"]]
