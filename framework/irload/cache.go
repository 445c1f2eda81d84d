package irload

import (
	"crypto/sha256"
	"encoding/hex"
	"go/parser"
	"go/token"
	"hash"
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
	key, _, err := hashInputs(m, importPath)
	return key, err
}

// hashInputs is cacheKey that also returns what it read (sourceIndex).
func hashInputs(m module, importPath string) (string, inputs, error) {
	s := &keyHasher{h: sha256.New()}
	for _, v := range keyEnv(m, importPath) {
		io.WriteString(s.h, v+"\x00")
	}
	roots := []string{m.root}
	for _, r := range m.replaced {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		for _, name := range []string{"go.mod", "go.sum"} {
			s.file(filepath.Join(r, name))
		}
	}
	pkgs := []string{importPath, etlPackage}
	if err := s.packages(m, pkgs); err != nil {
		return "", inputs{}, err
	}
	return hex.EncodeToString(s.h.Sum(nil))[:32], s.in, nil
}

// keyEnv is what the key depends on besides files: the program, the
// package, the module's directory and the Go environment.
func keyEnv(m module, importPath string) []string {
	return []string{programVersion, importPath, m.root, runtime.GOOS, runtime.GOARCH,
		os.Getenv("GOFLAGS"), os.Getenv("GOWORK"), os.Getenv("GOTOOLCHAIN"), os.Getenv("CGO_ENABLED")}
}

// keyHasher hashes the inputs of a key and records them.
type keyHasher struct {
	h  hash.Hash
	in inputs
}

// packages hashes the local packages reachable from pkgs by imports.
func (s *keyHasher) packages(m module, pkgs []string) error {
	seen := map[string]bool{}
	for len(pkgs) > 0 {
		pkg := pkgs[0]
		pkgs = pkgs[1:]
		dir, ok := m.dirOf(pkg)
		if !ok || seen[dir] {
			continue
		}
		seen[dir] = true
		imports, err := s.dir(dir)
		if err != nil {
			return err
		}
		pkgs = append(pkgs, imports...)
	}
	return nil
}

// dir hashes the non-test files of one package directory and returns
// the imports of its Go files.
func (s *keyHasher) dir(dir string) ([]string, error) {
	names, err := packageFiles(dir)
	if err != nil {
		return nil, err
	}
	s.in.Dirs = append(s.in.Dirs, dirStamp{Path: dir, Names: names})
	var imports []string
	fset := token.NewFileSet()
	for _, name := range names {
		path := filepath.Join(dir, name)
		data, ok := s.file(path)
		if !ok || !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, data, parser.ImportsOnly)
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

// packageFiles lists the files of a package directory the key hashes: its
// regular files but tests, in order.
func packageFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if name := e.Name(); e.Type().IsRegular() && !strings.HasSuffix(name, "_test.go") {
			names = append(names, name)
		}
	}
	return names, nil
}

// file hashes a file's path and content (a missing file hashes its path)
// and records its stamp, taken before it is read; it returns the content
// and whether the file could be read.
func (s *keyHasher) file(path string) ([]byte, bool) {
	io.WriteString(s.h, path+"\x00")
	info, statErr := os.Stat(path)
	data, err := os.ReadFile(path)
	if err != nil {
		s.in.Files = append(s.in.Files, fileStamp{Path: path, Missing: true})
		return nil, false
	}
	s.h.Write(data)
	if statErr != nil { // created meanwhile: a stamp that never matches
		s.in.Files = append(s.in.Files, fileStamp{Path: path, Size: -1})
		return data, true
	}
	s.in.Files = append(s.in.Files, stampOf(path, info, data))
	return data, true
}
