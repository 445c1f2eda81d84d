package goload

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// markerLines returns the "+etl:" lines of a doc comment, each at the
// comment that holds it.
func (pl *packageLoader) markerLines(doc *ast.CommentGroup) []contracts.SourceLine {
	if doc == nil {
		return nil
	}
	var out []contracts.SourceLine
	for _, c := range doc.List {
		text := strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), "/*")
		for _, line := range strings.Split(strings.TrimSuffix(text, "*/"), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "+etl:") {
				out = append(out, contracts.SourceLine{Text: line, Pos: pl.pos(c.Slash)})
			}
		}
	}
	return out
}

// ruleLines returns the +etl:rule lines of a doc comment: in a // comment
// at the marker, with exact columns; in a /* */ comment at the comment.
func (pl *packageLoader) ruleLines(doc *ast.CommentGroup) []contracts.SourceLine {
	if doc == nil {
		return nil
	}
	var out []contracts.SourceLine
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "//"); ok {
			trimmed := strings.TrimLeft(rest, " \t")
			if contracts.IsRuleMarker(strings.TrimRight(trimmed, " \t")) {
				start := c.Slash + token.Pos(len(c.Text)-len(trimmed))
				out = append(out, contracts.SourceLine{Text: trimmed, Pos: pl.pos(start),
					At: func(off int) diag.Position { return pl.pos(start + token.Pos(off)) }})
			}
			continue
		}
		for _, l := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/"), "\n") {
			if l = strings.TrimSpace(l); contracts.IsRuleMarker(l) {
				out = append(out, contracts.SourceLine{Text: l, Pos: pl.pos(c.Slash)})
			}
		}
	}
	return out
}

// contract builds the contract of one type declaration (contracts.FromSource);
// ok is false when the type carries no contract marker or is not a struct.
func (pl *packageLoader) contract(ts *ast.TypeSpec, doc *ast.CommentGroup) (contracts.Contract, bool) {
	markers := pl.markerLines(doc)
	if len(markers) == 0 {
		return contracts.Contract{}, false
	}
	d := contracts.SourceDecl{Name: ts.Name.Name, Package: pl.p.PkgPath, Pos: pl.pos(ts.Name.Pos()),
		Description: describe(withoutMarkers(doc.Text())), Markers: markers, Rules: pl.ruleLines(doc),
		Explain: pl.explain}
	if obj, _ := pl.p.TypesInfo.Defs[ts.Name].(*types.TypeName); obj != nil {
		_, isStruct := obj.Type().Underlying().(*types.Struct)
		d.Type, d.Struct = typesType{t: obj.Type(), pl: pl}, isStruct && ts.TypeParams == nil
	}
	c, ok, diags := contracts.FromSource(d)
	pl.diags = append(pl.diags, diags...)
	return c, ok
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
