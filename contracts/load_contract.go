package contracts

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// markerLine is one "+etl:" line of a doc comment.
type markerLine struct {
	text string
	pos  token.Pos
}

// markerLines returns the "+etl:" lines of a doc comment.
func markerLines(doc *ast.CommentGroup) []markerLine {
	if doc == nil {
		return nil
	}
	var out []markerLine
	for _, c := range doc.List {
		text := strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), "/*")
		for _, line := range strings.Split(strings.TrimSuffix(text, "*/"), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "+etl:") {
				out = append(out, markerLine{text: line, pos: c.Slash})
			}
		}
	}
	return out
}

// isContractMarker reports whether line is a +etl:contract marker.
func isContractMarker(line string) bool {
	rest, ok := strings.CutPrefix(line, MarkerPrefix)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// contract builds the contract of one type declaration; ok is false when the
// type carries no contract marker or is not a struct.
func (pl *packageLoader) contract(ts *ast.TypeSpec, doc *ast.CommentGroup) (Contract, bool) {
	line, ok := pl.contractMarker(ts.Name.Name, markerLines(doc))
	if !ok {
		return Contract{}, false
	}
	name, pos := ts.Name.Name, pl.pos(ts.Name.Pos())
	m, ps := parseMarker(line.text)
	ps.place(&pl.diags, pl.pos(line.pos), name)
	obj, _ := pl.p.TypesInfo.Defs[ts.Name].(*types.TypeName)
	if obj == nil {
		return Contract{}, false
	}
	if _, isStruct := obj.Type().Underlying().(*types.Struct); !isStruct || ts.TypeParams != nil {
		pl.diags.Add(keyError(CodeMarkerNotStruct, pos, name, "put +etl:contract on a non-generic struct type",
			"contract type %s is not a struct type", name))
		return Contract{}, false
	}
	c := Contract{ID: m.ID, Version: m.Version, Name: name, Package: pl.p.PkgPath,
		Description: describe(withoutMarkers(doc.Text())), Owner: m.Owner, Domain: m.Domain, Status: m.Status,
		UnknownFields: m.UnknownFields, MaxPayloadBytes: m.MaxPayload, Pos: pos,
		Freshness: m.Freshness, Retention: m.Retention, Support: m.Support, Contact: m.Contact}
	b := modelBuilder{explain: pl.explain}
	t := typesType{t: obj.Type(), pl: pl}
	b.stack = append(b.stack, typeKey(t))
	c.Fields = b.structFields(t, name, false)
	pl.diags = append(pl.diags, b.diags...)
	c.Rules = pl.rules(&c, doc)
	pl.warnUndocumented(c)
	return c, true
}

// contractMarker picks the +etl:contract line and reports the other "+etl:"
// lines.
func (pl *packageLoader) contractMarker(name string, lines []markerLine) (markerLine, bool) {
	var found []markerLine
	for _, l := range lines {
		if isContractMarker(l.text) {
			found = append(found, l)
			continue
		}
		if isRuleMarker(l.text) {
			continue
		}
		pl.diags.Add(keyError(CodeMarkerSyntax, pl.pos(l.pos), name, "the markers are "+MarkerPrefix+" and "+RuleMarker,
			"unknown marker %q", strings.Fields(l.text)[0]))
	}
	for _, l := range found[min(1, len(found)):] {
		pl.diags.Add(keyError(CodeMarkerDuplicate, pl.pos(l.pos), name, "merge the markers into one line",
			"type %s has more than one %s marker", name, MarkerPrefix))
	}
	if len(found) == 0 {
		return markerLine{}, false
	}
	return found[0], true
}

// warnUndocumented warns about a contract or top-level field without a doc
// comment: catalogs show descriptions to the contract's consumers.
func (pl *packageLoader) warnUndocumented(c Contract) {
	const hint = "write a doc comment; it becomes the description in the generated contract"
	if c.Description == "" {
		pl.diags.Add(keyWarning(CodeMissingDescription, c.Pos, c.Name, hint, "contract type %s has no description", c.Name))
	}
	for _, f := range c.Fields {
		if f.Description == "" {
			pl.diags.Add(keyWarning(CodeMissingDescription, f.Pos, c.Name+"."+f.Name, hint,
				"field %s has no description", f.GoName))
		}
	}
}

// withoutMarkers drops the "+etl:" lines of a doc comment's text.
func withoutMarkers(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "+etl:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// describe turns doc comment text into a description: the lines of each
// paragraph joined by spaces, paragraphs separated by a blank line.
func describe(text string) string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return strings.Join(paras, "\n\n")
}
