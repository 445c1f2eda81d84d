package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
)

// Error is a failure to load the project at all (as opposed to problems in
// it, which are the Result's diagnostics).
type Error struct {
	// Class says what kind of failure it is, for the exit status: the
	// worst class of Diagnostics.
	Class diag.Class
	Err   error
	// Diagnostics say what is wrong, each with its stable code and place:
	// the compiler's errors (ETL-D200) of a package that does not compile,
	// else one diagnostic (ETL-E72x, ETL-D215).
	Diagnostics diag.List
}

// Error returns the cause's message.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// ClassOf returns the class of a Load error: an *Error's own, else a
// failure of the tool's environment.
func ClassOf(err error) diag.Class {
	var e *Error
	if errors.As(err, &e) {
		return e.Class
	}
	return diag.ClassEnvironment
}

// AsError returns err as an *Error: err itself when it is one, else err
// with the coded diagnostics it carries (an *irload.BuildError's, a
// *diag.ListError's); any other error is one ETL-E729 with its message.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var build *irload.BuildError
	var coded *diag.ListError
	var l diag.List
	switch {
	case errors.As(err, &build):
		l = build.Diagnostics()
	case errors.As(err, &coded):
		l = coded.List
	default:
		l.Errorf(irload.CodeLoadFailed, diag.Position{}, "", "%v", err)
	}
	return &Error{Class: l.Worst(), Err: err, Diagnostics: l}
}

// fileFailure is the failure to use the file at path, as one diagnostic
// with code at the file: what went wrong with it, and the cause (without
// the path, which the position names).
func fileFailure(code, path, what, hint string, err error) *Error {
	cause := err
	var pe *fs.PathError
	if errors.As(err, &pe) {
		cause = pe.Err
	}
	var l diag.List
	l.Errorf(code, diag.Position{File: path}, hint, "%s: %v", what, cause)
	return &Error{Class: l.Worst(), Err: err, Diagnostics: l}
}

// missingFileHint says how to name an existing file, naming the file of
// the same directory and extension nearest to a misspelt path.
func missingFileHint(path, what string) string {
	hint := "pass the path of an existing " + what + " (relative to the working directory, or to -C DIR)"
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		return hint
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return hint
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && filepath.Ext(e.Name()) == filepath.Ext(path) {
			names = append(names, e.Name())
		}
	}
	base := filepath.Base(path)
	if best := diag.ClosestOne(base, names); best != "" {
		return "did you mean " + strings.TrimSuffix(path, base) + best + "? " + hint
	}
	return hint
}
