package sparksql

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

func codesOf(rs []rule) []contracts.ReasonCode {
	out := make([]contracts.ReasonCode, len(rs))
	for i, r := range rs {
		out[i] = r.code
	}
	return out
}

func TestTypeRules(t *testing.T) {
	str := contracts.Type{Kind: contracts.KindString}
	tests := []struct {
		name  string
		typ   contracts.Type
		codes []contracts.ReasonCode
		preds []string // substrings of each predicate, in order
	}{
		{"string", str, []contracts.ReasonCode{"WRONG_TYPE"}, []string{"schema_of_variant(v) = 'STRING'"}},
		{"bool", contracts.Type{Kind: contracts.KindBool}, []contracts.ReasonCode{"WRONG_TYPE"}, []string{"= 'BOOLEAN'"}},
		{"int32", contracts.Type{Kind: contracts.KindInt32}, []contracts.ReasonCode{"WRONG_TYPE", "OUT_OF_RANGE"},
			[]string{"= 'BIGINT' OR (schema_of_variant(v) LIKE 'DECIMAL(%,0)' AND try_variant_get(v, '$', 'bigint') IS NULL)", "try_variant_get(v, '$', 'bigint') BETWEEN -2147483648L AND 2147483647L"}},
		{"int64", contracts.Type{Kind: contracts.KindInt64}, []contracts.ReasonCode{"WRONG_TYPE", "OUT_OF_RANGE"},
			[]string{"LIKE 'DECIMAL(%,0)'", "'bigint') IS NOT NULL"}},
		{"float64", contracts.Type{Kind: contracts.KindFloat64}, []contracts.ReasonCode{"WRONG_TYPE"},
			[]string{"abs(try_cast(to_json(v) AS DOUBLE)) <= 1.7976931348623157E308D"}},
		{"decimal", contracts.Type{Kind: contracts.KindDecimal, Precision: 5, Scale: 2}, []contracts.ReasonCode{"WRONG_TYPE", "DECIMAL_OVERFLOW"},
			[]string{"LIKE 'DECIMAL(%'", "try_cast(to_json(v) AS DECIMAL(5,2)) IS NOT NULL AND (schema_of_variant(v) = 'BIGINT' OR try_cast(replace(substring_index(schema_of_variant(v), ',', -1), ')', '') AS INT) <= 2)"}},
		{"timestamp", contracts.Type{Kind: contracts.KindTimestamp}, []contracts.ReasonCode{"WRONG_TYPE", "INVALID_TIMESTAMP"},
			[]string{"= 'STRING'", "try_cast(try_variant_get(v, '$', 'string') AS TIMESTAMP)"}},
		{"date", contracts.Type{Kind: contracts.KindDate}, []contracts.ReasonCode{"WRONG_TYPE", "INVALID_DATE"},
			[]string{"= 'STRING'", "try_cast(try_variant_get(v, '$', 'string') AS DATE)"}},
		{"array", contracts.Type{Kind: contracts.KindArray, Elem: &str}, []contracts.ReasonCode{"WRONG_TYPE"}, []string{"'array<variant>') IS NOT NULL"}},
		{"struct", contracts.Type{Kind: contracts.KindStruct}, []contracts.ReasonCode{"WRONG_TYPE"}, []string{"'map<string,variant>') IS NOT NULL"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := typeRules(tc.typ, inlineValue(tc.typ, "v"))
			if err != nil {
				t.Fatal(err)
			}
			if got := codesOf(rs); !slices.Equal(got, tc.codes) {
				t.Fatalf("codes = %v, want %v", got, tc.codes)
			}
			for i, sub := range tc.preds {
				if !strings.Contains(rs[i].pred, sub) {
					t.Errorf("rule %d predicate %q lacks %q", i, rs[i].pred, sub)
				}
			}
		})
	}
}

func TestConstraintRule(t *testing.T) {
	str := contracts.Type{Kind: contracts.KindString}
	arr := contracts.Type{Kind: contracts.KindArray, Elem: &str}
	dec := contracts.Type{Kind: contracts.KindDecimal, Precision: 18, Scale: 2}
	tests := []struct {
		typ  contracts.Type
		c    contracts.Constraint
		code contracts.ReasonCode
		pred string
		skip bool
	}{
		{str, contracts.Constraint{Kind: "required"}, "MISSING_REQUIRED", "try_variant_get(v, '$', 'string') <> ''", false},
		{dec, contracts.Constraint{Kind: "required"}, "", "", true},
		{str, contracts.Constraint{Kind: "omitempty"}, "", "", true},
		{str, contracts.Constraint{Kind: "min", Args: []string{"2"}}, "BAD_LENGTH", "char_length(try_variant_get(v, '$', 'string')) >= 2", false},
		{str, contracts.Constraint{Kind: "len", Args: []string{"5"}}, "BAD_LENGTH", ") = 5", false},
		{arr, contracts.Constraint{Kind: "max", Args: []string{"3"}}, "BAD_LENGTH", "array_size(try_variant_get(v, '$', 'array<variant>')) <= 3", false},
		{contracts.Type{Kind: contracts.KindInt64}, contracts.Constraint{Kind: "gt", Args: []string{"0"}}, "OUT_OF_RANGE", "try_variant_get(v, '$', 'bigint') > (0BD)", false},
		{contracts.Type{Kind: contracts.KindInt32}, contracts.Constraint{Kind: "min", Args: []string{"-5"}}, "OUT_OF_RANGE", ">= (-5BD)", false},
		{contracts.Type{Kind: contracts.KindInt32}, contracts.Constraint{Kind: "max", Args: []string{"+5"}}, "OUT_OF_RANGE", "<= (5BD)", false},
		{dec, contracts.Constraint{Kind: "lte", Args: []string{"99.5"}}, "OUT_OF_RANGE", "try_cast(to_json(v) AS DECIMAL(18,2)) <= (99.5BD)", false},
		{contracts.Type{Kind: contracts.KindFloat64}, contracts.Constraint{Kind: "lt", Args: []string{"1e3"}}, "OUT_OF_RANGE", "try_cast(to_json(v) AS DOUBLE) < (1e3D)", false},
		{str, contracts.Constraint{Kind: "oneof", Args: []string{"a", "it's"}}, "BAD_ENUM", `IN ('a', 'it\'s')`, false},
		{str, contracts.Constraint{Kind: "uuid"}, "BAD_FORMAT", `RLIKE '^[0-9a-fA-F]{8}-`, false},
		{str, contracts.Constraint{Kind: "alpha"}, "BAD_FORMAT", `RLIKE '^[A-Za-z]+\\z'`, false},
		{str, contracts.Constraint{Kind: "lowercase"}, "BAD_FORMAT", "try_variant_get(v, '$', 'string') = lower(try_variant_get(v, '$', 'string'))", false},
		{str, contracts.Constraint{Kind: "uppercase"}, "BAD_FORMAT", "= upper(", false},
		{str, contracts.Constraint{Kind: "startswith", Args: []string{"x'y"}}, "BAD_FORMAT", `startswith(try_variant_get(v, '$', 'string'), 'x\'y')`, false},
		{str, contracts.Constraint{Kind: "endswith", Args: []string{"/"}}, "BAD_FORMAT", "endswith(", false},
		{str, contracts.Constraint{Kind: "contains", Args: []string{`\`}}, "BAD_FORMAT", `contains(try_variant_get(v, '$', 'string'), '\\')`, false},
	}
	for _, tc := range tests {
		t.Run(string(tc.typ.Kind)+"/"+string(tc.c.Kind), func(t *testing.T) {
			r, skip, err := constraintRule(tc.typ, tc.c, inlineValue(tc.typ, "v"))
			if err != nil {
				t.Fatal(err)
			}
			if skip != tc.skip {
				t.Fatalf("skip = %v, want %v", skip, tc.skip)
			}
			if skip {
				return
			}
			if r.code != tc.code || !strings.Contains(r.pred, tc.pred) {
				t.Errorf("rule = %s %q, want %s containing %q", r.code, r.pred, tc.code, tc.pred)
			}
			if !balanced(r.pred) {
				t.Errorf("predicate does not lex: %s", r.pred)
			}
		})
	}
}

func TestTemporalExprs(t *testing.T) {
	ts := timestampExpr("s")
	for _, sub := range []string{
		`RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,6})?(Z|[+-][0-9]{2}:[0-5][0-9])\\z'`,
		"try_cast(s AS TIMESTAMP) BETWEEN", "left(s, 4) <> '0000'", "<= 1080",
		"THEN try_cast(s AS TIMESTAMP) END", "TIMESTAMP '9999-12-31 23:59:59.999999Z'",
	} {
		if !strings.Contains(ts, sub) {
			t.Errorf("timestampExpr lacks %q:\n%s", sub, ts)
		}
	}
	if !balanced(ts) {
		t.Errorf("timestampExpr does not lex:\n%s", ts)
	}
	if got, want := dateExpr("s"), `CASE WHEN s RLIKE '^[0-9]{4}-[0-9]{2}-[0-9]{2}\\z' AND left(s, 4) <> '0000' THEN try_cast(s AS DATE) END`; got != want {
		t.Errorf("dateExpr = %s\nwant %s", got, want)
	}
}

func TestArrayErrExprNestsLambdas(t *testing.T) {
	f64 := contracts.Type{Kind: contracts.KindFloat64}
	flat, err := arrayErrExpr(f64, "v", "'m'", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"(el1, ix1) ->", "er1 -> er1 IS NOT NULL", "concat('m', '[', CAST(ix1 AS STRING), ']')", "'WRONG_TYPE'", "'MISSING_REQUIRED'"} {
		if !strings.Contains(flat, sub) {
			t.Errorf("arrayErrExpr lacks %q:\n%s", sub, flat)
		}
	}
	if strings.Contains(flat, "el2") {
		t.Errorf("an array of numbers uses a second lambda level:\n%s", flat)
	}
	nested, err := arrayErrExpr(contracts.Type{Kind: contracts.KindArray, Elem: &f64}, "v", "'m'", 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(nested, "(el2, ix2) ->") || !strings.Contains(nested, "concat(concat('m', '[', CAST(ix1 AS STRING), ']'), '[', CAST(ix2 AS STRING), ']')") || !balanced(nested) {
		t.Errorf("nested array error expression:\n%s", nested)
	}
}

func TestSQLType(t *testing.T) {
	str := contracts.Type{Kind: contracts.KindString}
	tests := []struct {
		typ  contracts.Type
		want string
	}{
		{str, "STRING"},
		{contracts.Type{Kind: contracts.KindBool}, "BOOLEAN"},
		{contracts.Type{Kind: contracts.KindInt32}, "INT"},
		{contracts.Type{Kind: contracts.KindInt64}, "BIGINT"},
		{contracts.Type{Kind: contracts.KindFloat64}, "DOUBLE"},
		{contracts.Type{Kind: contracts.KindDecimal, Precision: 18, Scale: 2}, "DECIMAL(18,2)"},
		{contracts.Type{Kind: contracts.KindTimestamp}, "TIMESTAMP"},
		{contracts.Type{Kind: contracts.KindDate}, "DATE"},
		{contracts.Type{Kind: contracts.KindArray, Elem: &str}, "ARRAY<STRING>"},
		{contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{
			{Name: "a`b", Type: str, Required: true}, {Name: "n", Type: contracts.Type{Kind: contracts.KindArray, Elem: &str}}}},
			"STRUCT<`a``b`: STRING NOT NULL, `n`: ARRAY<STRING>>"},
	}
	for _, tc := range tests {
		if got := SQLType(tc.typ); got != tc.want {
			t.Errorf("SQLType(%s) = %s, want %s", tc.typ.Kind, got, tc.want)
		}
	}
}

func TestSchemaJSON(t *testing.T) {
	str := contracts.Type{Kind: contracts.KindString}
	c := &contracts.Contract{Fields: []contracts.Field{
		{Name: "id", Type: contracts.Type{Kind: contracts.KindInt64}, Required: true},
		{Name: "tags", Type: contracts.Type{Kind: contracts.KindArray, Elem: &str}, Description: "the tags"},
		{Name: "s", Type: contracts.Type{Kind: contracts.KindStruct, Fields: []contracts.Field{{Name: "d", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 9, Scale: 3}}}}},
	}}
	got, err := json.Marshal(Schema(c))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"struct","fields":[` +
		`{"name":"id","type":"long","nullable":false,"metadata":{}},` +
		`{"name":"tags","type":{"type":"array","elementType":"string","containsNull":true},"nullable":true,"metadata":{"comment":"the tags"}},` +
		`{"name":"s","type":{"type":"struct","fields":[{"name":"d","type":"decimal(9,3)","nullable":true,"metadata":{}}]},"nullable":true,"metadata":{}}]}`
	if string(got) != want {
		t.Errorf("Schema JSON =\n%s\nwant\n%s", got, want)
	}
	if got, want := DDL(c), "`id` BIGINT NOT NULL, `tags` ARRAY<STRING>, `s` STRUCT<`d`: DECIMAL(9,3)>"; got != want {
		t.Errorf("DDL = %s, want %s", got, want)
	}
}
