package planner

import (
	"fmt"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleParameters: the durations of a step's plan parse; a watermark delay is
// not negative; window durations, slides and gaps are positive; a slide is
// not longer than its window; a join's lower time bound is not after its
// upper bound.
var ruleParameters = Rule{
	Name:    "parameters",
	Summary: "durations parse, delay >= 0, window/slide/gap > 0, slide <= window, join lower <= upper",
	Codes:   []string{CodeBadDuration, CodeSlideExceedsWindow, CodeNegativeDelay},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			for i := range pp.p.Steps {
				st := &pp.p.Steps[i]
				walkPlan(st.Plan, func(n *ir.Node) { checkNodeDurations(c, pp, st, n) })
			}
		}
	},
}

func checkNodeDurations(c *Checker, pp *pipe, st *ir.Step, n *ir.Node) {
	d := durChecker{c: c, pos: nodePos(n, st), path: pp.path(st.ID, string(n.Op))}
	switch {
	case n.Op == ir.OpWatermark:
		if v, ok := d.parse("watermark delay", n.Delay); ok && v < 0 {
			d.bad(CodeNegativeDelay, "watermark delay %s is negative", n.Delay)
		}
	case n.Window != nil:
		d.window(n.Window)
	case n.Join != nil && n.Join.TimeRange != nil:
		lo, ok1 := d.parse("join lower bound", n.Join.TimeRange.Lower)
		hi, ok2 := d.parse("join upper bound", n.Join.TimeRange.Upper)
		if ok1 && ok2 && lo > hi {
			d.bad(CodeSlideExceedsWindow, "join time range lower bound %s is after its upper bound %s", n.Join.TimeRange.Lower, n.Join.TimeRange.Upper)
		}
	}
}

type durChecker struct {
	c    *Checker
	pos  diag.Position
	path string
}

func (d durChecker) bad(code, format string, args ...any) {
	d.c.report(code, diag.Error, d.pos, d.path, "fix the parameter value or its default", fmt.Sprintf(format, args...))
}

func (d durChecker) parse(what string, s ir.Duration) (time.Duration, bool) {
	v, err := time.ParseDuration(string(s))
	if err != nil {
		d.bad(CodeBadDuration, "%s %q is not a duration", what, s)
		return 0, false
	}
	return v, true
}

func (d durChecker) positive(what string, s ir.Duration) (time.Duration, bool) {
	v, ok := d.parse(what, s)
	if ok && v <= 0 {
		d.bad(CodeNegativeDelay, "%s %s must be positive", what, s)
		return v, false
	}
	return v, ok
}

func (d durChecker) window(w *ir.Window) {
	switch w.Kind {
	case ir.Session:
		d.positive("session gap", w.Gap)
	case ir.Sliding:
		size, ok1 := d.positive("window duration", w.Duration)
		slide, ok2 := d.positive("window slide", w.Slide)
		if ok1 && ok2 && slide > size {
			d.bad(CodeSlideExceedsWindow, "window slide %s is longer than the window %s: rows between windows would be dropped", w.Slide, w.Duration)
		}
	default:
		d.positive("window duration", w.Duration)
	}
}
