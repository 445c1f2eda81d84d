package gen

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// effect is the direction of a change in what a contract accepts.
type effect int

const (
	same      effect = iota
	tighter          // accepts less than before
	looser           // accepts more than before
	different        // accepts other values
)

// String names the effect in type-change details.
func (e effect) String() string {
	return [...]string{"same", "narrowing", "widening", "incompatible"}[e]
}

var decimalType = regexp.MustCompile(`^DECIMAL\((\d+),(\d+)\)$`)

// integerDigits is how many integer digits the integer types hold.
var integerDigits = map[string]int{"INT": 10, "BIGINT": 19}

// widening classifies a change of scalar physical type: looser when every old
// value fits the new type, tighter when the reverse holds.
func widening(old, cur string) effect {
	switch {
	case fits(old, cur):
		return looser
	case fits(cur, old):
		return tighter
	}
	return different
}

// fits reports whether every value of type a is a value of type b.
func fits(a, b string) bool {
	if a == "INT" && b == "BIGINT" {
		return true
	}
	pb, sb, okb := decimalOf(b)
	if !okb {
		return false
	}
	if digits, ok := integerDigits[a]; ok {
		return pb-sb >= digits
	}
	pa, sa, oka := decimalOf(a)
	return oka && sb >= sa && pb-sb >= pa-sa
}

// decimalOf parses DECIMAL(p,s).
func decimalOf(t string) (p, s int, ok bool) {
	m := decimalType.FindStringSubmatch(t)
	if m == nil {
		return 0, 0, false
	}
	p, _ = strconv.Atoi(m[1])
	s, _ = strconv.Atoi(m[2])
	return p, s, true
}

// options compares logicalTypeOptions: bounds, lengths, sizes, format and
// pattern.
func (d *differ) options(path string, o, n *ODCSOptions) {
	if o == nil {
		o = &ODCSOptions{}
	}
	if n == nil {
		n = &ODCSOptions{}
	}
	d.bound(path, "lower bound", lower(o.Minimum, o.ExclusiveMinimum), lower(n.Minimum, n.ExclusiveMinimum), false)
	d.bound(path, "upper bound", lower(o.Maximum, o.ExclusiveMaximum), lower(n.Maximum, n.ExclusiveMaximum), true)
	d.size(path, "minLength", o.MinLength, n.MinLength, false)
	d.size(path, "maxLength", o.MaxLength, n.MaxLength, true)
	d.size(path, "minItems", o.MinItems, n.MinItems, false)
	d.size(path, "maxItems", o.MaxItems, n.MaxItems, true)
	d.text(path, "format", o.Format, n.Format)
	d.text(path, "pattern", o.Pattern, n.Pattern)
	d.text(path, "multipleOf", scalarText(o.MultipleOf), scalarText(n.MultipleOf))
}

// limit is one side of a range: a value, exclusive or not; nil means none.
type limit struct {
	v    decimal.Decimal
	excl bool
	text string
}

// lower builds a limit from the inclusive and exclusive options (the
// exclusive one wins when both are set).
func lower(incl, excl *Scalar) *limit {
	for _, s := range []*Scalar{excl, incl} {
		if s == nil {
			continue
		}
		v, err := decimal.NewFromString(s.Value)
		if err != nil {
			continue
		}
		op := "≥ "
		if s == excl {
			op = "> "
		}
		return &limit{v: v, excl: s == excl, text: op + s.Value}
	}
	return nil
}

// bound compares one side of a numeric range; upper mirrors the comparison.
func (d *differ) bound(path, what string, o, n *limit, upper bool) {
	var e effect
	switch {
	case o == nil && n == nil:
		return
	case o == nil:
		e = tighter
	case n == nil:
		e = looser
	default:
		e = compareLimits(o, n, upper)
	}
	if e != same {
		d.effect(path, e, "%s %s → %s", what, limitText(o, upper), limitText(n, upper))
	}
}

// compareLimits says whether limit n accepts less (tighter) or more than o.
func compareLimits(o, n *limit, upper bool) effect {
	c := n.v.Cmp(o.v)
	if upper {
		c = -c
	}
	switch {
	case c > 0:
		return tighter
	case c < 0:
		return looser
	case n.excl && !o.excl:
		return tighter
	case o.excl && !n.excl:
		return looser
	}
	return same
}

// limitText renders a limit; upper limits use < and ≤.
func limitText(l *limit, upper bool) string {
	if l == nil {
		return "none"
	}
	if upper {
		return strings.NewReplacer("≥", "≤", ">", "<").Replace(l.text)
	}
	return l.text
}

// size compares a length or size limit; max mirrors the comparison.
func (d *differ) size(path, what string, o, n *int, max bool) {
	var e effect
	switch {
	case o == nil && n == nil:
		return
	case o == nil:
		e = tighter
	case n == nil:
		e = looser
	case *o == *n:
		return
	case (*n > *o) != max:
		e = tighter
	default:
		e = looser
	}
	d.effect(path, e, "%s %s → %s", what, intText(o), intText(n))
}

// text compares a textual option: added is tighter, removed looser, changed
// different.
func (d *differ) text(path, what, o, n string) {
	if o == n {
		return
	}
	e := different
	switch {
	case o == "":
		e = tighter
	case n == "":
		e = looser
	}
	d.effect(path, e, "%s %s → %s", what, orNone(o), orNone(n))
}

// quality compares the quality rules: allowed values, non-empty rules and the
// text rules of constraints ODCS has no structure for.
func (d *differ) quality(path string, o, n []ODCSQuality) {
	ov, oHas := validValues(o)
	nv, nHas := validValues(n)
	d.set(path, "allowed values", ov, nv, oHas, nHas)
	d.ruleSet(path, ruleNames(o), ruleNames(n))
}

// set compares sets of allowed values: fewer is tighter, more is looser.
func (d *differ) set(path, what string, o, n []string, oHas, nHas bool) {
	var e effect
	switch {
	case !oHas && !nHas:
		return
	case !oHas:
		e = tighter
	case !nHas:
		e = looser
	case subset(o, n) && subset(n, o):
		return
	case subset(n, o):
		e = tighter
	case subset(o, n):
		e = looser
	default:
		e = different
	}
	d.effect(path, e, "%s [%s] → [%s]", what, strings.Join(o, " "), strings.Join(n, " "))
}

// ruleSet compares the other rules by name: an added rule is tighter, a
// removed one looser.
func (d *differ) ruleSet(path string, o, n []string) {
	for _, r := range n {
		if !slices.Contains(o, r) {
			d.effect(path, tighter, "rule %s added", r)
		}
	}
	for _, r := range o {
		if !slices.Contains(n, r) {
			d.effect(path, looser, "rule %s removed", r)
		}
	}
}

// validValues returns the values of the invalidValues rule, if any.
func validValues(qs []ODCSQuality) ([]string, bool) {
	for _, q := range qs {
		if q.Metric == "invalidValues" && q.Arguments != nil {
			return q.Arguments.ValidValues, true
		}
	}
	return nil, false
}

// ruleNames names every rule but the allowed-values one.
func ruleNames(qs []ODCSQuality) []string {
	var out []string
	for _, q := range qs {
		switch {
		case q.Metric == "invalidValues":
		case q.Metric != "":
			out = append(out, q.Metric)
		default:
			out = append(out, q.Description)
		}
	}
	return out
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}

// intText renders an optional int.
func intText(p *int) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

// scalarText renders an optional scalar.
func scalarText(s *Scalar) string {
	if s == nil {
		return ""
	}
	return s.Value
}
