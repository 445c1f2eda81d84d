package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	pathpkg "path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// stackImport is the import path of the stack helpers; any use of the
// package makes a declaration guarded.
const stackImport = "github.com/etlgen/etlgen/e2e/stack"

// guardEnv is the variable the stack tests read.
const guardEnv = "ETLGEN_STACK"

// livePackage is a package directory (relative to the root, slash
// separated, "./" first) and its live tests, sorted.
type livePackage struct {
	Dir   string
	Tests []string
}

// find walks the Go packages under root (skipping testdata, hidden and
// underscore directories) and returns those with live tests, sorted by
// directory.
func find(root string) ([]livePackage, error) {
	var out []livePackage
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		tests, err := liveTests(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		dir := "./" + filepath.ToSlash(rel)
		if len(tests) > 0 {
			out = append(out, livePackage{Dir: dir, Tests: tests})
		}
		return nil
	})
	return out, err
}

// liveTests parses the _test.go files of one directory and returns its
// live tests; an error when a declaration that names the stack is reached
// by no test (a path the walk does not follow, or a helper left over).
func liveTests(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		return nil, err
	}
	g := graph{refs: map[string]map[string]bool{}, guarded: map[string]bool{}}
	var roots []string // top-level tests
	for _, f := range files {
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", f, err)
		}
		g.add(file)
		roots = append(roots, testFuncs(file)...)
	}
	direct := slices.Sorted(maps.Keys(g.guarded))
	g.spread()
	var tests []string
	for _, name := range roots {
		if g.guarded[name] {
			tests = append(tests, name)
		}
	}
	reached := g.reach(tests)
	for _, name := range direct {
		if !reached[name] {
			return nil, fmt.Errorf("%s: %s names the stack but no top-level test reaches it: a path the walk does not follow, or a helper left over",
				dir, strings.TrimPrefix(name, methodPrefix))
		}
	}
	slices.Sort(tests)
	return slices.Compact(tests), nil
}

// graph is one package's test declarations by name: what each refers to,
// and which are guarded.
type graph struct {
	refs    map[string]map[string]bool // name → the names its declarations refer to
	guarded map[string]bool
}

// add records a file's declarations: their references, and those that
// name the stack as guarded.
func (g graph) add(file *ast.File) {
	imports := importNames(file)
	for _, d := range declarations(file) {
		if g.refs[d.name] == nil {
			g.refs[d.name] = map[string]bool{}
		}
		references(d.node, imports[""], g.refs[d.name])
		if namesStack(d.node, imports[stackImport]) {
			g.guarded[d.name] = true
		}
	}
}

// spread marks guarded every declaration that refers to a guarded one,
// until nothing changes.
func (g graph) spread() {
	for changed := true; changed; {
		changed = false
		for name, refs := range g.refs {
			if g.guarded[name] {
				continue
			}
			for ref := range refs {
				if g.guarded[ref] {
					g.guarded[name], changed = true, true
					break
				}
			}
		}
	}
}

// reach returns the declarations the given ones refer to, directly or
// not, themselves included.
func (g graph) reach(from []string) map[string]bool {
	seen := map[string]bool{}
	for todo := slices.Clone(from); len(todo) > 0; {
		name := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[name] {
			continue
		}
		seen[name] = true
		for ref := range g.refs[name] {
			todo = append(todo, ref)
		}
	}
	return seen
}

// importNames returns, by import path, the names under which a file
// imports a package (the path's last element unless renamed; a file's
// qualifiers are never its package's declarations). The union of all is
// under the key "".
func importNames(file *ast.File) map[string]map[string]bool {
	out := map[string]map[string]bool{"": {}}
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := pathpkg.Base(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if out[path] == nil {
			out[path] = map[string]bool{}
		}
		out[path][name], out[""][name] = true, true
	}
	return out
}

// methodPrefix keys a method by its bare name, apart from the functions
// and values: a method is referred to as a selector's member (x.name),
// the others by a bare identifier.
const methodPrefix = "."

// decl is a top-level declaration and its name (methodPrefix and the bare
// name for a method).
type decl struct {
	name string
	node ast.Node
}

// declarations are the file's top-level functions, methods, constants,
// variables and types.
func declarations(file *ast.File) []decl {
	var out []decl
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if name == "_" {
				continue
			}
			if d.Recv != nil {
				name = methodPrefix + name
			}
			out = append(out, decl{name, d})
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name != "_" { // never referred to
							out = append(out, decl{n.Name, s})
						}
					}
				case *ast.TypeSpec:
					out = append(out, decl{s.Name.Name, s})
				}
			}
		}
	}
	return out
}

// namesStack reports whether a declaration holds the guard's literal or
// uses the stack package.
func namesStack(node ast.Node, stackNames map[string]bool) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if s, err := strconv.Unquote(n.Value); err == nil && s == guardEnv {
				found = true
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && stackNames[id.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// references adds to refs the names a declaration refers to: a method as
// the member of a selector (x.name, as methodPrefix+name), anything else
// as an identifier; a package's qualified members (qualifiers) are not
// the package's own.
func references(node ast.Node, qualifiers, refs map[string]bool) {
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && qualifiers[id.Name] {
				return false
			}
			refs[methodPrefix+n.Sel.Name] = true
			references(n.X, qualifiers, refs)
			return false
		case *ast.Ident:
			refs[n.Name] = true
		}
		return true
	})
}

// testFuncs returns the file's top-level test functions: func TestXxx(t
// *testing.T), as go test finds them.
func testFuncs(file *ast.File) []string {
	var out []string
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Name.Name == "TestMain" || !isTestName(fn.Name.Name) || fn.Type.Params.NumFields() != 1 {
			continue
		}
		out = append(out, fn.Name.Name)
	}
	return out
}

// isTestName is go test's rule: Test, or Test followed by a rune that is
// not a lower-case letter.
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}
