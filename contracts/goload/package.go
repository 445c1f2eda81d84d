package goload

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// packageLoader reads the contracts of one loaded package.
type packageLoader struct {
	fset       *token.FileSet
	p          *packages.Package
	pkg        contracts.Package
	docs       map[token.Pos]string // field name position → description
	typeErrors map[string]string    // "file:line" → first type error there
	diags      diag.List
}

func newPackageLoader(fset *token.FileSet, p *packages.Package) *packageLoader {
	pl := &packageLoader{fset: fset, p: p, docs: map[token.Pos]string{}, typeErrors: map[string]string{}}
	pl.pkg = contracts.Package{Name: p.Name, ImportPath: p.PkgPath, Dir: packageDir(p)}
	pl.readErrors()
	for _, f := range p.Syntax {
		pl.collectFieldDocs(f)
	}
	return pl
}

func packageDir(p *packages.Package) string {
	if p.Dir != "" {
		return p.Dir
	}
	if len(p.GoFiles) > 0 {
		return filepath.Dir(p.GoFiles[0])
	}
	return ""
}

func (pl *packageLoader) pos(p token.Pos) diag.Position {
	if !p.IsValid() {
		return diag.Position{}
	}
	return diag.FromToken(pl.fset.Position(p))
}

// readErrors reports list and parse errors, and keeps type errors to explain
// unresolved field types.
func (pl *packageLoader) readErrors() {
	for _, e := range pl.p.TypeErrors {
		p := pl.fset.Position(e.Pos)
		k := fmt.Sprintf("%s:%d", p.Filename, p.Line)
		if _, ok := pl.typeErrors[k]; !ok {
			pl.typeErrors[k] = e.Msg
		}
	}
	for _, e := range pl.p.Errors {
		if e.Kind == packages.TypeError || isCompileOutput(e) && len(pl.p.Syntax) > 0 {
			continue
		}
		pos := parseErrorPos(e.Pos)
		if !pos.IsValid() {
			pos.File = pl.pkg.Dir
		}
		pl.diags.Add(errorf(contracts.CodePackageLoad, pos, pl.p.PkgPath,
			"fix the package so that `go build` accepts it", "%s", e.Msg))
	}
}

// isCompileOutput reports whether e is the go command's compiler output
// ("# pkg" then the errors) for a package whose source Load type-checks
// itself; its type errors are judged field by field instead.
func isCompileOutput(e packages.Error) bool {
	return e.Pos == "" && strings.HasPrefix(e.Msg, "# ")
}

// errorPosRE matches go/packages' "file:line:col" and "file:line" positions.
var errorPosRE = regexp.MustCompile(`^(.+?):([0-9]+)(?::([0-9]+))?$`)

// parseErrorPos reads a go/packages error position; anything else is taken
// as a file name.
func parseErrorPos(s string) diag.Position {
	if s == "" || s == "-" {
		return diag.Position{}
	}
	m := errorPosRE.FindStringSubmatch(s)
	if m == nil {
		return diag.Position{File: s}
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	return diag.Position{File: m[1], Line: line, Column: col}
}

// explain returns the type error on the line of pos, if any.
func (pl *packageLoader) explain(pos diag.Position) string {
	return pl.typeErrors[fmt.Sprintf("%s:%d", pos.File, pos.Line)]
}

// collectFieldDocs records the doc (or trailing) comment of every struct
// field of the file.
func (pl *packageLoader) collectFieldDocs(f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok || st.Fields == nil {
			return true
		}
		for _, fld := range st.Fields.List {
			doc := fld.Doc
			if doc == nil {
				doc = fld.Comment
			}
			text := describe(doc.Text())
			for _, name := range fld.Names {
				pl.docs[name.Pos()] = text
			}
		}
		return true
	})
}

// declared builds every contract declared in the package.
func (pl *packageLoader) declared() []contracts.Contract {
	var out []contracts.Contract
	for _, f := range pl.p.Syntax {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && !gd.Lparen.IsValid() {
					doc = gd.Doc
				}
				if c, ok := pl.contract(ts, doc); ok {
					out = append(out, c)
					pl.pkg.Types = append(pl.pkg.Types, c.Name)
				}
			}
		}
	}
	return out
}
