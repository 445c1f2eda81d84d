package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/project"
)

// CodeTestsFail reports a pipeline package whose tests fail (or do not
// build) under etlgen check.
const CodeTestsFail = "ETL-T901"

// testResult is what go test said of one package directory.
type testResult struct {
	// Package is the entry's package (./pipeline).
	Package string
	Passed  int
	Failed  []string
	// OK is the package's verdict; not OK with no failing test: its
	// tests did not build or the test binary failed; Output says why.
	OK bool
	// NoTests: the package has no test files.
	NoTests bool
	Output  []string
}

// goTest runs the tests of the selected packages in one go test run and
// returns a result per package, in the order of the project file.
func goTest(ctx context.Context, cfg *project.Config, res []project.UnitResult) ([]testResult, error) {
	var pkgs []string
	for _, r := range res {
		if !slices.Contains(pkgs, r.Entry.Package) {
			pkgs = append(pkgs, r.Entry.Package)
		}
	}
	cmd := exec.CommandContext(ctx, "go", append([]string{"test", "-json"}, pkgs...)...)
	cmd.Dir = cfg.Root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		return nil, fmt.Errorf("go test: %w", err)
	}
	byImport, err := parseTestEvents(out)
	if err != nil {
		return nil, fmt.Errorf("go test: %w\n%s", err, stderr.String())
	}
	dirs, err := importPaths(ctx, cfg.Root, pkgs)
	if err != nil {
		return nil, err
	}
	var results []testResult
	for _, p := range pkgs {
		r, ok := byImport[dirs[p]]
		if !ok {
			r = &testResult{Output: strings.Split(strings.TrimSpace(stderr.String()), "\n")}
		}
		r.Package = p
		results = append(results, *r)
	}
	return results, nil
}

// testEvent is one line of go test -json (test2json).
type testEvent struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// parseTestEvents folds go test -json events into a result per import
// path: tests passed and failed, the package's verdict and the output of
// what failed.
func parseTestEvents(data []byte) (map[string]*testResult, error) {
	out := map[string]*testResult{}
	outputs := map[string][]string{} // package/test → its output lines
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var ev testEvent
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			continue // a line go test printed outside test2json (a build error)
		}
		if ev.Package == "" {
			continue
		}
		r := out[ev.Package]
		if r == nil {
			r = &testResult{}
			out[ev.Package] = r
		}
		key := ev.Package + "\x00" + ev.Test
		switch ev.Action {
		case "output", "build-output":
			outputs[key] = append(outputs[key], strings.TrimRight(ev.Output, "\n"))
		case "pass":
			if ev.Test == "" {
				r.OK = true
			} else {
				r.Passed++
			}
		case "skip":
			if ev.Test == "" {
				r.OK, r.NoTests = true, true
			}
		case "fail":
			if ev.Test != "" {
				r.Failed = append(r.Failed, ev.Test)
				r.Output = append(r.Output, outputs[key]...)
			} else if len(r.Failed) == 0 {
				r.Output = append(r.Output, outputs[key]...)
			}
		}
	}
	return out, sc.Err()
}

// importPaths maps package directories (./pipeline) to import paths.
func importPaths(ctx context.Context, root string, pkgs []string) (map[string]string, error) {
	cmd := exec.CommandContext(ctx, "go", append([]string{"list", "-e", "-f", "{{.Dir}}\t{{.ImportPath}}"}, pkgs...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	byDir := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		dir, imp, _ := strings.Cut(line, "\t")
		byDir[dir] = imp
	}
	m := map[string]string{}
	for _, p := range pkgs {
		abs, _ := filepath.Abs(filepath.Join(root, filepath.FromSlash(p)))
		m[p] = byDir[abs]
	}
	return m, nil
}

// attachTests adds each package's test verdict to the summary line of its
// units, and a failure as one ETL-T901 error to its first unit.
func attachTests(cfg *project.Config, reports []unitReport, results []testResult) {
	for _, t := range results {
		first := true
		for i := range reports {
			if reports[i].Entry.Package != t.Package {
				continue
			}
			reports[i].Extra = append(reports[i].Extra, t.summary())
			if first && !t.OK {
				reports[i].Diagnostics = append(reports[i].Diagnostics, t.diagnostic(cfg))
			}
			first = false
		}
	}
}

// summary is the words of the summary line: "tests ok (12)" or "tests FAIL".
func (t testResult) summary() string {
	if t.NoTests {
		return "no tests"
	}
	if t.OK {
		return fmt.Sprintf("tests ok (%s)", plural(t.Passed, "passed", "passed"))
	}
	if len(t.Failed) == 0 {
		return "tests FAIL (do not build)"
	}
	return fmt.Sprintf("tests FAIL (%d failed, %d passed)", len(t.Failed), t.Passed)
}

// maxTestOutput bounds the output lines quoted in a failure.
const maxTestOutput = 40

// diagnostic is the failure as an error at the package directory.
func (t testResult) diagnostic(cfg *project.Config) diag.Diagnostic {
	msg := "the package's tests do not build or their binary failed"
	if len(t.Failed) > 0 {
		msg = plural(len(t.Failed), "test fails", "tests fail") + ": " + strings.Join(t.Failed, ", ")
	}
	out := t.Output
	if len(out) > maxTestOutput {
		out = append(out[:maxTestOutput:maxTestOutput], fmt.Sprintf("… %d more lines", len(t.Output)-maxTestOutput))
	}
	hint := "run go test " + t.Package + " to see the whole output"
	if len(out) > 0 {
		hint = strings.Join(out, "\n\t") + "\n\t" + hint
	}
	return diag.Diagnostic{Code: CodeTestsFail, Severity: diag.Error, Pos: diag.Position{File: cfg.Path(t.Package)},
		Path: t.Package, Message: msg, Hint: hint}
}
