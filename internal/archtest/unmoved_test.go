package archtest

import (
	"go/ast"
	"go/token"
	"path"
	"slices"
	"testing"
)

// TestUnmovedPluginFilesNeedTheAllowance: every file unmovedPluginFiles
// lets name plugins and engines exists and still does so (a branch on a
// name, or a name constant of the registry), so that the allowance covers
// no file that a plugin's move emptied or deleted.
func TestUnmovedPluginFilesNeedTheAllowance(t *testing.T) {
	files := moduleFiles(t)
	s := newNameScan(files, registeredNames())
	for _, rel := range unmovedPluginFiles {
		i := slices.IndexFunc(files, func(f goFile) bool { return f.rel == rel })
		switch {
		case i < 0:
			t.Errorf("%s is listed in unmovedPluginFiles but does not exist: remove it from the list", rel)
		case len(s.branches(files[i])) == 0 && !s.declaresName(files[i]):
			t.Errorf("%s names no plugin or engine in a branch or a constant: remove it from unmovedPluginFiles", rel)
		}
	}
}

// declaresName reports whether f declares a constant whose value is a
// plugin or engine name.
func (s *nameScan) declaresName(f goFile) bool {
	found := false
	ast.Inspect(f.file, func(n ast.Node) bool {
		g, ok := n.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			return !found
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, id := range vs.Names {
				found = found || i < len(vs.Values) && s.isNameLit(vs.Values[i]) && s.consts[path.Dir(f.rel)+"."+id.Name]
			}
		}
		return false
	})
	return found
}
