package irload

import (
	"crypto/sha256"
	"encoding/hex"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// programVersion changes whenever the generated program changes.
const programVersion = "irload/3"

// cacheKey hashes everything the built program depends on: the environment,
// go.mod and go.sum of the module and of modules it replaces with local
// directories, and every file of every local package the program imports,
// directly or not. Packages from the module cache are pinned by go.sum.
func cacheKey(m module, importPath string) (string, error) {
	h := sha256.New()
	for _, s := range []string{programVersion, importPath, m.root, runtime.GOOS, runtime.GOARCH,
		os.Getenv("GOFLAGS"), os.Getenv("GOWORK"), os.Getenv("GOTOOLCHAIN"), os.Getenv("CGO_ENABLED")} {
		io.WriteString(h, s+"\x00")
	}
	roots := []string{m.root}
	for _, r := range m.replaced {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		for _, name := range []string{"go.mod", "go.sum"} {
			hashFile(h, filepath.Join(r, name))
		}
	}
	pkgs := []string{importPath, etlPackage}
	if err := hashPackages(h, m, pkgs); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// hashPackages hashes the local packages reachable from pkgs by imports.
func hashPackages(h io.Writer, m module, pkgs []string) error {
	seen := map[string]bool{}
	for len(pkgs) > 0 {
		pkg := pkgs[0]
		pkgs = pkgs[1:]
		dir, ok := m.dirOf(pkg)
		if !ok || seen[dir] {
			continue
		}
		seen[dir] = true
		imports, err := hashDir(h, dir)
		if err != nil {
			return err
		}
		pkgs = append(pkgs, imports...)
	}
	return nil
}

// hashDir hashes the non-test files of one package directory and returns
// the imports of its Go files.
func hashDir(h io.Writer, dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var imports []string
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasSuffix(name, "_test.go") {
			continue
		}
		path := filepath.Join(dir, name)
		hashFile(h, path)
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			continue // the go tool reports syntax errors when it builds
		}
		for _, im := range f.Imports {
			if p, err := strconv.Unquote(im.Path.Value); err == nil {
				imports = append(imports, p)
			}
		}
	}
	return imports, nil
}

// hashFile hashes a file's path and content; a missing file hashes its path.
func hashFile(h io.Writer, path string) {
	io.WriteString(h, path+"\x00")
	if data, err := os.ReadFile(path); err == nil {
		h.Write(data)
	}
}
