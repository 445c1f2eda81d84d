package etl

import (
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// Window groups rows by event time; GroupBy accepts it next to key columns.
// The aggregate's output then has window_start and window_end columns.
type Window struct {
	w ir.Window
	// spans are the durations to check when the window is used.
	spans []windowSpan
}

// windowSpan is one duration of a window and what it is called.
type windowSpan struct {
	what string
	d    Duration
}

// TumblingWindow is a fixed, non-overlapping window of the given size,
// aligned to the Unix epoch.
func TumblingWindow(t Col[time.Time], size Duration) Window {
	return Window{
		w:     ir.Window{Kind: ir.Tumbling, TimeColumn: t.name, Duration: ir.Duration(size.String())},
		spans: []windowSpan{{"window duration", size}},
	}
}

// SlidingWindow is a window of the given size starting every slide; a row
// falls in size/slide windows.
func SlidingWindow(t Col[time.Time], size, slide Duration) Window {
	return Window{
		w: ir.Window{Kind: ir.Sliding, TimeColumn: t.name, Duration: ir.Duration(size.String()),
			Slide: ir.Duration(slide.String())},
		spans: []windowSpan{{"window duration", size}, {"window slide", slide}},
	}
}

// SessionWindow groups rows separated by less than gap of event time.
func SessionWindow(t Col[time.Time], gap Duration) Window {
	return Window{
		w:     ir.Window{Kind: ir.Session, TimeColumn: t.name, Gap: ir.Duration(gap.String())},
		spans: []windowSpan{{"session gap", gap}},
	}
}

// Grouping is a GroupBy key: a column or a Window.
type Grouping interface {
	group(g *Grouped)
}

func (c Col[T]) group(g *Grouped) { g.keys = append(g.keys, c.irExpr()) }

func (w Window) group(g *Grouped) {
	if g.window != nil {
		g.extraWindow = true
	}
	g.window = &w
}

// Grouped is a stream grouped by keys, waiting for its aggregates.
type Grouped struct {
	s           *stream
	keys        []*ir.Expr
	window      *Window
	extraWindow bool
}

// GroupBy groups the rows by key columns and at most one window.
func (s Stream[T]) GroupBy(keys ...Grouping) Grouped {
	g := Grouped{s: s.s}
	for _, k := range keys {
		if k != nil {
			k.group(&g)
		}
	}
	return g
}

// Agg computes aggregates per group. The output has the key columns, then
// window_start and window_end when grouped by a window, then the aggregates.
func (g Grouped) Agg(aggs ...Aggregation) Stream[Row] {
	out := g.s.derive(ir.OpAggregate, typeRow, nil, func(n *ir.Node) {
		n.GroupBy = g.keys
		if g.window != nil {
			w := g.window.w
			n.Window = &w
		}
		for _, a := range aggs {
			if a != nil {
				n.Aggs = append(n.Aggs, a.aggregation())
			}
		}
	})
	if out != nil {
		g.check(out, len(aggs))
	}
	return Stream[Row]{out}
}

// check records problems of the grouping on the aggregate node.
func (g Grouped) check(out *stream, naggs int) {
	pos := out.node.Pos
	if g.extraWindow {
		out.plan.errorf(ir.CodeBadArgument, pos, "group by one window only", "GroupBy has more than one window")
	}
	if naggs == 0 {
		out.plan.errorf(ir.CodeBadArgument, pos, "pass at least one aggregate, e.g. etl.CountAll()", "Agg has no aggregates")
	}
	if g.window == nil {
		return
	}
	for _, sp := range g.window.spans {
		checkDuration(out, sp.what, sp.d, false)
	}
	if len(g.window.spans) == 2 {
		size, slide := g.window.spans[0].d, g.window.spans[1].d
		if size.err == nil && slide.err == nil && slide.d > size.d {
			out.plan.errorf(ir.CodeBadDuration, pos, "use a slide ≤ the window duration",
				"window slide %s is longer than the window duration %s", slide.d, size.d)
		}
	}
}
