package archtest

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const profilePkg = module + "framework/profile"

// generators are the packages that turn the planned model into files: what
// they know of the profile comes through the model (planner.Model), so
// they name only the profile package's shared constants and the types of
// the values the model hands them, never its functions or variables.
var generators = []string{module + "gen/...", module + "pyspark/..."}

// profileExempt lists the generator packages that may call the profile
// package, each with its reason. None today: the Spark stack's doctor,
// which loads a profile file to probe the stack, is a process tool of
// sparkrun, not a generator.
var profileExempt = map[string]string{}

// profileAllowed lists the functions of the profile package a generator
// may call, each with its reason.
var profileAllowed = map[string]string{}

// TestGeneratorsReadTheModel fails when a generator package uses a
// function or variable of framework/profile (package-qualified: profile.X):
// the planner reads the profile once, and the generators read its facts in
// the model.
func TestGeneratorsReadTheModel(t *testing.T) {
	touchSources(t)
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, generators...)
	if err != nil {
		t.Fatalf("load the generators: %v", err)
	}
	constants := 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("load %s: %v", p.PkgPath, p.Errors)
		}
		if _, ok := profileExempt[p.PkgPath]; ok {
			continue
		}
		for _, use := range profileUses(p) {
			switch obj := use.obj.(type) {
			case *types.Const:
				constants++
			case *types.TypeName:
			default:
				if _, ok := profileAllowed[obj.Name()]; !ok {
					t.Errorf("%s: %s uses profile.%s (%s): a generator reads the profile through the planner's model; compute it in the planner and put the result in the model", use.pos, p.PkgPath, obj.Name(), kindOf(obj))
				}
			}
		}
	}
	if constants == 0 {
		t.Error("no generator names a constant of framework/profile: the test reads nothing")
	}
}

// profileUse is one package-qualified identifier of framework/profile.
type profileUse struct {
	pos string
	obj types.Object
}

// profileUses lists the identifiers p's non-test files take from
// framework/profile through its import (profile.X, whatever the import's
// name).
func profileUses(p *packages.Package) []profileUse {
	var out []profileUse
	for _, f := range p.Syntax {
		if strings.HasSuffix(p.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if pn, ok := p.TypesInfo.Uses[x].(*types.PkgName); ok && pn.Imported().Path() == profilePkg {
				out = append(out, profileUse{pos: p.Fset.Position(sel.Pos()).String(), obj: p.TypesInfo.Uses[sel.Sel]})
			}
			return true
		})
	}
	return out
}

// kindOf names the kind of a package-level object.
func kindOf(obj types.Object) string {
	switch obj.(type) {
	case *types.Func:
		return "a function"
	case *types.Var:
		return "a variable"
	}
	return fmt.Sprintf("%T", obj)
}
