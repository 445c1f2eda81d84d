package irload

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"

	"github.com/etlgen/etlgen/contracts"
)

// goFile is one Go file of the loaded package, as the key read it.
type goFile struct {
	path string
	data []byte
	f    *ast.File // nil when it does not parse
}

// declSources returns, for each Go file of the loaded package, the bytes
// its declaration key hashes (declSource).
func declSources(files []goFile) [][]byte {
	keepVars := varValuesMatter(files)
	out := make([][]byte, len(files))
	for i, g := range files {
		out[i] = declSource(g, keepVars)
	}
	return out
}

// declSource is what the contracts a Go file declares depend on, for the
// declaration key: the file with the bodies of its functions and,
// unless keepVars, the values of its package-level variables left out, each
// replaced by the shape of the text it spans (shapeOf), so that every
// position that matters after it stays the same. What
// is left out cannot change a type a contract field names: a function's
// body declares nothing outside it and the type of a package-level
// variable reaches a type only through a constant expression
// (varValuesMatter). A declaration that shares a line with another keeps
// its text (a type error on that line explains an unresolved field), and
// so does text holding a //line directive (it moves every position after
// it). A file that does not parse, or is generated or named like etlgen's
// (compared byte for byte with what etlgen would generate, even when edited
// by hand), is hashed whole.
func declSource(g goFile, keepVars bool) []byte {
	if g.f == nil || ast.IsGenerated(g.f) || filepath.Base(g.path) == contracts.GeneratedFileName {
		return g.data
	}
	var b bytes.Buffer
	at := 0
	for _, r := range elisions(g.f, g.data, keepVars) {
		b.Write(g.data[at:r[0]])
		b.WriteString(shapeOf(g.data[r[0]:r[1]]))
		at = r[1]
	}
	b.Write(g.data[at:])
	return b.Bytes()
}

// elisions are the byte ranges of f (offsets into data) that declSource
// leaves out, in order.
func elisions(f *ast.File, data []byte, keepVars bool) [][2]int {
	base := f.FileStart
	line := lineIndex(data)
	var out [][2]int
	for i, d := range f.Decls {
		start, end := line(int(d.Pos()-base)), line(int(d.End()-base)-1)
		if i > 0 && line(int(f.Decls[i-1].End()-base)-1) >= start ||
			i+1 < len(f.Decls) && line(int(f.Decls[i+1].Pos()-base)) <= end {
			continue
		}
		for _, r := range declRanges(d, keepVars) {
			r := [2]int{int(r[0] - base), int(r[1] - base)}
			if text := data[r[0]:r[1]]; !bytes.Contains(text, []byte("//line ")) && !bytes.Contains(text, []byte("/*line ")) {
				out = append(out, r)
			}
		}
	}
	return out
}

// declRanges are the parts of a top-level declaration declSource may leave
// out: a function's body inside its braces, a variable's values.
func declRanges(d ast.Decl, keepVars bool) [][2]token.Pos {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Body != nil {
			return [][2]token.Pos{{d.Body.Lbrace + 1, d.Body.Rbrace}}
		}
	case *ast.GenDecl:
		if d.Tok != token.VAR || keepVars {
			return nil
		}
		var out [][2]token.Pos
		for _, s := range d.Specs {
			if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Values) > 0 {
				out = append(out, [2]token.Pos{vs.Values[0].Pos(), vs.Values[len(vs.Values)-1].End()})
			}
		}
		return out
	}
	return nil
}

// varValuesMatter reports whether the value of a package-level variable
// may decide a type of the package: only a constant expression can carry it
// there (len of an array variable whose length its value gives,
// unsafe.Sizeof of a variable whose type its value gives), and only
// through a call, so it is when a constant's value or an array type's
// length holds a call anywhere in the package, or a file does not parse.
func varValuesMatter(files []goFile) bool {
	for _, g := range files {
		if g.f == nil {
			return true
		}
		found := false
		ast.Inspect(g.f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				if n.Tok == token.CONST {
					found = found || hasCall(n)
					return false
				}
			case *ast.ArrayType:
				found = found || n.Len != nil && hasCall(n.Len)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// hasCall reports whether n holds a call expression (or a conversion).
func hasCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		_, call := n.(*ast.CallExpr)
		found = found || call
		return !found
	})
	return found
}

// shapeOf is what stands for left-out text: how many newlines it holds,
// which decides the line of everything after it. The columns it moves are
// those of the rest of its last line, where the declaration it belongs to
// ends: a closing parenthesis or a comment (a /*line*/ directive there
// gives an absolute position), which no contract's position depends on.
func shapeOf(text []byte) string {
	return fmt.Sprintf("\x00%d\x00", bytes.Count(text, []byte("\n")))
}

// lineIndex returns a function from a byte offset of data to its line
// (0-based).
func lineIndex(data []byte) func(off int) int {
	var starts []int
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i)
		}
	}
	return func(off int) int { return sort.SearchInts(starts, off) }
}

// parseGo parses a Go file for the keys: with comments (the declaration
// key keeps them), without resolving objects; nil when it does not parse.
func parseGo(fset *token.FileSet, path string, data []byte) *ast.File {
	f, err := parser.ParseFile(fset, path, data, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	return f
}
