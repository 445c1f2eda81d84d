package contracts

import (
	"strconv"
	"strings"
)

// contractTag is what a `contract:"..."` struct tag says about a field.
type contractTag struct {
	PK             int  // explicit pk=N, 0 for a bare pk
	HasPK          bool // pk or pk=N present
	Unique         bool
	EventTime      bool
	PII            bool
	DecimalGiven   bool // decimal(...) present, valid or not
	HasDecimal     bool // decimal(p,s) present and valid
	Precision      int
	Scale          int
	Classification string
	Examples       []string
}

// Classifications are the accepted values of the classification key.
var Classifications = []string{"public", "internal", "confidential", "restricted", "sensitive"}

// contractKeys reads one contract tag key each; repeatable keys may appear
// more than once.
var contractKeys = map[string]struct {
	repeatable bool
	apply      func(it tagItem, t *contractTag, ps *tagProblems)
}{
	"pk":             {apply: applyPK},
	"unique":         {apply: flagKey(func(t *contractTag) { t.Unique = true })},
	"eventtime":      {apply: flagKey(func(t *contractTag) { t.EventTime = true })},
	"pii":            {apply: flagKey(func(t *contractTag) { t.PII = true })},
	"decimal":        {apply: applyDecimal},
	"classification": {apply: applyClassification},
	"example":        {apply: applyExample, repeatable: true},
}

// parseContractTag reads a contract tag. Every problem is reported; what could
// be read is returned.
func parseContractTag(tag string) (contractTag, tagProblems) {
	var t contractTag
	var ps tagProblems
	items, err := parseItems(tag, tagSyntax)
	if err != nil {
		ps.add(CodeTagSyntax, `write contract:"pk,decimal(18,2),classification=internal,example=..."`,
			"bad contract tag %q: %v", tag, err)
		// A decimal(...) the syntax error hid is not also a missing one.
		t.DecimalGiven = strings.Contains(tag, "decimal")
	}
	seen := map[string]bool{}
	for _, it := range items {
		k, ok := contractKeys[it.Key]
		if !ok {
			ps.add(CodeUnknownContractKey, "known keys: "+contractKeyList(),
				"unknown contract tag key %q", it.Key)
			continue
		}
		if seen[it.Key] && !k.repeatable {
			ps.add(CodeTagSyntax, "write the key once", "contract tag key %q given twice", it.Key)
			continue
		}
		seen[it.Key] = true
		k.apply(it, &t, &ps)
	}
	return t, ps
}

func contractKeyList() string {
	return "pk, pk=N, unique, eventtime, pii, decimal(p,s), classification=" +
		strings.Join(Classifications, "|") + ", example=VALUE"
}

// flagKey applies a key that takes neither a value nor arguments.
func flagKey(set func(*contractTag)) func(tagItem, *contractTag, *tagProblems) {
	return func(it tagItem, t *contractTag, ps *tagProblems) {
		if it.HasArgs || it.HasValue {
			ps.add(CodeBadArgument, "write just "+it.Key, "contract tag key %q takes no argument", it.Key)
			return
		}
		set(t)
	}
}

func applyPK(it tagItem, t *contractTag, ps *tagProblems) {
	if it.HasArgs {
		ps.add(CodeBadArgument, "write pk or pk=N", "contract tag key pk takes no parentheses")
		return
	}
	t.HasPK = true
	if !it.HasValue {
		return
	}
	n, err := strconv.Atoi(it.Value)
	if err != nil || n < 1 {
		ps.add(CodeBadArgument, "write pk=N with N = 1, 2, ... the position in the key",
			"primary key position %q is not a positive integer", it.Value)
		t.HasPK = false
		return
	}
	t.PK = n
}

func applyDecimal(it tagItem, t *contractTag, ps *tagProblems) {
	const hint = "write decimal(p,s) with 1 ≤ p ≤ 38 and 0 ≤ s ≤ p, e.g. decimal(18,2)"
	t.DecimalGiven = true
	if !it.HasArgs || it.HasValue || len(it.Args) != 2 {
		ps.add(CodeDecimalInvalid, hint, "decimal needs exactly (precision,scale), got %q", it.String())
		return
	}
	p, perr := strconv.Atoi(it.Args[0])
	s, serr := strconv.Atoi(it.Args[1])
	if perr != nil || serr != nil || p < 1 || p > 38 || s < 0 || s > p {
		ps.add(CodeDecimalInvalid, hint, "invalid decimal precision and scale %q", it.String())
		return
	}
	t.HasDecimal, t.Precision, t.Scale = true, p, s
}

func applyClassification(it tagItem, t *contractTag, ps *tagProblems) {
	for _, c := range Classifications {
		if it.Value == c && !it.HasArgs {
			t.Classification = c
			return
		}
	}
	ps.add(CodeBadClassification, "use one of "+strings.Join(Classifications, ", "),
		"unknown classification %q", it.Value)
}

func applyExample(it tagItem, t *contractTag, ps *tagProblems) {
	if it.HasArgs || !it.HasValue || it.Value == "" {
		ps.add(CodeBadArgument, "write example=VALUE (no commas in VALUE)", "contract tag example needs a value")
		return
	}
	t.Examples = append(t.Examples, it.Value)
}
