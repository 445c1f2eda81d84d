package customercdf_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/testkit"
)

// sourceOp is one write to the source table: one Delta version.
type sourceOp struct {
	Op   string                 `json:"op"` // insert, update, delete
	Rows []customercdf.Customer `json:"rows"`
}

// conformanceRuns are the source writes before each run: inserts, updates
// (one key twice in a run), deletes and a re-insert of a deleted key.
var conformanceRuns = [][]sourceOp{
	{{"insert", []customercdf.Customer{customer(1, "Ada", "Ada@Example.com", "gb", "gold", 0),
		customer(2, "Grace", "grace@example.com", "US", "standard", 1), customer(3, "Alan", "ALAN@example.com", "gb", "standard", 2)}}},
	{{"update", []customercdf.Customer{customer(2, "Grace Hopper", "Grace@Navy.mil", "us", "platinum", 10)}},
		{"delete", []customercdf.Customer{customer(3, "", "", "", "", 0)}},
		{"insert", []customercdf.Customer{customer(4, "Edsger", "edsger@example.nl", "nl", "gold", 12)}}},
	{{"update", []customercdf.Customer{customer(1, "Ada L.", "ada@lovelace.org", "GB", "gold", 20)}},
		{"update", []customercdf.Customer{customer(1, "Ada Lovelace", "Ada@Lovelace.org", "gb", "platinum", 21)}},
		{"insert", []customercdf.Customer{customer(3, "Alan Turing", "alan@turing.org", "gb", "gold", 22)}},
		{"delete", []customercdf.Customer{customer(4, "", "", "", "", 0)}}},
}

// runResult is what one run leaves: the target and the resume position
// (the next source version the checkpoint reads).
type runResult struct {
	Target []customercdf.Customer
	Resume int64
}

// runLocal runs conformanceRuns on the local engine.
func runLocal(t *testing.T) ([]runResult, []customercdf.Customer) {
	rt := testkit.Start(t, customercdf.Pipeline, localProfile(t, t.TempDir()))
	src := source{}
	var out []runResult
	for _, ops := range conformanceRuns {
		for _, op := range ops {
			switch op.Op {
			case "insert":
				src.insert(rt, op.Rows...)
			case "update":
				src.update(rt, op.Rows...)
			case "delete":
				src.delete(rt, op.Rows[0].CustomerID)
			}
		}
		rt.ProcessAllAvailable()
		_, end := cdfOffsets(rt, 0)
		out = append(out, runResult{Target: testkit.DeltaRows[customercdf.Customer](rt, targetTable), Resume: end[len(end)-1]})
	}
	replay := testkit.Start(t, customercdf.Pipeline, testkit.WithDelta(rt.Catalog()),
		localProfile(t, t.TempDir(), "table: curated.customers", "table: curated.customers_rebuilt"))
	replay.ProcessAllAvailable()
	return out, testkit.DeltaRows[customercdf.Customer](replay, "curated.customers_rebuilt")
}

// sparkLine is one line printed by testdata/spark_cdf.py.
type sparkLine struct {
	Run     *int                   `json:"run"`
	Replay  bool                   `json:"replay"`
	Batches []sparkBatch           `json:"batches"`
	Target  []customercdf.Customer `json:"target"`
}

type sparkBatch struct {
	End struct {
		ReservoirVersion int64 `json:"reservoirVersion"`
		Index            int64 `json:"index"`
	} `json:"end"`
}

// runSpark runs conformanceRuns on Spark + Delta with the seed library's
// shape (testdata/spark_cdf.py).
func runSpark(t *testing.T) ([]runResult, []customercdf.Customer) {
	python := os.Getenv("ETLGEN_PYTHON")
	if python == "" {
		python, _ = filepath.Abs("../../.cache/venv/bin/python")
	}
	spec, _ := json.Marshal(map[string]any{
		"prefix":      fmt.Sprintf("default.cdfconf_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9),
		"checkpoints": stack.TempDir(t), "runs": conformanceRuns,
	})
	cmd := exec.Command(python, "testdata/spark_cdf.py")
	cmd.Stdin = bytes.NewReader(spec)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("spark_cdf.py: %v\n%s", err, tail(stderr.String(), 3000))
	}
	var runs []runResult
	var replay []customercdf.Customer
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l sparkLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("spark_cdf.py line %q: %v", sc.Text(), err)
		}
		if l.Replay {
			replay = l.Target
			continue
		}
		r := runResult{Target: l.Target}
		if n := len(l.Batches); n > 0 {
			end := l.Batches[n-1].End
			r.Resume = end.ReservoirVersion // index -1: the version is next; else it was read in full
			if end.Index >= 0 {
				r.Resume++
			}
		}
		runs = append(runs, r)
	}
	return runs, replay
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// TestConformanceWithSpark (ETLGEN_STACK=1): the local engine's CDF
// simulation and Spark + Delta give the same target after every run, the
// same resume positions, and the same target when a new checkpoint replays
// from version 0.
func TestConformanceWithSpark(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("ETLGEN_STACK=1 runs against the local stack (make stack-up)")
	}
	t.Parallel() // its own tables (default.cdfconf_<pid>_<ns>) and checkpoints: beside the other live test of the package
	local, localReplay := runLocal(t)
	spark, sparkReplay := runSpark(t)
	if len(spark) != len(local) {
		t.Fatalf("spark ran %d runs, local %d", len(spark), len(local))
	}
	for i := range local {
		testkit.RowsEqual(t, spark[i].Target, local[i].Target)
		if spark[i].Resume != local[i].Resume {
			t.Errorf("run %d: resume version spark %d, local %d", i, spark[i].Resume, local[i].Resume)
		}
	}
	testkit.RowsEqual(t, sparkReplay, localReplay)
	if len(localReplay) == 0 || !strings.Contains(fmt.Sprint(localReplay), "Ada Lovelace") {
		t.Errorf("replayed target %v lacks the final state", localReplay)
	}
}
