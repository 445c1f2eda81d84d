package irload

import (
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
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
const programVersion = "irload/4"

// cacheKey hashes everything the built program depends on: the environment,
// go.mod and go.sum of the module and of modules it replaces with local
// directories, and every file of every local package the program imports,
// directly or not. Packages from the module cache are pinned by go.sum.
func cacheKey(m module, importPath string) (string, error) {
	k, _, err := hashInputs(m, importPath)
	return k.Program, err
}

// keys are the two keys of a package's sources: Program, of the IR
// program and what derives from all of them (cacheKey), and Decl, of what
// derives only from the declarations of the package's own Go files
// (declSource) and all of everything else Program hashes: the contracts
// it declares, which an edit of a function body or a variable's value
// leaves as they were.
type keys struct {
	Program string `json:"key"`
	Decl    string `json:"declKey"`
}

// hashInputs is cacheKey that also returns the declaration key and what it
// read (sourceIndex).
func hashInputs(m module, importPath string) (keys, inputs, error) {
	return hashInputsFrom(m, importPath, nil)
}

// hashInputsFrom is hashInputs that takes from old, the index of an
// earlier hash, the digest and imports of every file it stamped alike
// (vouched), instead of reading and parsing the file again: after an
// edit of one file only that file and the loaded package's own Go files
// are read.
func hashInputsFrom(m module, importPath string, old *sourceIndex) (keys, inputs, error) {
	s := &keyHasher{h: sha256.New(), decl: sha256.New(), old: old.vouched()}
	for _, v := range keyEnv(m, importPath) {
		s.write(v + "\x00")
	}
	roots := []string{m.root}
	for _, r := range m.replaced {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		for _, name := range []string{"go.mod", "go.sum"} {
			path := filepath.Join(r, name)
			_, sum, _ := s.file(path, false)
			s.declFile(path, sum)
		}
	}
	s.self, _ = m.dirOf(importPath)
	pkgs := []string{importPath, etlPackage}
	if err := s.packages(m, pkgs); err != nil {
		return keys{}, inputs{}, err
	}
	sum := func(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil))[:32] }
	return keys{Program: sum(s.h), Decl: sum(s.decl)}, s.in, nil
}

// keyEnv is what the key depends on besides files: the program, the
// package, the module's directory and the Go environment.
func keyEnv(m module, importPath string) []string {
	return []string{programVersion, importPath, m.root, runtime.GOOS, runtime.GOARCH,
		os.Getenv("GOFLAGS"), os.Getenv("GOWORK"), os.Getenv("GOTOOLCHAIN"), os.Getenv("CGO_ENABLED")}
}

// keyHasher hashes the inputs of the keys and records them.
type keyHasher struct {
	h, decl hash.Hash // the program key's, the declaration key's
	self    string    // the directory of the loaded package
	old     map[string]fileStamp
	in      inputs
}

// write hashes text into both keys.
func (s *keyHasher) write(text string) {
	io.WriteString(s.h, text)
	io.WriteString(s.decl, text)
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
// the imports of its Go files; the Go files of the loaded package go into
// the declaration key as declSource has them.
func (s *keyHasher) dir(dir string) ([]string, error) {
	names, err := packageFiles(dir)
	if err != nil {
		return nil, err
	}
	s.in.Dirs = append(s.in.Dirs, dirStamp{Path: dir, Names: names})
	var imports []string
	var own []goFile
	fset := token.NewFileSet()
	for _, name := range names {
		path := filepath.Join(dir, name)
		isGo, isOwn := strings.HasSuffix(name, ".go"), dir == s.self
		data, sum, ok := s.file(path, isGo && isOwn)
		if !ok || !isGo {
			s.declFile(path, sum)
			continue
		}
		if isOwn {
			f := parseGo(fset, path, data)
			own = append(own, goFile{path: path, data: data, f: f})
			imports = append(imports, importsOf(f)...)
			continue
		}
		s.declFile(path, sum)
		stamp := &s.in.Files[len(s.in.Files)-1]
		if data != nil { // read, not vouched for
			if f, _ := parser.ParseFile(fset, path, data, parser.ImportsOnly); f != nil {
				stamp.Imports = append([]string{}, importsOf(f)...)
			} // else the go tool reports the syntax error when it builds
		}
		imports = append(imports, stamp.Imports...)
	}
	for i, src := range declSources(own) {
		s.declFile(own[i].path, digest(src))
	}
	return imports, nil
}

// importsOf returns the import paths of a parsed file (none when nil).
func importsOf(f *ast.File) []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// declFile hashes a file's path and the digest of the bytes of it the
// declaration key holds (empty for a missing file).
func (s *keyHasher) declFile(path, sum string) {
	io.WriteString(s.decl, path+"\x00"+sum+"\x00")
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

// file hashes a file's path and the digest of its content into the
// program key (a missing file hashes its path) and records its stamp,
// taken before it is read. A file the old index vouches for (same size
// and modification time, recorded out of the racy window, and, for a Go
// file, its imports known) is not read unless want: its digest and
// imports are the index's. It returns the content (nil when not read),
// the digest and whether the file could be read.
func (s *keyHasher) file(path string, want bool) ([]byte, string, bool) {
	io.WriteString(s.h, path+"\x00")
	info, statErr := os.Stat(path)
	if old, ok := s.old[path]; ok && !want && statErr == nil && info.Mode().IsRegular() &&
		old.Size == info.Size() && old.ModTime == info.ModTime().UnixNano() {
		io.WriteString(s.h, old.Sum)
		s.in.Files = append(s.in.Files, old)
		return nil, old.Sum, true
	}
	data, err := os.ReadFile(path)
	if err != nil {
		s.in.Files = append(s.in.Files, fileStamp{Path: path, Missing: true})
		return nil, "", false
	}
	sum := digest(data)
	io.WriteString(s.h, sum)
	if statErr != nil { // created meanwhile: a stamp that never matches
		s.in.Files = append(s.in.Files, fileStamp{Path: path, Size: -1, Sum: sum})
		return data, sum, true
	}
	s.in.Files = append(s.in.Files, stampOf(path, info, sum))
	return data, sum, true
}
