package regex

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "re-record testdata/spark.json from the live Spark answers")

// TestCorpusLive (ETLGEN_STACK=1) evaluates the corpus on the running
// Spark Connect server with testdata/spark_regex.py and compares Spark's
// answers with testdata/spark.json; -update records them instead. The
// answers are the same on every Spark line (4.1.1 and 4.2.0 measured), so
// the server's version, recorded with them, is not compared: a server of
// another line than the recording's must give the same answers.
func TestCorpusLive(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 to run the regex corpus on the Spark stack")
	}
	remote := os.Getenv("ETLGEN_SPARK_REMOTE")
	if remote == "" {
		remote = "sc://127.0.0.1:15002"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, findPython(t), "testdata/spark_regex.py", "testdata/corpus.json", remote)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run spark_regex.py: %v\n%s", err, stderr.String())
	}
	var live recorded
	if err := json.Unmarshal(stdout.Bytes(), &live); err != nil {
		t.Fatalf("read Spark's answers: %v", err)
	}
	if *update {
		got := encodeRecorded(t, live)
		if err := os.WriteFile("testdata/spark.json", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("testdata/spark.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec recorded
	if err := json.Unmarshal(want, &rec); err != nil {
		t.Fatalf("read testdata/spark.json: %v", err)
	}
	if live.SparkVersion != rec.SparkVersion {
		t.Logf("Spark %s answers, compared with those Spark %s gave", live.SparkVersion, rec.SparkVersion)
		live.SparkVersion = rec.SparkVersion
	}
	got := encodeRecorded(t, live)
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("Spark answers differ from testdata/spark.json (-recorded +live; re-record with -update):\n%s", diff)
	}
}

// findPython returns $ETLGEN_STACK_PYTHON or $ETLGEN_PYTHON, else the
// stack's .cache/venv/bin/python in the working directory or above.
func findPython(t *testing.T) string {
	t.Helper()
	for _, env := range []string{"ETLGEN_STACK_PYTHON", "ETLGEN_PYTHON"} {
		if p := os.Getenv(env); p != "" {
			return p
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		p := filepath.Join(dir, ".cache", "venv", "bin", "python")
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("find python: no ETLGEN_STACK_PYTHON and no .cache/venv/bin/python here or above (run scripts/stack.sh install)")
		}
		dir = parent
	}
}

// encodeRecorded writes the answers one pattern a line, for readable diffs.
func encodeRecorded(t *testing.T, r recorded) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteString(`{"spark_version": `)
	must(t, enc.Encode(r.SparkVersion))
	b.WriteString(`, "answers": [`)
	for i, a := range r.Answers {
		if i > 0 {
			b.WriteString(",")
		}
		must(t, enc.Encode(a))
	}
	b.WriteString(`], "decoded": `)
	must(t, enc.Encode(r.Decoded))
	b.WriteString("}\n")
	return b.Bytes()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
