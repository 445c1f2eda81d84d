package etl_test

import (
	"testing"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// enrichBody joins orders with the static customer table.
func enrichBody(orders etl.Stream[OrderEvent], cust etl.Static[Customer], _ etl.NoParams) etl.Stream[EnrichedOrder] {
	e := EnrichedOrderCols
	return etl.Into[EnrichedOrder](orders.
		Join(cust, etl.Left, etl.On(OrderEventCols.CustomerID, CustomerCols.CustomerID)).
		Select(o.OrderID, o.CustomerID, etl.Coalesce[string](CustomerCols.Segment, etl.Lit("unknown")).As(e.Segment)))
}

var Enrich = etl.TransformStatic("enrich-orders", enrichBody, etl.WithInputs("orders", "customers"))

// matchPayments joins orders with payments made within an hour.
var MatchPayments = etl.Transform2("match-payments",
	func(orders etl.Stream[OrderEvent], pays etl.Stream[Payment], _ etl.NoParams) etl.Stream[PaidOrder] {
		pc := PaymentCols
		return etl.Into[PaidOrder](orders.WithWatermark(o.EventTime, etl.ParseDuration("10m")).
			Join(pays.WithWatermark(pc.PaidAt, etl.ParseDuration("10m")), etl.Inner,
				etl.On(o.OrderID, pc.PaidOrderID),
				etl.Within(o.EventTime, pc.PaidAt, etl.DurationOf(0), etl.ParseDuration("1h"))).
			Select(o.OrderID, pc.PaymentID))
	})

var JoinPipeline = etl.NewPipeline("joins", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[OrderEvent](p, "orders")
	customers := etl.ExtractStatic[Customer](p, "customers")
	pays := etl.Extract[Payment](p, "payments")
	etl.Load(p, "enriched", Enrich.Step(p, orders.Valid(), customers, etl.NoParams{}))
	etl.Load(p, "paid", MatchPayments.Step(p, orders.Valid(), pays.Valid(), etl.NoParams{}))
})

func TestJoinPipeline(t *testing.T) {
	doc := etl.DocumentOf(JoinPipeline)
	if len(doc.Diagnostics) != 0 {
		t.Fatalf("DSL diagnostics: %v", doc.Diagnostics)
	}
	if got := infer.Document(doc); len(got) != 0 {
		t.Fatalf("inference diagnostics: %v", got)
	}
	var enrich *ir.Transformation
	for i := range doc.Transformations {
		if doc.Transformations[i].ID == "enrich-orders" {
			enrich = &doc.Transformations[i]
		}
	}
	if enrich == nil || !enrich.Inputs[1].Static || enrich.Inputs[1].Name != "customers" {
		t.Fatalf("enrich-orders inputs = %+v, want static customers", enrich)
	}
	join := enrich.Plan.Inputs[0].Inputs[0]
	if join.Op != ir.OpJoin || !join.Join.Static || join.Join.Type != ir.JoinLeft {
		t.Fatalf("plan node = %+v, want a static left join", join)
	}
	res := infer.Transformation(doc, enrich)
	want := []infer.Source{{Input: "customers", Column: "segment"}}
	if diff := cmp.Diff(want, res.Schema.Lineage()["segment"]); diff != "" {
		t.Errorf("segment lineage (-want +got):\n%s", diff)
	}
}

func TestInferenceOnDSL(t *testing.T) {
	tests := []struct {
		name string
		tr   func() *etl.Pipeline
		want []string
	}{
		{"example is clean", func() *etl.Pipeline { return CustomerOrderStreaming }, nil},
		{"missing aggregate", func() *etl.Pipeline {
			return simple(etl.Transform("missing-agg", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[CustomerOrderWindow] {
				return etl.Into[CustomerOrderWindow](in.GroupBy(o.CustomerID, etl.TumblingWindow(o.EventTime, etl.ParseDuration("1h"))).
					Agg(etl.Count(o.OrderID).As(w.PaidOrderCount), etl.Sum(o.OrderTotal).As(w.PaidOrderTotal)))
			}))
		}, []string{ir.CodeMissingColumn}},
		{"nullable into required and extra", func() *etl.Pipeline {
			return simple(etl.Transform("nullable", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[EnrichedOrder] {
				return etl.Into[EnrichedOrder](in.Select(o.OrderID, o.CustomerID, o.Coupon.As(EnrichedOrderCols.Segment), o.Status))
			}))
		}, []string{ir.CodeExtraColumn, ir.CodeNullable}},
		{"nil arguments do not panic", func() *etl.Pipeline {
			return simple(etl.Transform("nils", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[OrderEvent] {
				return in.Where(nil).DropDuplicates(nil).Sort(nil)
			}))
		}, []string{ir.CodeTypeMismatch}},
		{"coalesce fixes nullability", func() *etl.Pipeline {
			return simple(etl.Transform("coalesced", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[EnrichedOrder] {
				return etl.Into[EnrichedOrder](in.Select(o.OrderID, o.CustomerID,
					etl.Coalesce[string](o.Coupon, etl.Lit("none")).As(EnrichedOrderCols.Segment)))
			}))
		}, nil},
		{"is-not-null filter fixes nullability", func() *etl.Pipeline {
			return simple(etl.Transform("filtered", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[EnrichedOrder] {
				return etl.Into[EnrichedOrder](in.Where(o.Coupon.IsNotNull()).
					Select(o.OrderID, o.CustomerID, etl.Upper(o.Coupon).As(EnrichedOrderCols.Segment)))
			}))
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := etl.DocumentOf(tt.tr())
			if len(doc.Diagnostics) != 0 {
				t.Fatalf("DSL diagnostics: %v", doc.Diagnostics)
			}
			got := infer.Document(doc)
			if diff := cmp.Diff(tt.want, got.Codes(), cmpEmpty); diff != "" {
				t.Errorf("codes (-want +got):\n%s\n%v", diff, got)
			}
		})
	}
}
