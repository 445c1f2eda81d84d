package etl_test

import (
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

type badDefaultParams struct {
	Delay etl.Duration `param:"delay" default:"15 parsecs"`
}

type ruleParams struct {
	Window etl.Duration `default:"1h" validate:"lte=1h"`
	Label  string       `default:"x" validate:"oneof=x y"`
}

type badTypeParams struct {
	N int `param:"n"`
}

var (
	o = OrderEventCols
	w = CustomerOrderWindowCols
)

// passThrough is a transformation that keeps the order events.
func passThrough[P any](id string) *etl.Transformation[OrderEvent, P, OrderEvent] {
	return etl.Transform(id, func(in etl.Stream[OrderEvent], _ P) etl.Stream[OrderEvent] { return in })
}

// windowed aggregates with the given window.
func windowed(id string, win func() etl.Window) *etl.Transformation[OrderEvent, etl.NoParams, CustomerOrderWindow] {
	return etl.Transform(id, func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[CustomerOrderWindow] {
		return etl.Into[CustomerOrderWindow](in.WithWatermark(o.EventTime, etl.DurationOf(0)).
			GroupBy(o.CustomerID, win()).
			Agg(etl.Count(o.OrderID).As(w.PaidOrderCount), etl.Sum(o.OrderTotal).As(w.PaidOrderTotal), etl.Max(o.EventTime).As(w.LatestEventTime)))
	})
}

// simple builds a pipeline that extracts orders, applies t and loads the result.
func simple[O any](t *etl.Transformation[OrderEvent, etl.NoParams, O]) *etl.Pipeline {
	return etl.NewPipeline("p-"+t.ID(), "1.0.0", func(p *etl.Builder) {
		etl.Load(p, "out", t.Step(p, etl.Extract[OrderEvent](p, "in").Valid(), etl.NoParams{}))
	})
}

func TestDSLDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		pipe func() *etl.Pipeline
		want []string
	}{
		{"valid example", func() *etl.Pipeline { return CustomerOrderStreaming }, nil},
		{"bad default", func() *etl.Pipeline {
			tr := passThrough[badDefaultParams]("bad-default")
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "out", tr.Step(p, etl.Extract[OrderEvent](p, "in").Valid(), badDefaultParams{}))
			})
		}, []string{ir.CodeParamDefault}},
		{"step value breaks rule: the planner checks it", func() *etl.Pipeline { return ruleStep() }, nil},
		{"unsupported param type", func() *etl.Pipeline {
			tr := passThrough[badTypeParams]("bad-type")
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "out", tr.Step(p, etl.Extract[OrderEvent](p, "in").Valid(), badTypeParams{}))
			})
		}, []string{ir.CodeParamStruct}},
		{"no contract", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) { etl.Extract[Unregistered](p, "in") })
		}, []string{ir.CodeNoContract}},
		{"duplicate asset", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				s := etl.Extract[OrderEvent](p, "in")
				etl.Load(p, "in", s.Valid())
			})
		}, []string{ir.CodeDuplicateAsset}},
		{"plan operator in pipeline", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "out", etl.Extract[OrderEvent](p, "in").Valid().Where(o.Status.Eq("paid")))
			})
		}, []string{ir.CodeWrongContext, ir.CodeBadArgument}},
		{"untyped load", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "bad", etl.Extract[OrderEvent](p, "in").Invalid())
			})
		}, []string{ir.CodeUntypedLoad}},
		{"window duration does not parse", func() *etl.Pipeline {
			return simple(windowed("bad-window", func() etl.Window { return etl.TumblingWindow(o.EventTime, etl.ParseDuration("soon")) }))
		}, []string{ir.CodeBadDuration}},
		{"slide longer than window", func() *etl.Pipeline {
			return simple(windowed("bad-slide", func() etl.Window {
				return etl.SlidingWindow(o.EventTime, etl.ParseDuration("10m"), etl.ParseDuration("1h"))
			}))
		}, []string{ir.CodeBadDuration}},
		{"zero session gap", func() *etl.Pipeline {
			return simple(windowed("bad-gap", func() etl.Window { return etl.SessionWindow(o.EventTime, etl.Duration{}) }))
		}, []string{ir.CodeBadDuration}},
		{"body panics", func() *etl.Pipeline {
			return simple(etl.Transform("panics", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[OrderEvent] {
				var m map[string]int
				m["x"] = 1
				return in
			}))
		}, []string{ir.CodeBodyPanic}},
		{"late inside a body", func() *etl.Pipeline {
			return simple(etl.Transform("late-in-body", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[OrderEvent] {
				in.Late()
				return in
			}))
		}, []string{ir.CodeBadLate}},
		{"negative limit and empty agg", func() *etl.Pipeline {
			return simple(etl.Transform("limits", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[CustomerOrderWindow] {
				return etl.Into[CustomerOrderWindow](in.Limit(-1).GroupBy(o.CustomerID).Agg())
			}))
		}, []string{ir.CodeBadArgument, ir.CodeBadArgument}},
		{"stream bound to static input", func() *etl.Pipeline {
			tr := etl.TransformStatic("enrich-bad", enrichBody)
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				s := etl.Extract[OrderEvent](p, "in")
				etl.Load(p, "out", tr.Step(p, s.Valid(), etl.Static[Customer]{}, etl.NoParams{}))
			})
		}, []string{ir.CodeBadArgument}},
		{"gate declared twice, unnamed, bad action", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "out", etl.Extract[OrderEvent](p, "in").Valid())
				etl.Gate(p, "g", etl.RowsBelow("out", 1), etl.Warn)
				etl.Gate(p, "g", etl.RowsBelow("out", 2), etl.Fail)
				etl.Gate(p, "", etl.InvalidRatioAbove("in", 0.1), etl.Warn)
				etl.Gate(p, "h", etl.InvalidRatioAbove("in", 0.1), etl.Action("drop"))
				etl.Gate(p, "i", etl.Check{}, etl.Warn)
				etl.Gate(p, "j", etl.RowsBelow("out", 2), etl.Quarantine)                               // no output
				etl.Gate(p, "k", etl.RowsBelow("out", 2), etl.Warn, etl.QuarantineTo("thin"))           // output without quarantine
				etl.Gate(p, "l", etl.RowsBelow("out", 2), etl.Quarantine, etl.QuarantineTo("thin_out")) // fine
			})
		}, []string{ir.CodeBadGate, ir.CodeBadGate, ir.CodeBadGate, ir.CodeBadGate, ir.CodeBadGate, ir.CodeBadGate}},
		{"rolling gate of 1 or 101 batches, or quarantining", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "out", etl.Extract[OrderEvent](p, "in").Valid())
				etl.Gate(p, "one", etl.InvalidRatioAbove("in", 0.1), etl.Warn, etl.OverLastBatches(1))
				etl.Gate(p, "many", etl.InvalidRatioAbove("in", 0.1), etl.Warn, etl.OverLastBatches(ir.MaxRollingBatches+1))
				etl.Gate(p, "held", etl.RowsBelow("out", 2), etl.Quarantine, etl.QuarantineTo("thin"), etl.OverLastBatches(5))
				etl.Gate(p, "fine", etl.RowsBelow("out", 2), etl.Fail, etl.OverLastBatches(ir.MaxRollingBatches))
			})
		}, []string{ir.CodeRollingGate, ir.CodeRollingGate, ir.CodeRollingGate}},
		{"sliding gate over no time, a part of a millisecond, or quarantining", func() *etl.Pipeline {
			return etl.NewPipeline("p", "1", func(p *etl.Builder) {
				etl.Load(p, "out", etl.Extract[OrderEvent](p, "in").Valid())
				etl.Gate(p, "zero", etl.InvalidRatioAbove("in", 0.1), etl.Warn, etl.OverLast(0))
				etl.Gate(p, "negative", etl.InvalidRatioAbove("in", 0.1), etl.Warn, etl.OverLast(-time.Minute))
				etl.Gate(p, "micros", etl.InvalidRatioAbove("in", 0.1), etl.Warn, etl.OverLast(1500*time.Microsecond))
				etl.Gate(p, "held", etl.RowsBelow("out", 2), etl.Quarantine, etl.QuarantineTo("thin"), etl.OverLast(time.Hour))
				etl.Gate(p, "fine", etl.RowsBelow("out", 2), etl.Fail, etl.OverLast(time.Millisecond))
			})
		}, []string{ir.CodeRollingGate, ir.CodeRollingGate, ir.CodeRollingGate, ir.CodeRollingGate}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := etl.DocumentOf(tt.pipe())
			if diff := cmp.Diff(tt.want, doc.Diagnostics.Codes(), cmpEmpty); diff != "" {
				t.Errorf("codes (-want +got):\n%s\n%v", diff, doc.Diagnostics)
			}
			for _, d := range doc.Diagnostics {
				if !strings.HasSuffix(d.Pos.File, "_test.go") || d.Pos.Line == 0 {
					t.Errorf("diagnostic %s at %s, want a position in the test's source", d.Code, d.Pos)
				}
			}
		})
	}
}

// ruleStep is a pipeline whose step's values break their validate tags.
func ruleStep() *etl.Pipeline {
	tr := passThrough[ruleParams]("rule")
	return etl.NewPipeline("p", "1", func(p *etl.Builder) {
		etl.Load(p, "out", tr.Step(p, etl.Extract[OrderEvent](p, "in").Valid(),
			ruleParams{Window: etl.ParseDuration("2h")}))
	})
}

// TestParamsRecorded: the DSL does not validate parameter values; it
// records what the planner needs to (each parameter's Go field name and
// validate tag, each step value and whether it is the default).
func TestParamsRecorded(t *testing.T) {
	doc := etl.DocumentOf(ruleStep())
	wantDecl := []ir.Param{
		{Name: "window", Type: "duration", Default: "1h", Field: "Window", Validate: "lte=1h"},
		{Name: "label", Type: "string", Default: "x", Field: "Label", Validate: "oneof=x y"},
	}
	if diff := cmp.Diff(wantDecl, doc.Transformations[0].Params); diff != "" {
		t.Errorf("transformation params (-want +got):\n%s", diff)
	}
	wantValues := []ir.ParamValue{{Name: "window", Value: "2h0m0s"}, {Name: "label", Value: "x", Defaulted: true}}
	if diff := cmp.Diff(wantValues, doc.Pipelines[0].Steps[0].Params); diff != "" {
		t.Errorf("step values (-want +got):\n%s", diff)
	}
}

func TestDuplicatePipelineID(t *testing.T) {
	a := etl.NewPipeline("same", "1", func(p *etl.Builder) { etl.Extract[OrderEvent](p, "a") })
	b := etl.NewPipeline("same", "1", func(p *etl.Builder) { etl.Extract[OrderEvent](p, "b") })
	if got := etl.DocumentOf(a, b).Diagnostics.Codes(); !cmp.Equal(got, []string{ir.CodeDuplicateID}) {
		t.Fatalf("codes = %v, want [%s]", got, ir.CodeDuplicateID)
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return cmp.Equal(a, b)
})

// TestDuplicateAssetMessage: the message names the first use with its
// article: "an extract", "a load".
func TestDuplicateAssetMessage(t *testing.T) {
	tests := []struct {
		name string
		body func(p *etl.Builder)
		want string
	}{
		{"extracted", func(p *etl.Builder) {
			etl.Load(p, "in", etl.Extract[OrderEvent](p, "in").Valid())
		}, "asset in is already used by an extract"},
		{"loaded", func(p *etl.Builder) {
			s := etl.Extract[OrderEvent](p, "in").Valid()
			etl.Load(p, "out", s)
			etl.Load(p, "out", s)
		}, "asset out is already used by a load"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := etl.NewPipeline("p", "1", tt.body).Document().Diagnostics
			if len(l) != 1 || l[0].Message != tt.want {
				t.Errorf("diagnostics %v, want one saying %q", l, tt.want)
			}
		})
	}
}
