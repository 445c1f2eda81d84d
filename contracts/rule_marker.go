package contracts

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// ruleNameRE is a rule name: snake_case.
var ruleNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// isRuleMarker reports whether line is a +etl:rule marker.
func isRuleMarker(line string) bool {
	rest, ok := strings.CutPrefix(line, RuleMarker)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// sourceRules reads the +etl:rule lines of contract c and type-checks each
// expression against its fields; problems are diagnostics at the marker,
// expression problems at their column.
func sourceRules(c *Contract, lines []SourceLine, diags *diag.List) []Rule {
	var out []Rule
	seen := map[string]bool{}
	for _, l := range lines {
		r, ok := sourceRule(c, l, diags)
		if !ok {
			continue
		}
		if seen[r.Name] {
			diags.Add(keyError(CodeRuleMarker, l.Pos, c.Name, "give each rule its own name",
				"rule %s is declared twice", r.Name))
			continue
		}
		seen[r.Name] = true
		out = append(out, r)
	}
	return out
}

func sourceRule(c *Contract, l SourceLine, diags *diag.List) (Rule, bool) {
	r, exprAt, ps := parseRuleMarker(l.Text)
	ps.place(diags, l.Pos, c.Name)
	if len(ps) > 0 {
		return Rule{}, false
	}
	at := func(off int) diag.Position {
		if exprAt < 0 {
			return l.Pos
		}
		return l.at(exprAt + off)
	}
	r.Pos = at(0)
	n, errs := checkRule(c.Fields, r.Expr)
	if r.Field == "" && n != nil {
		r.Field = firstFieldPath(n)
	}
	for _, e := range errs {
		ruleProblem(c, r, at(e.off), e, diags)
	}
	if fe := fieldPathProblem(c.Fields, r.Field); r.Field != "" && fe != nil {
		ruleProblem(c, r, l.Pos, fe, diags)
		return r, false
	}
	return r, len(errs) == 0
}

func ruleProblem(c *Contract, r Rule, pos diag.Position, e *ruleError, diags *diag.List) {
	diags.Add(diag.Diagnostic{Code: e.code, Severity: diag.Error, Pos: pos,
		Path: c.Name + "." + r.Name, Message: "rule " + r.Name + ": " + e.msg, Hint: e.hint})
}

// parseRuleMarker reads `+etl:rule name=... [field=...] [description=...]
// "expression"`: the expression is the text between the first double
// quote that starts an item and the last one of the line, as written (no
// escapes: its strings use single quotes). exprAt is the byte offset in
// line of the expression's first byte.
func parseRuleMarker(line string) (r Rule, exprAt int, ps tagProblems) {
	const hint = `write +etl:rule name=snake_name [field=column] "a >= b"`
	rest := strings.TrimPrefix(line, RuleMarker)
	q := exprStart(rest)
	if q < 0 {
		ps.add(CodeRuleMarker, hint, "rule marker needs its expression in double quotes")
		return r, -1, ps
	}
	body := strings.TrimRight(rest[q+1:], " \t")
	end := strings.LastIndexByte(body, '"')
	switch {
	case !strings.HasSuffix(body, `"`) && end >= 0:
		ps.add(CodeRuleMarker, hint, "nothing may follow the rule's expression, found %q", strings.TrimSpace(body[end+1:]))
	case end < 0:
		ps.add(CodeRuleMarker, hint, "rule expression is not closed with a double quote")
	case strings.TrimSpace(body[:end]) == "":
		ps.add(CodeRuleMarker, hint, "rule expression is empty")
	default:
		r.Expr = body[:end]
	}
	ruleKeys(rest[:q], &r, &ps)
	exprAt = len(RuleMarker) + q + 1
	return r, exprAt, ps
}

// exprStart is the offset of the first double quote that starts an item
// (a quoted key value follows its '='), -1 when there is none.
func exprStart(s string) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return i
		case s[i] == '"':
			q, err := strconv.QuotedPrefix(s[i:])
			if err != nil {
				return -1
			}
			i += len(q) - 1
		}
	}
	return -1
}

func ruleKeys(s string, r *Rule, ps *tagProblems) {
	items, err := parseItems(s, markerSyntax)
	if err != nil {
		ps.add(CodeRuleMarker, "write key=value pairs before the expression", "bad rule marker: %v", err)
	}
	seen := map[string]bool{}
	for _, it := range items {
		switch {
		case it.Key != "name" && it.Key != "field" && it.Key != "description":
			ps.add(CodeRuleMarker, "rule marker keys: name, field, description", "unknown rule marker key %q", it.Key)
		case it.HasArgs || !it.HasValue || seen[it.Key]:
			ps.add(CodeRuleMarker, "write "+it.Key+"=value once", "rule marker key %q needs one value", it.Key)
		case it.Key == "name":
			r.Name = it.Value
		case it.Key == "field":
			r.Field = it.Value
		default:
			r.Description = it.Value
		}
		seen[it.Key] = true
	}
	if !ruleNameRE.MatchString(r.Name) {
		ps.add(CodeRuleMarker, "write name=snake_case_name, e.g. name=end_after_start",
			"rule name %q is missing or not snake_case", r.Name)
	}
}

// firstFieldPath is the dotted path of the leftmost field in the tree.
func firstFieldPath(n *RuleNode) string {
	if n.Op == RuleField {
		return strings.Join(n.Path, ".")
	}
	for _, a := range n.Args {
		if p := firstFieldPath(a); p != "" {
			return p
		}
	}
	return ""
}

// fieldPathProblem checks the field= path of a rule.
func fieldPathProblem(fields []Field, path string) *ruleError {
	n := &RuleNode{Op: RuleField, Path: strings.Split(path, ".")}
	ty := &ruleTyper{fields: fields}
	for i, name := range n.Path {
		f := findField(fields, name)
		if f == nil {
			ty.unknownField(n, fields, i)
			e := ty.errs[0]
			e.msg = "field=" + path + ": " + e.msg
			return e
		}
		fields = f.Type.Fields
	}
	return nil
}
