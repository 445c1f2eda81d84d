package etl_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
)

// SegmentChange is a change row of the customer table: Customer's columns
// and the CDF columns.
type SegmentChange struct {
	CustomerID      int64     `json:"customer_id"`
	Segment         string    `json:"segment"`
	ChangeType      string    `json:"_change_type"`
	CommitVersion   int64     `json:"_commit_version"`
	CommitTimestamp time.Time `json:"_commit_timestamp"`
}

func init() { register[SegmentChange]("segment-change") }

var (
	passChanges = etl.IdentityTransform[SegmentChange]("pass-segment-changes")
	keepChanges = etl.ChangeFilter[SegmentChange]("keep-segment-changes", []etl.ChangeType{etl.Insert, etl.UpdatePostimage, etl.Delete})
	cdfPipeline = etl.NewPipeline("segment-cdf", "1.0.0", func(p *etl.Builder) {
		changes := etl.Extract[SegmentChange](p, "segment_changes")
		kept := keepChanges.Step(p, passChanges.Step(p, changes.Valid(), etl.NoParams{}), etl.NoParams{})
		etl.LoadChanges[Customer](p, "customers", kept)
	})
)

// TestCDFDSL: the identity transformer passes rows through, the change
// filter is a typed predicate on _change_type, and LoadChanges records the
// target contract on the load.
func TestCDFDSL(t *testing.T) {
	doc := etl.DocumentOf(cdfPipeline)
	if len(doc.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %v", doc.Diagnostics)
	}
	pl := doc.Pipelines[0]
	if ld := pl.Loads[0]; ld.Contract != "segment-change" || ld.Changes == nil || ld.Changes.Target != "customer" {
		t.Errorf("load = %+v, want changes of segment-change into customer", ld)
	}
	if op := pl.Steps[0].Plan.Op; op != ir.OpIntoOutput || pl.Steps[0].Plan.Inputs[0].Op != ir.OpInput {
		t.Errorf("identity plan = %s over %s, want into over input", op, pl.Steps[0].Plan.Inputs[0].Op)
	}
	pred, _ := json.Marshal(pl.Steps[1].Plan.Inputs[0].Predicate)
	for _, want := range []string{`"name":"or"`, `"_change_type"`, `"insert"`, `"update_postimage"`, `"delete"`} {
		if !strings.Contains(string(pred), want) {
			t.Errorf("filter predicate %s lacks %s", pred, want)
		}
	}
	if strings.Contains(string(pred), "update_preimage") {
		t.Errorf("filter predicate %s keeps pre-images", pred)
	}
}

// TestChangeFilterWithoutTypes: a filter that keeps nothing, or names an
// unknown change type, is a diagnostic at the user's line.
func TestChangeFilterWithoutTypes(t *testing.T) {
	bad := etl.Transform("bad-change-filter", func(in etl.Stream[SegmentChange], _ etl.NoParams) etl.Stream[SegmentChange] {
		return etl.Into[SegmentChange](in.FilterChanges().FilterChanges("upsert"))
	})
	pl := etl.NewPipeline("bad-cdf", "1.0.0", func(p *etl.Builder) {
		etl.LoadChanges[Customer](p, "customers", bad.Step(p, etl.Extract[SegmentChange](p, "changes").Valid(), etl.NoParams{}))
	})
	var msgs []string
	for _, d := range etl.DocumentOf(pl).Diagnostics {
		if d.Code == ir.CodeBadArgument && strings.HasSuffix(d.Pos.File, "cdf_test.go") {
			msgs = append(msgs, d.Message)
		}
	}
	text := strings.Join(msgs, "\n")
	if !strings.Contains(text, "keeps no row") || !strings.Contains(text, `unknown change type "upsert"`) {
		t.Errorf("diagnostics:\n%s", text)
	}
}

// ExampleChangeTypeIn shows the typed change-type predicate: one
// comparison of _change_type per kept change type.
func ExampleChangeTypeIn() {
	for _, cmp := range etl.ChangeTypeIn(etl.Insert, etl.Delete).IR().Args {
		fmt.Println(cmp.Args[0].Name, cmp.Name, cmp.Args[1].Value)
	}
	// Output:
	// _change_type = insert
	// _change_type = delete
}
