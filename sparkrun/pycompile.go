package sparkrun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/etlgen/etlgen/pyspark"
)

// compileScript compiles the sources given on stdin (a JSON list of
// [path, source]) with the builtin compile(): nothing is written (no .pyc),
// and the first error is printed as Python reports it, status 3.
const compileScript = `
import json, sys, traceback
for path, source in json.load(sys.stdin):
    try:
        compile(source.encode("utf-8"), path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        sys.stdout.write("".join(traceback.format_exception_only(type(exc), exc)))
        sys.exit(3)
`

// ErrNoPython is returned by Compile when the interpreter cannot be
// started: the files were not checked.
var ErrNoPython = errors.New("no python interpreter")

// CompileError is a generated file that is not valid Python: a bug in the
// generator, never the user's input.
type CompileError struct {
	// Message is Python's report: the file, the line and the error.
	Message string
}

// Error returns Python's report.
func (e *CompileError) Error() string { return "python cannot compile: " + e.Message }

// Compile checks that every .py file of files is valid Python, with the
// interpreter python, in one process and without writing anything: nil
// when all compile, a *CompileError with Python's message when one does
// not, an error wrapping ErrNoPython when the interpreter cannot be
// started.
func Compile(ctx context.Context, python string, files []pyspark.File) error {
	var in [][2]string
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".py") {
			in = append(in, [2]string{f.Path, string(f.Data)})
		}
	}
	if len(in) == 0 {
		return nil
	}
	data, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("compile python: %w", err)
	}
	var out, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, python, "-I", "-c", compileScript)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(data), &out, &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee) && ee.ExitCode() == 3:
		return &CompileError{Message: strings.TrimSpace(out.String())}
	case errors.As(err, &ee):
		return fmt.Errorf("compile python with %s: %w: %s", python, err, strings.TrimSpace(stderr.String()))
	}
	return fmt.Errorf("compile python with %s: %w (%w)", python, ErrNoPython, err)
}

// CompilerPython is the interpreter Compile runs for etlgen compile: the
// one programs run with (FindPython), else python3 on the PATH; an error
// wrapping ErrNoPython when there is neither.
func CompilerPython() (string, error) {
	if p, err := FindPython(); err == nil {
		return p, nil
	}
	p, err := exec.LookPath("python3")
	if err != nil {
		return "", fmt.Errorf("find python: %w: no .cache/venv/bin/python, no ETLGEN_PYTHON and no python3 on the PATH", ErrNoPython)
	}
	return p, nil
}
