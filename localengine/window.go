package localengine

import (
	"fmt"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// windowSpec is a compiled event-time window, in microseconds.
type windowSpec struct {
	kind  ir.WindowKind
	col   int
	size  int64 // tumbling and sliding: window duration
	slide int64 // sliding: slide; tumbling: size
	gap   int64 // session
}

func compileWindow(w *ir.Window, s *Schema) (*windowSpec, error) {
	col := s.Index(w.TimeColumn)
	if col < 0 {
		return nil, fmt.Errorf("compile window: unknown time column %s", w.TimeColumn)
	}
	ws := &windowSpec{kind: w.Kind, col: col}
	var err error
	switch w.Kind {
	case ir.Tumbling:
		ws.size, err = durMicros(w.Duration)
		ws.slide = ws.size
	case ir.Sliding:
		ws.size, err = durMicros(w.Duration)
		if err == nil {
			ws.slide, err = durMicros(w.Slide)
		}
	case ir.Session:
		ws.gap, err = durMicros(w.Gap)
	default:
		err = fmt.Errorf("unknown window kind %q", w.Kind)
	}
	if err == nil && ws.size <= 0 && ws.gap <= 0 {
		err = fmt.Errorf("window duration must be positive")
	}
	if err != nil {
		return nil, fmt.Errorf("compile window: %w", err)
	}
	return ws, nil
}

// durMicros parses an IR duration into microseconds.
func durMicros(d ir.Duration) (int64, error) {
	x, err := time.ParseDuration(string(d))
	return x.Microseconds(), err
}

// floorDiv is floor(a / b) for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// assign returns the [start, end) windows that contain event time t, as
// Spark's TimeWindowing rule computes them: windows aligned to the epoch
// (startTime 0), lastStart = t - pmod(t, slide), then
// ceil(size/slide) windows back from it, keeping those with
// start <= t < end. A session window is [t, t+gap) before merging
// (SessionWindowing).
func (w *windowSpec) assign(t int64, out [][2]int64) [][2]int64 {
	out = out[:0]
	if w.kind == ir.Session {
		return append(out, [2]int64{t, t + w.gap})
	}
	lastStart := floorDiv(t, w.slide) * w.slide
	n := (w.size + w.slide - 1) / w.slide
	for i := n - 1; i >= 0; i-- {
		start := lastStart - i*w.slide
		if start <= t && t < start+w.size {
			out = append(out, [2]int64{start, start + w.size})
		}
	}
	return out
}

// maxEnd is the end of the latest window that contains t: a row is behind
// the watermark for a windowed aggregation when maxEnd(t) <= watermark
// (every window it belongs to is closed).
func (w *windowSpec) maxEnd(t int64) int64 {
	if w.kind == ir.Session {
		return t + w.gap
	}
	return floorDiv(t, w.slide)*w.slide + w.size
}
