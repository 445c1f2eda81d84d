package gen

import (
	"maps"
	"slices"
)

// rulesDiff compares the cross-field rules of the published and current
// schema objects (their sql quality entries, by name): a new rule may
// reject what producers write (tighter), a dropped one lets through what
// consumers relied on (looser), a changed expression may do both.
func (d *differ) rulesDiff(old, cur []ODCSObject) {
	o, n := objectRules(old), objectRules(cur)
	for _, name := range slices.Sorted(maps.Keys(n)) {
		q := n[name]
		path := customString(q.CustomProperties, "fieldPath")
		expr := customString(q.CustomProperties, "expression")
		switch was, ok := o[name]; {
		case !ok:
			d.change(path, ConstraintTightened, false, true, "rule %s added: %s", name, expr)
		case customString(was.CustomProperties, "expression") != expr:
			d.change(path, ConstraintChanged, true, true, "rule %s: %s → %s", name,
				customString(was.CustomProperties, "expression"), expr)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(o)) {
		if _, kept := n[name]; kept {
			continue
		}
		q := o[name]
		d.change(customString(q.CustomProperties, "fieldPath"), ConstraintLoosened, true, false,
			"rule %s removed: %s", name, customString(q.CustomProperties, "expression"))
	}
}

// objectRules are the named sql quality entries of the first schema object:
// the contract's cross-field rules (odcs_rules.go).
func objectRules(objs []ODCSObject) map[string]ODCSQuality {
	out := map[string]ODCSQuality{}
	if len(objs) == 0 {
		return out
	}
	for _, q := range objs[0].Quality {
		if q.Type == "sql" && q.Name != "" {
			out[q.Name] = q
		}
	}
	return out
}
