package irload

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// BuildError is a package that does not compile: the go tool reported
// compile errors with positions (as opposed to a missing module or a
// broken toolchain, which are plain errors).
type BuildError struct {
	// Package is the import path whose IR was being loaded.
	Package string
	// Errors are the compiler's errors, with absolute file names.
	Errors []CompileError
	// Output is the go tool's whole output.
	Output string
}

// CompileError is one compiler error.
type CompileError struct {
	Pos     diag.Position
	Message string
}

// Error returns the compiler's output.
func (e *BuildError) Error() string {
	return fmt.Sprintf("package %s does not compile:\n%s", e.Package, e.Output)
}

// Diagnostics returns one ETL-D200 error per compiler error.
func (e *BuildError) Diagnostics() diag.List {
	var l diag.List
	for _, c := range e.Errors {
		l.Errorf(ir.CodeDoesNotCompile, c.Pos, "fix the Go code (go build ./... reports the same error)", "%s", c.Message)
	}
	return l
}

// compileLine is a compiler error line: file.go:line[:col]: message (the
// file of a //line directive, e.g. docs/dsl.md, for generated code).
var compileLine = regexp.MustCompile(`^(\S+\.\w+):(\d+)(?::(\d+))?: (.+)$`)

// parseBuildError returns the compile errors in the go tool's output, or
// nil when it holds none: only the output of a package that was compiled
// (a "# pkg" header) counts, so that a missing go.sum entry or module,
// which also name a file:line, stays an environment problem. File names
// are relative to dir, the directory go build ran in.
func parseBuildError(pkg, dir, output string) *BuildError {
	var errs []CompileError
	compiled := false
	for _, line := range strings.Split(output, "\n") {
		if strings.HasPrefix(line, "# ") {
			compiled = true
			continue
		}
		m := compileLine.FindStringSubmatch(line)
		if !compiled || m == nil {
			continue
		}
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		errs = append(errs, CompileError{Pos: diag.Position{File: file, Line: ln, Column: col}, Message: m[4]})
	}
	if len(errs) == 0 {
		return nil
	}
	return &BuildError{Package: pkg, Errors: errs, Output: output}
}
