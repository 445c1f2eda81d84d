package contracts

import (
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// SourceDecl is a type declaration whose doc comment carries "+etl:" marker
// lines, as a reader of Go source (package contracts/goload) found it;
// FromSource builds its contract.
type SourceDecl struct {
	// Name is the type's name, Package its package's import path, Pos the
	// position of the name.
	Name    string
	Package string
	Pos     diag.Position
	// Description is the doc comment's text without the marker lines.
	Description string
	// Markers are the "+etl:" lines of the doc comment, at the comment
	// that holds each; Rules are its +etl:rule lines.
	Markers []SourceLine
	Rules   []SourceLine
	// Type is the declared type; nil when it could not be resolved.
	// Struct tells whether it is a non-generic struct type.
	Type   SourceType
	Struct bool
	// Explain returns the compile error behind an unresolved type at a
	// position, if known; it may be nil.
	Explain func(pos diag.Position) string
}

// SourceLine is one marker line of a doc comment: its text from the marker
// on, and its position. At, when set, gives the position of the byte at an
// offset of Text (a // comment; a line of a /* */ comment has no exact
// columns and its problems point at Pos).
type SourceLine struct {
	Text string
	Pos  diag.Position
	At   func(off int) diag.Position
}

// at is the position of byte off of the line's text.
func (l SourceLine) at(off int) diag.Position {
	if l.At == nil || off < 0 {
		return l.Pos
	}
	return l.At(off)
}

// IsRuleMarker reports whether a trimmed doc comment line is a +etl:rule
// marker line.
func IsRuleMarker(line string) bool { return isRuleMarker(line) }

// FromSource builds the contract a declaration states, with the same
// parser and checks as FromType plus what only the source knows: the
// marker's data, the rules, descriptions and positions. ok is false when
// the declaration carries no +etl:contract marker or is not a struct type;
// the diagnostics list every problem either way.
func FromSource(d SourceDecl) (c Contract, ok bool, diags diag.List) {
	line, ok := contractMarker(d.Name, d.Markers, &diags)
	if !ok {
		return Contract{}, false, diags
	}
	m, ps := parseMarker(line.Text)
	ps.place(&diags, line.Pos, d.Name)
	if d.Type == nil {
		return Contract{}, false, diags
	}
	if !d.Struct {
		diags.Add(keyError(CodeMarkerNotStruct, d.Pos, d.Name, "put +etl:contract on a non-generic struct type",
			"contract type %s is not a struct type", d.Name))
		return Contract{}, false, diags
	}
	c = Contract{ID: m.ID, Version: m.Version, Name: d.Name, Package: d.Package,
		Description: d.Description, Owner: m.Owner, Domain: m.Domain, Status: m.Status,
		UnknownFields: m.UnknownFields, MaxPayloadBytes: m.MaxPayload, Pos: d.Pos,
		Freshness: m.Freshness, Retention: m.Retention, Support: m.Support, Contact: m.Contact}
	b := modelBuilder{explain: d.Explain}
	b.stack = append(b.stack, typeKey(d.Type))
	c.Fields = b.structFields(d.Type, d.Name, false)
	diags = append(diags, b.diags...)
	c.Rules = sourceRules(&c, d.Rules, &diags)
	warnUndocumented(c, &diags)
	return c, true, diags
}

// contractMarker picks the +etl:contract line and reports the other "+etl:"
// lines.
func contractMarker(name string, lines []SourceLine, diags *diag.List) (SourceLine, bool) {
	var found []SourceLine
	for _, l := range lines {
		if isContractMarker(l.Text) {
			found = append(found, l)
			continue
		}
		if isRuleMarker(l.Text) {
			continue
		}
		diags.Add(keyError(CodeMarkerSyntax, l.Pos, name, "the markers are "+MarkerPrefix+" and "+RuleMarker,
			"unknown marker %q", strings.Fields(l.Text)[0]))
	}
	for _, l := range found[min(1, len(found)):] {
		diags.Add(keyError(CodeMarkerDuplicate, l.Pos, name, "merge the markers into one line",
			"type %s has more than one %s marker", name, MarkerPrefix))
	}
	if len(found) == 0 {
		return SourceLine{}, false
	}
	return found[0], true
}

// isContractMarker reports whether line is a +etl:contract marker.
func isContractMarker(line string) bool {
	rest, ok := strings.CutPrefix(line, MarkerPrefix)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// warnUndocumented warns about a contract or top-level field without a doc
// comment: catalogs show descriptions to the contract's consumers.
func warnUndocumented(c Contract, diags *diag.List) {
	const hint = "write a doc comment; it becomes the description in the generated contract"
	if c.Description == "" {
		diags.Add(keyWarning(CodeMissingDescription, c.Pos, c.Name, hint, "contract type %s has no description", c.Name))
	}
	for _, f := range c.Fields {
		if f.Description == "" {
			diags.Add(keyWarning(CodeMissingDescription, f.Pos, c.Name+"."+f.Name, hint,
				"field %s has no description", f.GoName))
		}
	}
}
