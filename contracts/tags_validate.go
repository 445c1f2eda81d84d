package contracts

import (
	"slices"
	"strings"
)

// validator's escapes for the bytes that are part of its own syntax.
var validateUnescaper = strings.NewReplacer("0x2C", ",", "0x7C", "|")

// parseValidateTag reads a validate tag into constraints, in tag order.
// omitempty is accepted and dropped: optionality comes from pointers. Every
// problem is reported; the constraints that could be read are returned.
func parseValidateTag(tag string) ([]Constraint, tagProblems) {
	var ps tagProblems
	items, err := parseItems(tag, tagSyntax)
	if slices.ContainsFunc(items, isAlternative) || err != nil && strings.Contains(tag, "|") {
		ps.add(CodeTagSyntax, "write one constraint per comma; alternatives (a|b) are not supported",
			"validate tag %q uses '|' (or)", tag)
		return nil, ps
	}
	if err != nil {
		ps.add(CodeTagSyntax, `write validate:"tag,tag=value,..." as for go-playground/validator`,
			"bad validate tag %q: %v", tag, err)
	}
	var out []Constraint
	for _, it := range items {
		if c, ok := validateConstraint(it, &ps); ok {
			out = append(out, c)
		}
	}
	return out, ps
}

// isAlternative reports an item with validator's '|' (or); a pattern=
// value may hold '|' as a regular expression's alternation.
func isAlternative(it tagItem) bool {
	return it.Key != string(ConstraintPattern) && strings.Contains(it.String(), "|")
}

// validateConstraint checks the shape of one validate item.
func validateConstraint(it tagItem, ps *tagProblems) (Constraint, bool) {
	spec, ok := ConstraintKind(it.Key).Spec()
	if !ok {
		ps.add(CodeUnsupportedValidate, "supported: "+supportedValidateTags(),
			"unsupported validate tag %q", it.Key)
		return Constraint{}, false
	}
	if it.HasArgs {
		ps.add(CodeTagSyntax, "write "+it.Key+"=value", "validate tag %q takes no parentheses", it.Key)
		return Constraint{}, false
	}
	c := Constraint{Kind: spec.Kind}
	switch spec.Arg {
	case ConstraintArgNone:
		if it.HasValue {
			ps.add(CodeBadArgument, "remove the '=...'", "validate tag %q takes no argument", it.Key)
			return c, false
		}
	case ConstraintArgOne:
		v := validateUnescaper.Replace(it.Value)
		if v == "" {
			ps.add(CodeBadArgument, "write "+it.Key+"=value", "validate tag %q needs an argument", it.Key)
			return c, false
		}
		c.Args = []string{v}
	case ConstraintArgList:
		c.Args = splitOneOf(validateUnescaper.Replace(it.Value))
		if len(c.Args) == 0 {
			ps.add(CodeBadArgument, "write oneof=a b c", "validate tag %q needs at least one value", it.Key)
			return c, false
		}
	}
	return c, c.Kind != ConstraintOmitEmpty
}

// splitOneOf splits oneof values the way validator/v10 does: on spaces, with
// 'single quoted' values that may contain spaces.
func splitOneOf(s string) []string {
	var out []string
	for s = strings.TrimLeft(s, " "); s != ""; s = strings.TrimLeft(s, " ") {
		if s[0] == '\'' {
			if end := strings.IndexByte(s[1:], '\''); end >= 0 {
				out = append(out, s[1:1+end])
				s = s[2+end:]
				continue
			}
		}
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// supportedValidateTags lists the vocabulary for the unsupported-tag hint.
func supportedValidateTags() string {
	kinds := ConstraintKinds()
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}
