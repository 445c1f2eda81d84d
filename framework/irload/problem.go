package irload

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// problem is a load failure as one coded diagnostic (a *diag.ListError):
// the CLI prints it like any other diagnostic and maps its code to the
// exit status.
func problem(code string, pos diag.Position, hint, format string, args ...any) error {
	var l diag.List
	l.Errorf(code, pos, hint, format, args...)
	return l.Err()
}

// checkPackageDir reports an ETL-E720 problem unless dir holds a Go
// package's non-test files; shown is how the user named it.
func checkPackageDir(dir, shown string) error {
	pos := diag.Position{File: dir}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return problem(CodeNoPackage, pos, dirHint(dir, shown), "no package at %s: the directory does not exist", shown)
	case err != nil:
		return problem(CodeNoPackage, pos, "make the directory readable", "no package at %s: %v", shown, err)
	case !fi.IsDir():
		return problem(CodeNoPackage, pos, "name the directory of the package, not one of its files",
			"no package at %s: it is a file, not a directory", shown)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return nil
		}
	}
	return problem(CodeNoPackage, pos, dirHint(dir, shown), "no package at %s: the directory has no Go files (tests do not count)", shown)
}

// dirHint names the sibling directory nearest to a misspelt one.
func dirHint(dir, shown string) string {
	const name = "name the directory (e.g. ./pipelines) or import path of the Go package that declares the pipelines"
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		return name
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			dirs = append(dirs, e.Name())
		}
	}
	base := filepath.Base(dir)
	if best := diag.ClosestOne(base, dirs); best != "" {
		return fmt.Sprintf("did you mean %s? %s", strings.TrimSuffix(shown, base)+best, name)
	}
	return name
}

// missingImport is the go tool's report of an import path no module
// provides, with the position of the import when a file names it.
var missingImport = regexp.MustCompile(`^(?:(\S+\.go):(\d+):(\d+): )?(?:no required module provides package ([^\s;]+)|package (\S+) is not in std)`)

// etlPackage is the DSL package the IR program imports.
const etlPackage = "github.com/etlgen/etlgen/framework/etl"

// goFailure turns the go tool's output for a build of pkg that failed
// without compile errors into a coded problem: ETL-E723 for an import path
// no module provides (at the importing file's position, unless it is the
// generated program's; the user's missing import before etlgen's own),
// ETL-E729 for anything else.
func goFailure(pkg, root, out string) error {
	var etl bool
	for _, line := range strings.Split(out, "\n") {
		m := missingImport.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		path := m[4] + m[5]
		if path == etlPackage {
			etl = true
			continue
		}
		var pos diag.Position
		if m[1] != "" && !strings.Contains(m[1], ".etlgen-ir-") {
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			pos = diag.Position{File: filepath.Join(root, m[1]), Line: ln, Column: col}
		}
		return problem(CodeUnknownImport, pos,
			fmt.Sprintf("check the import path; if it is right, add its module (go get %s)", path),
			"load %s: no module provides package %s", pkg, path)
	}
	if etl {
		return problem(CodeUnknownImport, diag.Position{File: filepath.Join(root, "go.mod")},
			"add it: go get github.com/etlgen/etlgen",
			"load %s: the module does not require github.com/etlgen/etlgen, whose DSL the pipelines are written in", pkg)
	}
	return problem(CodeLoadFailed, diag.Position{}, "run `go build "+pkg+"` in the module: it reports the same problem",
		"load %s: the go tool failed: %s", pkg, oneLine(out))
}

// oneLine joins the lines of a tool's output with "; ".
func oneLine(s string) string {
	var parts []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}
