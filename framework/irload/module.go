package irload

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// module is the Go module that holds the package to load.
type module struct {
	root string // directory of go.mod
	path string // module path
	// replaced maps module paths replaced by local directories to them.
	replaced map[string]string
}

// findModule walks up from dir to the nearest go.mod.
func findModule(dir string) (module, error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			return parseGoMod(d, data)
		}
		if filepath.Dir(d) == d {
			return module{}, problem(CodeNoModule, diag.Position{File: dir},
				"run etlgen in the Go module of your pipelines (-C DIR), or create one there (go mod init)",
				"%s is not in a Go module: no go.mod in it or its parents", dir)
		}
	}
}

// parseGoMod reads the module path and local replace targets.
func parseGoMod(root string, data []byte) (module, error) {
	m := module{root: root, replaced: map[string]string{}}
	inReplace := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		line, _, _ = strings.Cut(line, "//")
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "module "):
			m.path = strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "module ")), `"`)
		case line == "replace (":
			inReplace = true
		case inReplace && line == ")":
			inReplace = false
		case inReplace || strings.HasPrefix(line, "replace "):
			m.addReplace(line)
		}
	}
	if m.path == "" {
		gomod := filepath.Join(root, "go.mod")
		return m, problem(CodeNoModule, diag.Position{File: gomod}, "start go.mod with a module line (go mod init)",
			"%s has no module directive", gomod)
	}
	return m, nil
}

// addReplace records the target of a replace line when it is a directory.
func (m *module) addReplace(line string) {
	from, target, ok := strings.Cut(strings.TrimPrefix(line, "replace "), "=>")
	fields := strings.Fields(target)
	old := strings.Fields(from)
	if !ok || len(fields) == 0 || len(old) == 0 {
		return
	}
	t := fields[0]
	if !strings.HasPrefix(t, ".") && !filepath.IsAbs(t) {
		return
	}
	if !filepath.IsAbs(t) {
		t = filepath.Join(m.root, t)
	}
	m.replaced[strings.Trim(old[0], `"`)] = filepath.Clean(t)
}

// dirOf returns the local directory of an import path of this module or of
// a module it replaces with a directory; ok is false for other packages.
func (m module) dirOf(importPath string) (string, bool) {
	if dir, ok := under(importPath, m.path, m.root); ok {
		return dir, true
	}
	for mod, root := range m.replaced {
		if dir, ok := under(importPath, mod, root); ok {
			return dir, true
		}
	}
	return "", false
}

// under maps importPath inside module mod (rooted at root) to a directory.
func under(importPath, mod, root string) (string, bool) {
	if importPath == mod {
		return root, true
	}
	if rest, ok := strings.CutPrefix(importPath, mod+"/"); ok {
		return filepath.Join(root, filepath.FromSlash(rest)), true
	}
	return "", false
}

// importPath resolves pattern (a directory like ./x or an import path)
// relative to dir into one import path; a package of this module or of
// one it replaces with a directory must have its Go files there.
func (m module) importPath(dir, pattern string) (string, error) {
	if strings.Contains(pattern, "...") {
		return "", problem(CodePattern, diag.Position{File: dir}, "name the one package that declares the pipelines, e.g. ./pipelines",
			"%s names several packages; name one", pattern)
	}
	if !isDirPattern(pattern) {
		if d, ok := m.dirOf(pattern); ok {
			return pattern, checkPackageDir(d, pattern)
		}
		if fi, err := os.Stat(filepath.Join(dir, pattern)); err == nil && fi.IsDir() && !strings.Contains(strings.SplitN(pattern, "/", 2)[0], ".") {
			return "", problem(CodeUnknownImport, diag.Position{File: filepath.Join(dir, pattern)},
				"did you mean ./"+pattern+"? A directory is named with a leading ./ (an import path starts with a domain)",
				"no module provides package %s", pattern)
		}
		return pattern, nil
	}
	abs := pattern
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(dir, pattern)
	}
	rel, err := filepath.Rel(m.root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", problem(CodeNoModule, diag.Position{File: abs}, "run etlgen in the package's own module (-C DIR)",
			"%s is not inside module %s (%s)", pattern, m.path, m.root)
	}
	if err := checkPackageDir(abs, pattern); err != nil {
		return "", err
	}
	if rel == "." {
		return m.path, nil
	}
	return m.path + "/" + filepath.ToSlash(rel), nil
}

// isDirPattern reports whether pattern names a directory.
func isDirPattern(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}
