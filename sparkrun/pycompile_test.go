package sparkrun_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestCompile runs sparkrun.Compile with the real interpreter: valid files
// pass; each of the broken programs the generator once wrote (a keyword
// parameter, an unterminated docstring, a NUL byte) is a *CompileError
// naming the file and Python's error; non-Python files are ignored.
func TestCompile(t *testing.T) {
	py, err := sparkrun.CompilerPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	ok := pyspark.File{Path: "ok.py", Data: []byte("def f(x):\n    \"\"\"Doc.\"\"\"\n    return x\n")}
	notes := pyspark.File{Path: "notes.txt", Data: []byte("def (\n")}
	if err := sparkrun.Compile(context.Background(), py, []pyspark.File{ok, notes}); err != nil {
		t.Fatalf("valid files: %v", err)
	}
	for name, src := range map[string]string{
		"keyword.py":   "def step(lambda):\n    return lambda\n",
		"docstring.py": "def f():\n    \"\"\"Read order\"\"\"events.\"\"\"\n",
		"nul.py":       "# a\x00b\n",
	} {
		err := sparkrun.Compile(context.Background(), py, []pyspark.File{ok, {Path: name, Data: []byte(src)}})
		var ce *sparkrun.CompileError
		if !errors.As(err, &ce) || !strings.Contains(ce.Message, "Error") {
			t.Errorf("%s: err = %v, want a CompileError", name, err)
			continue
		}
		if name != "nul.py" && !strings.Contains(ce.Message, name) {
			t.Errorf("%s: message does not name the file: %s", name, ce.Message)
		}
	}
	err = sparkrun.Compile(context.Background(), "/no/such/python", []pyspark.File{ok})
	if !errors.Is(err, sparkrun.ErrNoPython) {
		t.Errorf("missing interpreter: err = %v, want ErrNoPython", err)
	}
}
