package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// A plugin or an engine is read by the facts its spec declares, never by
// its name: outside the plugin files and the registries no Go code
// compares a value with a plugin or engine name, switches on one, or keys
// a map by one (docs/plugins.md). Adding a plugin is then its own files
// and one registration line.

// nameHomes says which files may name plugins and engines in a branch:
// a plugin's own folder (plugins/<name>/) and the registries
// (builtin_*.go, registry.go, plugin.go, plugins.go). Tests are not
// scanned.
func nameHomes(rel string) bool {
	base := path.Base(rel)
	return strings.HasPrefix(rel, "plugins/") || strings.HasPrefix(base, "builtin_") ||
		base == "plugin.go" || base == "plugins.go" || base == "registry.go"
}

// nameBranch is one branch on a plugin or engine name.
type nameBranch struct {
	Pos  token.Position
	What string
}

func (b nameBranch) String() string {
	return fmt.Sprintf("%s:%d: %s", b.Pos.Filename, b.Pos.Line, b.What)
}

// goFile is one parsed source file of the module: its path relative to
// the module root, with slashes.
type goFile struct {
	rel  string
	file *ast.File
}

// nameScan finds branches on names (plugin and engine names) in files.
type nameScan struct {
	names map[string]bool
	// consts are the constants that hold a name, "dir.Ident" (dir relative
	// to the module root): the registries' own (PluginDelta, EngineLocal)
	// and any constant defined as one of them.
	consts map[string]bool
}

// findNameBranches returns every branch on a name outside nameHomes,
// sorted by position.
func findNameBranches(files []goFile, names []string) []nameBranch {
	s := newNameScan(files, names)
	var out []nameBranch
	for _, f := range files {
		if !nameHomes(f.rel) {
			out = append(out, s.branches(f)...)
		}
	}
	slices.SortFunc(out, func(a, b nameBranch) int { return strings.Compare(a.String(), b.String()) })
	return out
}

// newNameScan is a scan of files for names, with the name constants
// they declare collected.
func newNameScan(files []goFile, names []string) *nameScan {
	s := &nameScan{names: map[string]bool{}, consts: map[string]bool{}}
	for _, n := range names {
		s.names[n] = true
	}
	for range 3 { // aliases of aliases
		for _, f := range files {
			s.collectConsts(f)
		}
	}
	return s
}

// collectConsts records the name constants f declares: in a home file a
// constant whose value is a name literal, anywhere a constant defined as
// a known name constant.
func (s *nameScan) collectConsts(f goFile) {
	ast.Inspect(f.file, func(n ast.Node) bool {
		g, ok := n.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			return true
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, id := range vs.Names {
				if i < len(vs.Values) && (nameHomes(f.rel) && s.isNameLit(vs.Values[i]) || s.isNameConst(f, vs.Values[i])) {
					s.consts[path.Dir(f.rel)+"."+id.Name] = true
				}
			}
		}
		return false
	})
}

// branches lists the comparisons, switch cases and map keys of f that
// test a name.
func (s *nameScan) branches(f goFile) []nameBranch {
	var out []nameBranch
	add := func(n ast.Node, what string) {
		pos := fset.Position(n.Pos())
		pos.Filename = f.rel
		out = append(out, nameBranch{pos, what})
	}
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				if s.testsName(f, x.X, x.Y) || s.testsName(f, x.Y, x.X) {
					add(x, "compares with a name: "+exprText(x))
				}
			}
		case *ast.SwitchStmt:
			s.switchCases(f, x, add)
		case *ast.CompositeLit:
			for _, e := range x.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok && s.isNameConst(f, kv.Key) {
					add(kv, "keys a table by a name: "+exprText(kv.Key))
				}
			}
		}
		return true
	})
	return out
}

// switchCases reports the cases of a switch that name a name.
func (s *nameScan) switchCases(f goFile, sw *ast.SwitchStmt, add func(ast.Node, string)) {
	for _, st := range sw.Body.List {
		for _, e := range st.(*ast.CaseClause).List {
			if s.isNameConst(f, e) || sw.Tag != nil && s.isNameLit(e) && mentionsName(sw.Tag) {
				add(e, "switches on a name: case "+exprText(e))
			}
		}
	}
}

// testsName reports whether comparing a with b tests a name: b is a name
// constant, or a name literal compared with something called plugin or
// engine (so a Spark master "local" or a format "delta" is not one).
func (s *nameScan) testsName(f goFile, a, b ast.Expr) bool {
	return s.isNameConst(f, b) || s.isNameLit(b) && mentionsName(a)
}

// isNameLit reports whether e is a string literal holding a name.
func (s *nameScan) isNameLit(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return false
	}
	v, err := strconv.Unquote(lit.Value)
	return err == nil && s.names[v]
}

// isNameConst reports whether e refers to a name constant: Ident of f's
// own package, or pkg.Ident of an imported package of the module; a
// conversion such as profile.PluginName(x) looks through to x.
func (s *nameScan) isNameConst(f goFile, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return s.consts[path.Dir(f.rel)+"."+x.Name]
	case *ast.SelectorExpr:
		pkg, ok := x.X.(*ast.Ident)
		if !ok {
			return false
		}
		dir, ok := importDir(f.file, pkg.Name)
		return ok && s.consts[dir+"."+x.Sel.Name]
	case *ast.ParenExpr:
		return s.isNameConst(f, x.X)
	}
	return false
}

// importDir is the module directory of the package f imports as name.
func importDir(f *ast.File, name string) (string, bool) {
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil || !strings.HasPrefix(p, module) {
			continue
		}
		as := path.Base(p)
		if im.Name != nil {
			as = im.Name.Name
		}
		if as == name {
			return strings.TrimPrefix(p, module), true
		}
	}
	return "", false
}

// mentionsName reports whether e's last identifier is called like a
// plugin or an engine (q.Sink.Plugin, m.Engine, p.Engine()).
func mentionsName(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.CallExpr:
			e = x.Fun
			continue
		case *ast.SelectorExpr:
			e = x.Sel
			continue
		case *ast.Ident:
			n := strings.ToLower(x.Name)
			return strings.Contains(n, "plugin") || strings.Contains(n, "engine")
		}
		return false
	}
}

// exprText renders a short expression for a message.
func exprText(e ast.Node) string {
	var b strings.Builder
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			b.WriteString(x.Name + " ")
		case *ast.BasicLit:
			b.WriteString(x.Value + " ")
		}
		return true
	})
	return strings.TrimSpace(b.String())
}

// fset positions every file the tests parse.
var fset = token.NewFileSet()

// parseModule parses every non-test Go file of the module under root,
// skipping testdata and hidden directories.
func parseModule(t *testing.T, root string) []goFile {
	t.Helper()
	var out []goFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("parse %s: %w", p, err)
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		out = append(out, goFile{rel: filepath.ToSlash(rel), file: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// moduleFiles parses every non-test Go file of this module.
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root: %v", err)
	}
	files := parseModule(t, root)
	if len(files) < 100 {
		t.Fatalf("parsed %d files under %s: not the module", len(files), root)
	}
	return files
}

// registeredNames are the names of the Default registry's plugins and
// engines.
func registeredNames() []string {
	r := profile.Default()
	return append(r.PluginNames(), r.EngineNames()...)
}

// TestNoBranchOnPluginOrEngineName: outside the plugin files and the
// registries, no code branches on a plugin or engine name.
func TestNoBranchOnPluginOrEngineName(t *testing.T) {
	for _, b := range findNameBranches(moduleFiles(t), registeredNames()) {
		t.Errorf("%s\n\tread a fact of the plugin's spec (profile.Plugin, SourceFacts, WriteMode) or the engine's (profile.Engine: OnSpark, InProcess) instead; see docs/plugins.md", b)
	}
}

// TestFindNameBranches: the scan finds each kind of branch on a name in a
// small source, and passes the same source in a plugin file or a
// comparison that only looks like one.
func TestFindNameBranches(t *testing.T) {
	const home = `package profile
type PluginName string
const (
	PluginDelta PluginName = "delta"
	EngineLocal = "local"
)`
	const folder = `package delta
import "github.com/etlgen/etlgen/framework/profile"
const Name profile.PluginName = "delta"`
	tests := []struct {
		name, rel, src string
		want           []string // file:line of each branch
	}{
		{"comparison with a registry constant", "run/x.go", `package run
import "github.com/etlgen/etlgen/framework/profile"
func f(p profile.PluginName) bool {
	return p == profile.PluginDelta
}`, []string{"run/x.go:4"}},
		{"engine constant, renamed import", "run/x.go", `package run
import prof "github.com/etlgen/etlgen/framework/profile"
func f(e string) bool {
	return e != prof.EngineLocal
}`, []string{"run/x.go:4"}},
		{"switch case", "gen/x.go", `package gen
import "github.com/etlgen/etlgen/framework/profile"
func f(p profile.PluginName) int {
	switch p {
	case profile.PluginDelta:
		return 1
	}
	return 0
}`, []string{"gen/x.go:5"}},
		{"map keyed by name", "gen/x.go", `package gen
import "github.com/etlgen/etlgen/framework/profile"
var formats = map[profile.PluginName]string{
	profile.PluginDelta: "delta",
}`, []string{"gen/x.go:4"}},
		{"local alias of a name constant", "planner/x.go", `package planner
import "github.com/etlgen/etlgen/framework/profile"
const cdf = profile.PluginDelta
func f(p profile.PluginName) bool { return p == cdf }`, []string{"planner/x.go:4"}},
		{"literal compared with a plugin", "run/x.go", `package run
type sink struct{ Plugin string }
func f(s sink) bool { return s.Plugin == "delta" }`, []string{"run/x.go:3"}},
		{"literal compared with an engine call", "internal/cli/x.go", `package cli
type prof interface{ Engine() string }
func f(p prof) bool { return "local" == p.Engine() }`, []string{"internal/cli/x.go:3"}},
		{"literal case of an engine switch", "run/x.go", `package run
func f(engine string) int {
	switch engine {
	case "local":
		return 1
	}
	return 0
}`, []string{"run/x.go:4"}},
		{"a plugin file outside the plugin's folder", "pyspark/plugin_delta.go", `package pyspark
import "github.com/etlgen/etlgen/framework/profile"
func f(p profile.PluginName) bool { return p == profile.PluginDelta }`, []string{"pyspark/plugin_delta.go:3"}},
		{"a plugin's own folder", "plugins/delta/spark.go", `package delta
import "github.com/etlgen/etlgen/framework/profile"
func f(p profile.PluginName) bool { return p == profile.PluginDelta }`, nil},
		{"a plugin folder's name constant, compared outside it", "run/x.go", `package run
import "github.com/etlgen/etlgen/plugins/delta"
import "github.com/etlgen/etlgen/framework/profile"
func f(p profile.PluginName) bool { return p == delta.Name }`, []string{"run/x.go:4"}},
		{"a Spark master, not an engine", "sparkrun/doctor/x.go", `package doctor
func f(master string) bool { return master == "local" }`, nil},
		{"a constant with a name's value outside the registries", "framework/profile/deploy.go", `package profile
const DeploymentLocal = "local"
func f(d string) bool { return d == DeploymentLocal }`, nil},
		{"reading a fact", "run/x.go", `package run
import "github.com/etlgen/etlgen/framework/profile"
func f(p *profile.Plugin) bool { return p.Store == profile.StoreFiles }`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files []goFile
			for rel, src := range map[string]string{"framework/profile/builtin_plugins.go": home, "plugins/delta/delta.go": folder, tt.rel: tt.src} {
				f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, goFile{rel: rel, file: f})
			}
			var got []string
			for _, b := range findNameBranches(files, []string{"delta", "local"}) {
				got = append(got, fmt.Sprintf("%s:%d", b.Pos.Filename, b.Pos.Line))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("branches = %v, want %v", got, tt.want)
			}
		})
	}
}
