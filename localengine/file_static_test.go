package localengine

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// TestFileStaticJoin: a file-json static side is every file of its
// directory, read again at every batch and validated against its
// contract; a row that breaks the contract fails the batch (with the
// message the Spark program raises) instead of being dropped, and once
// the row is fixed the batch re-runs and joins.
func TestFileStaticJoin(t *testing.T) {
	doc := staticJoinDoc()
	in, dim, out := t.TempDir(), t.TempDir(), t.TempDir()
	m, _ := planProfile(t, doc, t.TempDir(), "", map[string]string{
		"l":   "{plugin: file-json, path: " + strconv.Quote(in) + "}",
		"r":   "{plugin: file-json, path: " + strconv.Quote(dim) + "}",
		"out": "{plugin: file-json, path: " + strconv.Quote(out) + "}",
	}, planner.Options{}, false)
	run := func() error {
		eng, err := Open(m, "p", &Env{})
		if err != nil {
			t.Fatal(err)
		}
		defer eng.Close()
		return eng.RunAvailable(func(*Progress) {})
	}
	rows := func() []string {
		files, err := CommittedFiles(out)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, strings.Split(strings.TrimSpace(string(data)), "\n")...)
		}
		return sorted(got)
	}

	writeFile(t, dim, "a.jsonl", []byte(`{"k":"a","v":10,"t":"2026-07-15T09:00:00Z"}`+"\n"))
	writeFile(t, in, "1.jsonl", []byte(`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z"}`+"\n"+`{"k":"b","v":2,"t":"2026-07-15T10:00:00Z"}`+"\n"))
	if err := run(); err != nil {
		t.Fatal(err)
	}
	// a file added to the static directory counts from the next batch
	writeFile(t, dim, "b.jsonl", []byte(`{"k":"b","v":"twenty","t":"2026-07-15T09:00:00Z"}`+"\n"))
	writeFile(t, in, "2.jsonl", []byte(`{"k":"b","v":3,"t":"2026-07-15T11:00:00Z"}`+"\n"))
	err := run()
	var se *StaticRowError
	if !errors.As(err, &se) || se.Asset != "r" || se.Contract != "ev" || se.FieldPath != "v" || se.Rows != 1 ||
		!strings.Contains(err.Error(), StaticRowMarker+" static table r has a row that breaks contract ev: WRONG_TYPE at \"v\"") {
		t.Fatalf("a batch over an invalid static row = %v; want a StaticRowError for r.v", err)
	}
	writeFile(t, dim, "b.jsonl", []byte(`{"k":"b","v":20,"t":"2026-07-15T09:00:00Z"}`+"\n"))
	if err := run(); err != nil {
		t.Fatalf("the batch re-run with the row fixed: %v", err)
	}
	want := sorted([]string{
		`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z","rv":10,"rt":"2026-07-15T09:00:00Z"}`,
		`{"k":"b","v":3,"t":"2026-07-15T11:00:00Z","rv":20,"rt":"2026-07-15T09:00:00Z"}`,
	})
	if diff := cmp.Diff(want, rows()); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

// staticJoinDoc is a pipeline joining stream l with static table r on k.
func staticJoinDoc() *ir.Document {
	right := &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{input("r")},
		Columns: []ir.NamedExpr{{Name: "k", Expr: col("k")}, {Name: "rv", Expr: col("v")}, {Name: "rt", Expr: col("t")}}}
	plan := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{input("l"), right},
		Join: &ir.Join{Type: ir.JoinInner, LeftKeys: []string{"k"}, RightKeys: []string{"k"}, Static: true}}
	doc := pipelineDoc(plan, joinOut, []string{"l", "r"})
	doc.Pipelines[0].Extracts[1].Static = true
	doc.Transformations[0].Inputs[1].Static = true
	return doc
}
