package pyspark_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"testing"

	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// runtimePrelude imports the generated etlgen_runtime (from the directory
// given as the script's first argument) as rt.
const runtimePrelude = `
import json, sys
sys.path.insert(0, sys.argv[1])
import etlgen_runtime as rt
`

// runRuntime runs a Python script against the etlgen_runtime.py generated
// for the golden case caseDir: in is passed as JSON on stdin (nil: none),
// the script's stdout is decoded as JSON into out. It skips when there is
// no Python interpreter.
func runRuntime(t *testing.T, caseDir, script string, in, out any) {
	t.Helper()
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	dir := t.TempDir()
	if err := pyspark.Write(dir, generateCase(t, caseDir)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", runtimePrelude+script, dir)
	if in != nil {
		data, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = bytes.NewReader(data)
	}
	stdout, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("python: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("python: %v", err)
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatalf("python output %q: %v", stdout, err)
	}
}
