package gen

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// differ compares the published and current ODCS forms of one contract.
type differ struct {
	report   *DriftReport
	contract string
	pos      map[string]diag.Position // current field positions by path
	file     string                   // the published file
	reject   bool                     // the current contract rejects unknown fields
	// acknowledged: the major version was raised, so breaking changes are intended.
	acknowledged bool
}

// change records one change at a field path.
func (d *differ) change(path string, kind ChangeKind, consumers, producers bool, format string, args ...any) {
	pos, ok := d.pos[path]
	if !ok || !pos.IsValid() {
		pos = diag.Position{File: d.file}
	}
	d.report.add(Change{Contract: d.contract, Field: path, Kind: kind, Detail: fmt.Sprintf(format, args...),
		BreaksConsumers: consumers, BreaksProducers: producers, Acknowledged: d.acknowledged, Pos: pos})
}

// effect records a constraint change by its direction.
func (d *differ) effect(path string, e effect, format string, args ...any) {
	switch e {
	case tighter:
		d.change(path, ConstraintTightened, false, true, format, args...)
	case looser:
		d.change(path, ConstraintLoosened, true, false, format, args...)
	case different:
		d.change(path, ConstraintChanged, true, true, format, args...)
	}
}

// contractDiff compares two documents of the same contract.
func (d *differ) contractDiff(old, cur ODCSDoc, pos diag.Position) {
	d.pos[""] = pos
	oldPolicy, curPolicy := customString(old.CustomProperties, "unknownFields"), customString(cur.CustomProperties, "unknownFields")
	d.reject = curPolicy == "reject"
	if oldPolicy != curPolicy {
		e := looser
		if curPolicy == "reject" {
			e = tighter
		}
		// Unknown members are never passed on, so consumers see no difference.
		d.change("", constraintKind(e), false, e == tighter, "unknownFields %s → %s", orNone(oldPolicy), orNone(curPolicy))
	}
	oldProps, curProps := objectProps(old), objectProps(cur)
	if o, n := keyOf(oldProps), keyOf(curProps); o != n {
		d.change("", PrimaryKeyChanged, true, true, "primary key (%s) → (%s)", o, n)
	}
	if o, n := eventTimeOf(oldProps), eventTimeOf(curProps); o != n {
		d.change("", EventTimeChanged, true, true, "event-time field %s → %s", orNone(o), orNone(n))
	}
	d.props("", oldProps, curProps)
	d.rulesDiff(old.Schema, cur.Schema)
}

// constraintKind maps a tighter/looser effect to its kind.
func constraintKind(e effect) ChangeKind {
	if e == tighter {
		return ConstraintTightened
	}
	return ConstraintLoosened
}

// objectProps returns the properties of a document's first schema object.
func objectProps(doc ODCSDoc) []ODCSProperty {
	if len(doc.Schema) == 0 {
		return nil
	}
	return doc.Schema[0].Properties
}

// keyOf renders the primary-key columns in key order.
func keyOf(ps []ODCSProperty) string {
	var keys []string
	for pos := 1; ; pos++ {
		found := false
		for _, p := range ps {
			if p.PrimaryKey && p.PrimaryKeyPosition == pos {
				keys, found = append(keys, p.Name), true
			}
		}
		if !found {
			return strings.Join(keys, ", ")
		}
	}
}

// eventTimeOf returns the name of the event-time property.
func eventTimeOf(ps []ODCSProperty) string {
	for _, p := range ps {
		if customBool(p.CustomProperties, "eventTime") {
			return p.Name
		}
	}
	return ""
}

// props compares two property lists: removed, added, renamed and common.
func (d *differ) props(prefix string, old, cur []ODCSProperty) {
	oldAt, curAt := indexByName(old), indexByName(cur)
	renamed := map[string]string{} // old name → new name
	for i, o := range old {
		if _, ok := curAt[o.Name]; ok || i >= len(cur) {
			continue
		}
		n := cur[i]
		if _, existed := oldAt[n.Name]; !existed && sameType(o, n) {
			renamed[o.Name] = n.Name
			d.change(prefix+n.Name, FieldRenamed, true, true, "field %s renamed to %s (same type and position)", prefix+o.Name, prefix+n.Name)
		}
	}
	for _, o := range old {
		if _, ok := curAt[o.Name]; !ok && renamed[o.Name] == "" {
			d.change(prefix+o.Name, FieldRemoved, true, d.reject, "field %s (%s) removed", prefix+o.Name, o.PhysicalType)
		}
	}
	newNames := map[string]bool{}
	for _, n := range renamed {
		newNames[n] = true
	}
	for _, n := range cur {
		if _, ok := oldAt[n.Name]; ok {
			d.prop(prefix+n.Name, old[oldAt[n.Name]], n)
		} else if !newNames[n.Name] {
			d.added(prefix+n.Name, n)
		}
	}
}

// added records a new field: existing producers do not send it, so a
// required one breaks them.
func (d *differ) added(path string, n ODCSProperty) {
	req := "optional"
	if n.Required {
		req = "required"
	}
	d.change(path, FieldAdded, false, n.Required, "%s field %s (%s) added", req, path, n.PhysicalType)
}

// indexByName maps property names to their index.
func indexByName(ps []ODCSProperty) map[string]int {
	out := make(map[string]int, len(ps))
	for i, p := range ps {
		out[p.Name] = i
	}
	return out
}

// sameType reports whether two properties have the same type.
func sameType(a, b ODCSProperty) bool {
	return a.LogicalType == b.LogicalType && a.PhysicalType == b.PhysicalType
}

// prop compares one field present on both sides.
func (d *differ) prop(path string, o, n ODCSProperty) {
	if !d.typ(path, o, n) {
		return
	}
	if o.Required != n.Required {
		d.effect(path, direction(n.Required), "required %t → %t", o.Required, n.Required)
	}
	if o.Unique != n.Unique {
		d.effect(path, direction(n.Unique), "unique %t → %t", o.Unique, n.Unique)
	}
	d.options(path, o.LogicalTypeOptions, n.LogicalTypeOptions)
	d.quality(path, o.Quality, n.Quality)
}

// direction is tighter when a flag was switched on, looser when off.
func direction(on bool) effect {
	if on {
		return tighter
	}
	return looser
}

// typ compares types and recurses into structs and arrays; it returns false
// when the types differ so much that constraints are not comparable.
func (d *differ) typ(path string, o, n ODCSProperty) bool {
	if o.LogicalType != n.LogicalType {
		d.change(path, TypeChanged, true, true, "type %s → %s", o.PhysicalType, n.PhysicalType)
		return false
	}
	switch o.LogicalType {
	case "object":
		d.props(path+".", o.Properties, n.Properties)
		return true
	case "array":
		if o.Items != nil && n.Items != nil {
			d.items(path+"[]", *o.Items, *n.Items)
		}
		return true
	}
	if o.PhysicalType != n.PhysicalType {
		e := widening(o.PhysicalType, n.PhysicalType)
		d.change(path, TypeChanged, e != tighter, e != looser, "type %s → %s (%s)", o.PhysicalType, n.PhysicalType, e)
		return false
	}
	return true
}

// items compares the element types of two arrays.
func (d *differ) items(path string, o, n ODCSProperty) {
	if !d.typ(path, o, n) {
		return
	}
	d.options(path, o.LogicalTypeOptions, n.LogicalTypeOptions)
}

// customString returns a custom property's value as a string.
func customString(cs []ODCSCustom, name string) string {
	for _, c := range cs {
		if c.Property == name {
			return fmt.Sprint(c.Value)
		}
	}
	return ""
}

// customBool returns a custom property's value as a bool.
func customBool(cs []ODCSCustom, name string) bool { return customString(cs, name) == "true" }

// orNone renders "" as "none".
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
