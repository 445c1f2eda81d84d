package sparksql

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// balanced checks that expr lexes: string literals and quoted identifiers
// close, and parentheses balance outside them.
func balanced(expr string) bool {
	depth := 0
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case '\'':
			n := lexStringLiteral(expr[i:])
			if n < 0 {
				return false
			}
			i += n - 1
		case '`':
			n, _ := lexQuotedIdent(expr[i:])
			if n < 0 {
				return false
			}
			i += n - 1
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

func allExprs(p *Plan) []string {
	out := slices.Clone(p.StageExprs())
	for _, c := range p.Checks {
		out = append(out, c.SQL, c.CodeSQL, c.PathSQL, c.Reason)
	}
	out = append(out, p.VerdictStage().Expr(), p.ValidExpr(), p.ReasonCodeExpr(), p.ReasonExpr(), p.FieldPathExpr())
	return append(out, p.ProjectionExprs()...)
}

func compile(t *testing.T, c *contracts.Contract, opts Options) *Plan {
	t.Helper()
	p, err := Compile(c, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExpressionsLex(t *testing.T) {
	for _, c := range []*contracts.Contract{orderEvent(), kitchenSink()} {
		for _, e := range allExprs(compile(t, c, Options{})) {
			if !balanced(e) {
				t.Errorf("%s: expression does not lex or balance:\n%s", c.ID, e)
			}
		}
	}
}

// neverNull matches the two shapes Compile gives every check: coalesce(p,
// false), or NOT guard OR coalesce(p, false) with a guard made of presence
// stages (_etl_pN), each a presence test, which is never NULL.
var (
	coalesced     = regexp.MustCompile(`(?s)^coalesce\(.*, false\)$`)
	guardedRe     = regexp.MustCompile(`(?s)^\(NOT (.*) OR coalesce\(.*, false\)\)$`)
	presence      = regexp.MustCompile("^\\(`[^`]+` IS NOT NULL AND NOT is_variant_null\\(`[^`]+`\\)\\)$")
	presenceStage = regexp.MustCompile("`_etl_p[0-9_]+`")
)

func TestChecksAreNullSafe(t *testing.T) {
	for _, c := range []*contracts.Contract{orderEvent(), kitchenSink()} {
		p := compile(t, c, Options{})
		for _, st := range p.Stages {
			if presenceStage.MatchString(QuoteIdent(st.Alias)) && !presence.MatchString(st.SQL) {
				t.Errorf("%s stage %s is not a presence test: %s", c.ID, st.Alias, st.SQL)
			}
		}
		for i, ck := range p.Checks {
			if coalesced.MatchString(ck.SQL) {
				continue
			}
			m := guardedRe.FindStringSubmatch(ck.SQL)
			if m == nil {
				t.Errorf("%s check %d (%s %s) is not NULL-safe: %s", c.ID, i+1, ck.Code, ck.FieldPath, ck.SQL)
				continue
			}
			rest := strings.NewReplacer("(", "", ")", "", " AND ", "").Replace(presenceStage.ReplaceAllString(m[1], ""))
			if rest != "" {
				t.Errorf("%s check %d guard has more than presence tests: %s", c.ID, i+1, m[1])
			}
		}
	}
}

// TestVerdictWritesEachCheckOnce: the verdict stage holds every check
// once, in order, numbered by its index; the reason expressions look the
// index up and hold no check.
func TestVerdictWritesEachCheckOnce(t *testing.T) {
	for _, c := range []*contracts.Contract{orderEvent(), kitchenSink(), crossRules()} {
		p := compile(t, c, Options{UnknownFields: contracts.UnknownReject})
		verdict := p.VerdictStage().SQL
		last := -1
		for i, ck := range p.Checks {
			when := fmt.Sprintf("WHEN NOT (%s) THEN %d\n", ck.SQL, i+1)
			if n := strings.Count(verdict, when); n != 1 {
				t.Fatalf("%s: check %d (%s %s) is %d times in the verdict, want once", c.ID, i+1, ck.Code, ck.FieldPath, n)
			}
			at := strings.Index(verdict, when)
			if at <= last {
				t.Fatalf("%s: check %d is out of order in the verdict", c.ID, i+1)
			}
			last = at
			if ck.Rule == "" {
				t.Errorf("%s: check %d (%s %s) has no rule name", c.ID, i+1, ck.Code, ck.FieldPath)
			}
		}
		if !strings.HasSuffix(verdict, "ELSE 0\nEND") {
			t.Errorf("%s: the verdict does not end in ELSE 0: %s", c.ID, verdict)
		}
		for _, e := range []string{p.ValidExpr(), p.ReasonCodeExpr(), p.ReasonExpr(), p.FieldPathExpr()} {
			for i, ck := range p.Checks {
				if strings.Contains(e, ck.SQL) {
					t.Errorf("%s: check %d's predicate is in a reason expression: %s", c.ID, i+1, e)
				}
			}
		}
		code := p.ReasonCodeExpr()
		for i, ck := range p.Checks {
			if !strings.Contains(code, fmt.Sprintf("WHEN %d THEN %s\n", i+1, ck.CodeSQL)) {
				t.Errorf("%s: ReasonCodeExpr does not map %d to %s", c.ID, i+1, ck.CodeSQL)
			}
		}
	}
}

func TestOrderEventCheckOrder(t *testing.T) {
	p := compile(t, orderEvent(), Options{})
	var got []string
	for _, ck := range p.Checks {
		got = append(got, string(ck.Code)+" "+ck.FieldPath)
	}
	want := []string{
		"PAYLOAD_TOO_LARGE ", "INVALID_UTF8 ", "MALFORMED_JSON ", "NOT_AN_OBJECT ",
		"MISSING_REQUIRED event_id", "WRONG_TYPE event_id", "MISSING_REQUIRED event_id", "BAD_LENGTH event_id",
		"MISSING_REQUIRED order_id", "WRONG_TYPE order_id", "OUT_OF_RANGE order_id", "OUT_OF_RANGE order_id",
		"MISSING_REQUIRED customer_id", "WRONG_TYPE customer_id", "OUT_OF_RANGE customer_id", "OUT_OF_RANGE customer_id",
		"MISSING_REQUIRED order_total", "WRONG_TYPE order_total", "DECIMAL_OVERFLOW order_total", "OUT_OF_RANGE order_total",
		"MISSING_REQUIRED status", "WRONG_TYPE status", "BAD_ENUM status",
		"MISSING_REQUIRED event_time", "WRONG_TYPE event_time", "INVALID_TIMESTAMP event_time",
	}
	if !slices.Equal(got, want) {
		t.Errorf("checks:\n got %q\nwant %q", got, want)
	}
	cols := p.ProjectionExprs()
	if len(cols) != 6 || cols[3] != "`_etl_d4` AS `order_total`" || cols[5] != "`_etl_t6` AS `event_time`" {
		t.Errorf("projection = %q", cols)
	}
	if i := slices.IndexFunc(p.Stages, func(s Stage) bool { return s.Alias == "_etl_d4" }); i < 0 || p.Stages[i].SQL != "try_cast(`_etl_n4` AS DECIMAL(18,2))" {
		t.Errorf("order_total's typed stage is not its text cast to DECIMAL(18,2): %v", p.Stages)
	}
}

// TestEveryReasonCodeHasAGenerator reads the reason codes that
// docs/validation.md uses and checks that a plan can produce each one.
func TestEveryReasonCodeHasAGenerator(t *testing.T) {
	doc, err := os.ReadFile("../../docs/validation.md")
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for _, m := range regexp.MustCompile("`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`").FindAllStringSubmatch(string(doc), -1) {
		codes[m[1]] = true
	}
	if len(codes) < 14 {
		t.Fatalf("found only %d reason codes in docs/validation.md: %v", len(codes), codes)
	}
	var text strings.Builder
	for _, c := range []*contracts.Contract{kitchenSink(), crossRules()} {
		for _, ck := range compile(t, c, Options{}).Checks {
			text.WriteString(ck.CodeSQL + "\n")
		}
	}
	for code := range codes {
		if !strings.Contains(text.String(), "'"+code+"'") {
			t.Errorf("reason code %s of docs/validation.md has no check generator", code)
		}
	}
}

func TestOptions(t *testing.T) {
	p := compile(t, orderEvent(), Options{PayloadColumn: "value", PayloadType: PayloadString, MaxPayloadBytes: 10, UnknownFields: contracts.UnknownReject})
	if p.MaxPayloadBytes != 10 || p.UnknownFields != contracts.UnknownReject {
		t.Errorf("options not applied: %d %s", p.MaxPayloadBytes, p.UnknownFields)
	}
	if got := p.Stages[0].SQL; got != "coalesce(octet_length(`value`), 0)" {
		t.Errorf("size stage = %s", got)
	}
	if got := p.Checks[len(p.Checks)-1].Code; got != contracts.ReasonUnknownField {
		t.Errorf("last check = %s, want UNKNOWN_FIELD", got)
	}
	c := orderEvent()
	c.MaxPayloadBytes, c.UnknownFields = 99, ""
	p = compile(t, c, Options{})
	if p.MaxPayloadBytes != 99 || p.UnknownFields != contracts.UnknownAllow || p.Options.PayloadType != PayloadBinary {
		t.Errorf("defaults: %d %s %s", p.MaxPayloadBytes, p.UnknownFields, p.Options.PayloadType)
	}
	if _, err := Compile(orderEvent(), Options{PayloadType: "JSON"}); err == nil {
		t.Error("payload type JSON accepted")
	}
	if _, err := Compile(orderEvent(), Options{UnknownFields: "drop"}); err == nil {
		t.Error("policy drop accepted")
	}
}

func TestCompileErrors(t *testing.T) {
	str := contracts.Type{Kind: contracts.KindString}
	i64 := contracts.Type{Kind: contracts.KindInt64}
	tests := []struct {
		name  string
		field contracts.Field
		want  string
	}{
		{"oneof on int", contracts.Field{Name: "n", Type: i64, Constraints: []contracts.Constraint{{Kind: "oneof", Args: []string{"1"}}}}, "strings only"},
		{"len on int", contracts.Field{Name: "n", Type: i64, Constraints: []contracts.Constraint{{Kind: "len", Args: []string{"1"}}}}, "strings and arrays"},
		{"bad number", contracts.Field{Name: "n", Type: i64, Constraints: []contracts.Constraint{{Kind: "gt", Args: []string{"1); DROP"}}}}, "not a number"},
		{"bad length", contracts.Field{Name: "s", Type: str, Constraints: []contracts.Constraint{{Kind: "max", Args: []string{"-1"}}}}, "not a length"},
		{"unknown tag", contracts.Field{Name: "s", Type: str, Constraints: []contracts.Constraint{{Kind: "ipv4"}}}, "unsupported"},
		{"gt on date", contracts.Field{Name: "d", Type: contracts.Type{Kind: contracts.KindDate}, Constraints: []contracts.Constraint{{Kind: "gt", Args: []string{"1"}}}}, "does not apply"},
		{"array without elem", contracts.Field{Name: "a", Type: contracts.Type{Kind: contracts.KindArray}}, "element type"},
		{"unknown kind", contracts.Field{Name: "m", Type: contracts.Type{Kind: "map"}}, "unsupported kind"},
		{"startswith without arg", contracts.Field{Name: "s", Type: str, Constraints: []contracts.Constraint{{Kind: "startswith"}}}, "one argument"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &contracts.Contract{ID: "bad", Fields: []contracts.Field{tc.field}}
			_, err := Compile(c, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "contract bad") {
				t.Errorf("Compile error = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestStageLevels(t *testing.T) {
	p := compile(t, kitchenSink(), Options{})
	levels := p.StageLevels()
	if last := levels[len(levels)-1]; len(last) != 1 || last[0] != p.VerdictStage() {
		t.Errorf("the last level is %v, want the verdict stage alone", last)
	}
	levels = levels[:len(levels)-1]
	seen := map[string]bool{}
	n := 0
	for i, group := range levels {
		for _, s := range group {
			for _, earlier := range p.Stages {
				inGroup := slices.ContainsFunc(group, func(g Stage) bool { return g.Alias == earlier.Alias })
				if inGroup && strings.Contains(s.SQL, QuoteIdent(earlier.Alias)) {
					t.Errorf("level %d: %s reads %s of the same level", i, s.Alias, earlier.Alias)
				}
				if !seen[earlier.Alias] && !inGroup && strings.Contains(s.SQL, QuoteIdent(earlier.Alias)) {
					t.Errorf("level %d: %s reads %s of a later level", i, s.Alias, earlier.Alias)
				}
			}
		}
		for _, s := range group {
			seen[s.Alias] = true
			n++
		}
	}
	if n != len(p.Stages) {
		t.Errorf("levels hold %d stages, want %d", n, len(p.Stages))
	}
	if len(levels) >= len(p.Stages)/2 {
		t.Errorf("%d levels for %d stages: grouping does not flatten the plan", len(levels), len(p.Stages))
	}
}

// TestFieldPartsComputedOnce: the rule level and the projection read each
// field's value parts from their stages (value.go) and derive none of them
// again; the stages compute each part once.
func TestFieldPartsComputedOnce(t *testing.T) {
	derived := []string{"schema_of_variant(", "'$', 'string')", "'$', 'bigint')", "'$', 'int')", "to_json(", "is_variant_null(",
		"regexp_extract(", "AS DECIMAL(", "RLIKE"}
	for _, c := range []*contracts.Contract{orderEvent(), crossRules()} {
		p := compile(t, c, Options{})
		for _, e := range append([]string{p.VerdictStage().SQL}, p.ProjectionExprs()...) {
			for _, d := range derived {
				if strings.Contains(e, d) {
					t.Errorf("%s: %q derives a field part again (%s)", c.ID, e, d)
				}
			}
		}
		seen := map[string]string{}
		for _, s := range p.Stages {
			if prev, ok := seen[s.SQL]; ok {
				t.Errorf("%s: stages %s and %s compute the same %s", c.ID, prev, s.Alias, s.SQL)
			}
			seen[s.SQL] = s.Alias
		}
	}
}
