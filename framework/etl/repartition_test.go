package etl_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// repartitioned is a pipeline whose transformation repartitions the orders
// with body and then aggregates them per customer and hour.
func repartitioned(id string, body func(etl.Stream[OrderEvent]) etl.Stream[OrderEvent]) *etl.Pipeline {
	return simple(etl.Transform(id, func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[CustomerOrderWindow] {
		return etl.Into[CustomerOrderWindow](body(in.WithWatermark(o.EventTime, etl.ParseDuration("10m"))).
			GroupBy(o.CustomerID, etl.TumblingWindow(o.EventTime, etl.ParseDuration("1h"))).
			Agg(etl.Count(o.OrderID).As(w.PaidOrderCount), etl.Sum(o.OrderTotal).As(w.PaidOrderTotal), etl.Max(o.EventTime).As(w.LatestEventTime)))
	}))
}

// repartitionNode returns the repartition node of the pipeline's only
// step, or nil.
func repartitionNode(doc *ir.Document) *ir.Node {
	var found *ir.Node
	for _, st := range doc.Pipelines[0].Steps {
		st.Plan.Walk(func(n *ir.Node) bool {
			if n.Op == ir.OpRepartition {
				found = n
			}
			return true
		})
	}
	return found
}

// TestRepartition: Repartition records its partition count and key columns
// on an OpRepartition node; schema inference reports a count below 1 and a
// key the input lacks.
func TestRepartition(t *testing.T) {
	tests := []struct {
		name       string
		body       func(etl.Stream[OrderEvent]) etl.Stream[OrderEvent]
		partitions int
		keys       []string
		infer      []string
	}{
		{"by the grouping key", func(s etl.Stream[OrderEvent]) etl.Stream[OrderEvent] { return s.Repartition(8, o.CustomerID) },
			8, []string{"customer_id"}, nil},
		{"by two keys", func(s etl.Stream[OrderEvent]) etl.Stream[OrderEvent] { return s.Repartition(2, o.CustomerID, o.Status) },
			2, []string{"customer_id", "status"}, nil},
		{"round robin", func(s etl.Stream[OrderEvent]) etl.Stream[OrderEvent] { return s.Repartition(3) },
			3, []string{}, nil},
		{"nil column skipped", func(s etl.Stream[OrderEvent]) etl.Stream[OrderEvent] { return s.Repartition(4, nil, o.CustomerID) },
			4, []string{"customer_id"}, nil},
		{"zero partitions", func(s etl.Stream[OrderEvent]) etl.Stream[OrderEvent] { return s.Repartition(0, o.CustomerID) },
			0, []string{"customer_id"}, []string{ir.CodeBadArgument}},
		{"unknown column", func(s etl.Stream[OrderEvent]) etl.Stream[OrderEvent] {
			return s.Repartition(4, etl.NewCol[int64]("customer"))
		}, 4, []string{"customer"}, []string{ir.CodeUnknownColumn}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := etl.DocumentOf(repartitioned("repart", tt.body))
			if len(doc.Diagnostics) != 0 {
				t.Fatalf("DSL diagnostics: %v", doc.Diagnostics)
			}
			n := repartitionNode(doc)
			if n == nil {
				t.Fatal("the step's plan has no repartition node")
			}
			if n.Partitions != tt.partitions || !cmp.Equal(n.Keys, tt.keys, cmpEmpty) || n.Pos.Line == 0 {
				t.Errorf("node = %d partitions by %q at %s, want %d by %q at the caller's line", n.Partitions, n.Keys, n.Pos, tt.partitions, tt.keys)
			}
			if diff := cmp.Diff(tt.infer, infer.Document(doc).Codes(), cmpEmpty); diff != "" {
				t.Errorf("inference codes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRepartitionStatic: a static table repartitions like a stream, and its
// repartition stays on the static side of the join.
func TestRepartitionStatic(t *testing.T) {
	tr := etl.TransformStatic("enrich-repart", func(orders etl.Stream[OrderEvent], cust etl.Static[Customer], _ etl.NoParams) etl.Stream[EnrichedOrder] {
		return etl.Into[EnrichedOrder](orders.
			Join(cust.Repartition(2, CustomerCols.CustomerID), etl.Left, etl.On(o.CustomerID, CustomerCols.CustomerID)).
			Select(o.OrderID, o.CustomerID, etl.Coalesce[string](CustomerCols.Segment, etl.Lit("unknown")).As(EnrichedOrderCols.Segment)))
	})
	doc := etl.DocumentOf(etl.NewPipeline("p-static-repart", "1", func(p *etl.Builder) {
		etl.Load(p, "out", tr.Step(p, etl.Extract[OrderEvent](p, "in").Valid(), etl.ExtractStatic[Customer](p, "customers"), etl.NoParams{}))
	}))
	if len(doc.Diagnostics) != 0 {
		t.Fatalf("DSL diagnostics: %v", doc.Diagnostics)
	}
	if got := infer.Document(doc); len(got) != 0 {
		t.Fatalf("inference diagnostics: %v", got)
	}
	n := repartitionNode(doc)
	join := doc.Pipelines[0].Steps[0].Plan.Inputs[0].Inputs[0]
	if n == nil || n.Partitions != 2 || n.Inputs[0].Op != ir.OpInput || join.Op != ir.OpJoin || join.Inputs[1] != n || !join.Join.Static {
		t.Fatalf("repartition node = %+v, want 2 partitions of the static input on the right of a static join", n)
	}
}

// TestRepartitionOnPipelineStream: a pipeline stream has no plan operators
// (ETL-D207); the load then reports its empty stream (ETL-D213).
func TestRepartitionOnPipelineStream(t *testing.T) {
	doc := etl.DocumentOf(etl.NewPipeline("p-wrong", "1", func(p *etl.Builder) {
		etl.Load(p, "out", etl.Extract[OrderEvent](p, "in").Valid().Repartition(4, o.CustomerID))
	}))
	want := []string{ir.CodeWrongContext, ir.CodeBadArgument}
	if got := doc.Diagnostics.Codes(); !cmp.Equal(got, want) {
		t.Fatalf("codes = %v, want %v", got, want)
	}
}
