package pyspark_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Spark 4.3 binds the DataFrame a Python foreachBatch gets to a cloned
// session: temp views of the root session, and DataFrames built on it, fail
// inside the batch function. The generated programs must work there on
// every line, so a batch function, and every runtime helper it hands the
// micro-batch to, reaches Spark only through the batch's own session
// (batch_df.sparkSession).

var (
	// batchFunc is the head of a function taking a micro-batch: a
	// generated foreachBatch function, or a runtime helper given one.
	batchFunc = regexp.MustCompile(`^def (\w+)\((batch_df)\b[^)]*\):`)
	// rootSession is a use of a session that is not the batch's: the
	// program's (or a helper's) spark, a session builder, the active one.
	rootSession = regexp.MustCompile(`(^|[^.\w])spark\b|SparkSession|getActiveSession|\.active\(\)`)
	// ownSession is the one way a helper may name a session.
	ownSession = regexp.MustCompile(`^\s*spark = batch_df\.sparkSession\s*$`)
)

// rootSessionUses returns "function: line" for every line of a batch
// function in src that reaches a session other than the batch's own.
func rootSessionUses(src string) []string {
	var out []string
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		m := batchFunc.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		own := false
		for i++; i < len(lines) && (lines[i] == "" || strings.HasPrefix(lines[i], " ")); i++ {
			line, _, _ := strings.Cut(lines[i], "#")
			switch {
			case ownSession.MatchString(line):
				own = true
			case strings.Contains(line, `"""`) || strings.TrimSpace(line) == "":
			case rootSession.MatchString(line) && !(own && !strings.Contains(line, "SparkSession") && !strings.Contains(line, "getActiveSession")):
				out = append(out, m[1]+": "+strings.TrimSpace(line))
			}
		}
		i--
	}
	return out
}

func TestRootSessionUses(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		bad       int
	}{
		{"own session", "def merge(batch_df, batch_id):\n    spark = batch_df.sparkSession\n    spark.sql(\"MERGE\")\n", 0},
		{"batch only", "def write_x(batch_df, batch_id):\n    rt.append(batch_df, batch_id, T, ID)\n", 0},
		{"root spark", "def write_x(batch_df, batch_id):\n    spark.sql(\"SELECT 1\")\n", 1},
		{"root view", "def write_x(batch_df, batch_id):\n    rt.merge(batch_df.join(spark.table(\"v\"), \"k\"), batch_id)\n", 1},
		{"active session", "def write_x(batch_df, batch_id):\n    s = SparkSession.getActiveSession()\n", 1},
		{"other function", "def start(spark):\n    spark.sql(\"x\")\n", 0},
	} {
		if got := rootSessionUses(tc.src); len(got) != tc.bad {
			t.Errorf("%s: %v, want %d uses", tc.name, got, tc.bad)
		}
	}
}

// TestBatchFunctionsUseBatchSession checks every generated program of the
// goldens and the runtime: no batch function reaches the root session.
func TestBatchFunctionsUseBatchSession(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*", "want", "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	runtime, err := filepath.Glob(filepath.Join("runtime", "etlgen_runtime", "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, runtime...)
	if len(files) < 10 {
		t.Fatalf("%d programs, want the goldens", len(files))
	}
	funcs := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		funcs += len(regexp.MustCompile(`(?m)^def \w+\(batch_df\b`).FindAll(src, -1))
		for _, use := range rootSessionUses(string(src)) {
			t.Errorf("%s: %s: a batch function reaches the root session (fails on Spark 4.3's cloned session); use batch_df.sparkSession", f, use)
		}
	}
	if funcs < 20 {
		t.Errorf("%d batch functions checked, want the goldens' and the runtime's", funcs)
	}
}
