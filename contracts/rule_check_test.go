package contracts

import "testing"

// TestCheckRuleTypes pins the types the checker gives (Spark's result
// types) and the refusals, by code.
func TestCheckRuleTypes(t *testing.T) {
	dec := func(p, s int) Type { return Type{Kind: KindDecimal, Precision: p, Scale: s} }
	fields := []Field{
		{Name: "i", Type: Type{Kind: KindInt32}}, {Name: "l", Type: Type{Kind: KindInt64}},
		{Name: "f", Type: Type{Kind: KindFloat64}}, {Name: "d", Type: dec(18, 2)}, {Name: "w", Type: dec(38, 10)},
		{Name: "s", Type: Type{Kind: KindString}}, {Name: "ts", Type: Type{Kind: KindTimestamp}},
		{Name: "dt", Type: Type{Kind: KindDate}}, {Name: "b", Type: Type{Kind: KindBool}},
		{Name: "st", Type: Type{Kind: KindStruct, Fields: []Field{{Name: "x", Type: Type{Kind: KindInt64}}}}},
	}
	tests := []struct {
		expr, want string // want: the left operand's type of the top comparison, or an error code
	}{
		{"i + l > 0", "int64"},
		{"i / l > 0", "float64"},
		{"d + 0.5 > 0", "decimal(19,2)"}, // max(16,0)+max(2,1)+1
		{"d * 2 > 0", "decimal(20,2)"},   // 18+1+1, 2+0
		{"d + l > 0", "decimal(23,2)"},   // l as decimal(20,0): max(16,20)+2+1
		{"coalesce(d, 0) > 0", "decimal(18,2)"},
		{"f * 1e308 > 0", "float64"},
		{"l + 1.5 > 0", "decimal(22,1)"}, // l as decimal(20,0), 1.5 as decimal(2,1)
		{"-l < 0", "int64"},
		{"st.x > 1", "int64"},
		{"w >= d", "decimal(38,10)"},
		{"w + d > 0", CodeRuleEngines},
		{"d / 2 > 0", CodeRuleEngines},
		{"d > f", CodeRuleEngines},
		{"d > 1e3", CodeRuleEngines},
		{"l > 123456789012345678901234567890123456789", CodeRuleEngines},
		{"s > 1", CodeRuleIncomparable},
		{"ts > dt", CodeRuleIncomparable},
		{"b < true", CodeRuleIncomparable},
		{"s + 1 > 0", CodeRuleType},
		{"i + 1", CodeRuleType},
		{"st > 1", CodeRuleType},
		{"not i", CodeRuleType},
		{"coalesce(i) > 0", CodeRuleType},
		{"st.y > 1", CodeRuleUnknownField},
		{"i > ", CodeRuleSyntax},
		{"'open > 1", CodeRuleSyntax},
		{"1 < i < 3", CodeRuleSyntax},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			n, errs := checkRule(fields, tc.expr)
			got := ""
			switch {
			case len(errs) > 0:
				got = errs[0].code
			case len(n.Args) > 0:
				got = typeName(n.Args[0].Type)
			}
			if got != tc.want {
				t.Errorf("checkRule(%q) = %s (%v), want %s", tc.expr, got, errs, tc.want)
			}
		})
	}
}

func TestLexStringEscapes(t *testing.T) {
	for src, want := range map[string]string{
		`'it\'s'`: "it's", `'it''s'`: "it's", `'a\\b'`: `a\b`, `'a\b'`: `a\b`, `'😀'`: "😀",
	} {
		toks, err := lexRule(src)
		if err != nil || len(toks) != 2 || toks[0].kind != tokString || toks[0].text != want {
			t.Errorf("lexRule(%s) = %v, %v; want the string %q", src, toks, err, want)
		}
	}
}
