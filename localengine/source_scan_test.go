package localengine

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// openFileCount opens a running count per key (update mode) reading the
// file-json directory in, checkpoints under cp.
func openFileCount(t *testing.T, cp, in string) *Engine {
	t.Helper()
	plan := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{input("in")}, GroupBy: []*ir.Expr{col("k")},
		Aggs: []ir.NamedExpr{{Name: "n", Expr: agg("count", col("v"))}, {Name: "total", Expr: agg("sum", col("v"))}}}
	out := contract("cnt", field("k", tString), field("n", tInt64), field("total", tInt64))
	m, _ := planProfile(t, pipelineDoc(plan, out, []string{"in"}), cp, "", map[string]string{
		"in":  "{plugin: file-json, path: " + strconv.Quote(in) + "}",
		"out": "{plugin: memory}",
	}, planner.Options{}, false)
	eng, err := Open(m, "p", &Env{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

// A streamed batch folds a file's rows into the state as it reads them:
// when a later file of the batch is gone, the batch fails and the
// operators are back at the last commit (none here), not holding the rows
// of the files read before; the batch then re-runs whole.
func TestStreamedBatchFailsCleanly(t *testing.T) {
	cp, in := t.TempDir(), t.TempDir()
	const lines = scanChunkLines + 1 // a full chunk reaches the operators before b is opened
	writeFile(t, in, "a.jsonl", []byte(strings.Repeat(fileEvent+"\n", lines)))
	writeFile(t, in, "b.jsonl", []byte(fileEvent+"\n"))
	eng := openFileCount(t, cp, in)
	if _, err := eng.Queries[0].Crash(); err != nil { // offsets/0 lists a and b
		t.Fatal(err)
	}
	eng.Close()
	if err := os.Rename(filepath.Join(in, "b.jsonl"), filepath.Join(in, "b.keep")); err != nil {
		t.Fatal(err)
	}
	eng = openFileCount(t, cp, in)
	var ie *InputError
	if err := eng.RunAvailable(nil); !errors.As(err, &ie) || ie.Code != CodeFileMissing {
		t.Fatalf("run = %v; want %s", err, CodeFileMissing)
	}
	if _, rows, _ := eng.Queries[0].Inspect("s/aggregate"); len(rows) != 0 {
		t.Errorf("state after the failed batch = %v; want none (a's rows folded in)", rows)
	}
	eng.Close()
	if err := os.Rename(filepath.Join(in, "b.keep"), filepath.Join(in, "b.jsonl")); err != nil {
		t.Fatal(err)
	}
	eng = openFileCount(t, cp, in)
	var ps []*Progress
	if err := eng.RunAvailable(func(p *Progress) { ps = append(ps, p) }); err != nil {
		t.Fatal(err)
	}
	sch, rows, _ := eng.Queries[0].Inspect("s/aggregate")
	if len(ps) != 1 || ps[0].InputRows != lines+1 || len(rows) != 1 {
		t.Fatalf("rerun: progress %+v, state %v; want one batch of %d rows, one group", ps, rows, lines+1)
	}
	if n := rows[0][sch.Index("n")]; n != int64(lines+1) {
		t.Errorf("count after the rerun = %v; want %d", n, lines+1)
	}
}
