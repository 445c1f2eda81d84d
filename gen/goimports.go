package gen

import (
	"bytes"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// groupImports rewrites the import block of a rendered Go file the way
// goimports does: standard library first, then a blank line, then the rest,
// each group sorted, without redundant names. Source it cannot parse is
// returned unchanged so that gofmt reports the real error.
func groupImports(src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly)
	if err != nil || len(f.Imports) == 0 {
		return src
	}
	var std, other []string
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		line := strconv.Quote(p)
		if im.Name != nil && im.Name.Name != lastElem(p) {
			line = im.Name.Name + " " + line
		}
		if strings.Contains(strings.SplitN(p, "/", 2)[0], ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	sort.Strings(std)
	sort.Strings(other)
	var b bytes.Buffer
	b.WriteString("import (\n")
	writeGroup(&b, std)
	if len(std) > 0 && len(other) > 0 {
		b.WriteString("\n")
	}
	writeGroup(&b, other)
	b.WriteString(")")
	decl := f.Decls[0]
	start, end := fset.Position(decl.Pos()).Offset, fset.Position(decl.End()).Offset
	return append(append(append([]byte(nil), src[:start]...), b.Bytes()...), src[end:]...)
}

// writeGroup writes one import per line.
func writeGroup(b *bytes.Buffer, lines []string) {
	for _, l := range lines {
		b.WriteString("\t" + l + "\n")
	}
}

// lastElem is the last element of an import path.
func lastElem(p string) string { return p[strings.LastIndex(p, "/")+1:] }
