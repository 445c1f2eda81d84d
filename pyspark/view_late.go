package pyspark

import (
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// lateView is a Late() output written by the query holding its stateful
// operator.
type lateView struct {
	Name, Identity string // Python literals
	Title          string // plain text
	Const, Fn      string
	HostCheckpoint string // Python literal
	Source         *sourceView
	// Ports are the source ports the late rows come from: the Python
	// variables (valid, invalid) holding the re-read batch's rows of each.
	Ports []string
	Input string // expression of the late tap over the Ports variables
	// Lets are the assignments Input reads (streams it reads more than
	// once, computed once: shared).
	Lets   []string
	MaxEnd string // Python expression of rt.late_max_end(...)
	// Candidates is the Python expression of rt.late_max_end(...) over
	// the payloads' lenient event time (lateCandidates), "" for none.
	Candidates string
	Columns    []string
	Sink       sinkView
}

// late builds a late output and returns the name of its host query, whose
// foreachBatch writes it: the planner's Query.LateHost and LateSource say
// which query runs the step's stateful operator and which streaming
// source's batch rows reach it. The late rows are recomputed from that
// batch read again (a Kafka offset range, or the files of the file-source
// log batch): the source's rows of the port the stream reads, the
// stateless upstream steps, the step's plan up to its first stateful
// operator, static tables read in full as the query reads them.
//
// The planner refuses what cannot be routed (ETL-S460 to S464); the errors
// here are for a model that was not validated. The caller adds the late
// output's name.
func (g *gen) late(q *planner.Query) (*lateView, string, error) {
	st, ok := g.steps[q.LateStep]
	if !ok || st.late == nil {
		return nil, "", fmt.Errorf("step %s has no stateful operator", q.LateStep)
	}
	host, src, err := g.lateRoute(q)
	if err != nil {
		return nil, "", err
	}
	b := &batchInput{g: g, src: src}
	input, err := b.lateInput(st)
	if err != nil {
		return nil, "", err
	}
	c, err := declared(q.Sink.Def, q.Sink.Contract)
	if err != nil {
		return nil, "", err
	}
	base := g.ids.claim(q.Name, lateForms...)
	lv := &lateView{Name: PyString(q.Name), Identity: PyString(q.Identity), Const: constName(base), Fn: base,
		Title:          fmt.Sprintf("%s: rows step %s drops behind the watermark, appended to %s", q.Name, q.LateStep, q.Sink.Identity),
		HostCheckpoint: PyString(host.Checkpoint), Source: src, Ports: b.ports, MaxEnd: maxEnd(st.late), Input: input, Lets: b.sh.Lets}
	lv.Candidates = lateCandidates(st, src, b)
	have := map[string]bool{"watermark_at_arrival": true, "reason_code": true}
	schema, ok := st.plan.Node(st.late.Inputs[0])
	if !ok {
		return nil, "", fmt.Errorf("step %s: the rows reaching its stateful operator have no inferred schema", q.LateStep)
	}
	for _, name := range schema.Names() {
		have[name] = true
	}
	lv.Columns = pyList(conform(c, have))
	if lv.Sink, err = g.sink(&q.Sink, c); err != nil {
		return nil, "", err
	}
	if lv.Sink.Kind == "merge" {
		lv.Sink.Kind = "append"
	}
	return lv, host.Name, nil
}

// lateForms are the module names a late output defines (idents.claim).
var lateForms = []string{"write_%s", "%S_IDENTITY", "%S_TARGET", "%S_SCHEMA_SQL", "%S_CREATE_SQL", "%S_LAYOUT", "%S_COLUMNS"}

// lateRoute returns the late output's host query and the view of the
// source whose batch it reads again, as the planner found them.
func (g *gen) lateRoute(q *planner.Query) (*planner.Query, *sourceView, error) {
	host := q.LateHostQuery
	if host == nil || host.Branch == ir.PortLate {
		return nil, nil, fmt.Errorf("no query runs the stateful operator of step %s (%s)", q.LateStep, planner.CodeLateNoHost)
	}
	src := g.sources[q.LateSource]
	switch {
	case q.LateSource == "" || src == nil:
		return nil, nil, fmt.Errorf("the rows reaching the stateful operator of step %s do not come from exactly one streaming source (%s)", q.LateStep, planner.CodeLateSeveralSources)
	case src.Reread == "":
		return nil, nil, fmt.Errorf("step %s reads source %s (plugin %s), whose batches cannot be read again (%s)", q.LateStep, src.Asset, src.Plugin, planner.CodeLateNotRereadable)
	case !slices.Equal(host.Sources, []string{src.Asset}):
		// the batch's offsets are the checkpoint's first source's
		return nil, nil, fmt.Errorf("query %s reads the streaming sources %v, not only %s (%s)", host.Name, host.Sources, src.Asset, planner.CodeLateHostSources)
	}
	return host, src, nil
}

// batchInput renders the late rows' input over a re-read batch of one
// source: the Python variables "valid" / "invalid" hold its rows of that
// port (ports lists those used, sorted).
type batchInput struct {
	g     *gen
	src   *sourceView
	ports []string
	sh    shared
}

// lateInput calls the step's late-input function with its inputs over the
// batch; an input the rows reaching the stateful operator do not read is
// None.
func (b *batchInput) lateInput(st *stepView) (string, error) {
	read := map[string]bool{}
	st.late.Inputs[0].Walk(func(n *ir.Node) bool {
		if n.Op == ir.OpInput {
			read[n.Input] = true
		}
		return true
	})
	for _, in := range st.inputs {
		if read[in.Input] {
			b.sh.count(in.From, b.g.upstream)
		}
	}
	args := make([]string, len(st.inputs))
	for i, in := range st.inputs {
		args[i] = "None"
		if !read[in.Input] {
			continue
		}
		a, err := b.ref(in.From)
		if err != nil {
			return "", fmt.Errorf("step %s: %w", st.ID, err)
		}
		args[i] = a
	}
	return st.LateFn + "(" + strings.Join(args, ", ") + ")", nil
}

// ref is the Python expression of a stream over the batch: the batch's
// rows of a port of the source, a static table read in full, or a
// stateless step over those; a stream read more than once by name.
func (b *batchInput) ref(r ir.Ref) (string, error) {
	return b.sh.read(r, func() (string, error) { return b.build(r) })
}

// build is the expression computing a stream over the batch.
func (b *batchInput) build(r ir.Ref) (string, error) {
	if sv, ok := b.g.sources[r.Node]; ok {
		switch {
		case sv == b.src:
			return b.port(r)
		case sv.Static:
			return b.g.build(r, "spark", &b.sh)
		}
		return "", fmt.Errorf("reads the streaming source %s besides %s (%s)", r.Node, b.src.Asset, planner.CodeLateSeveralSources)
	}
	st, ok := b.g.steps[r.Node]
	switch {
	case !ok:
		return "", fmt.Errorf("stream %s is neither a source nor a step", r.Node)
	case st.late != nil:
		return "", fmt.Errorf("reads step %s, which keeps state (%s)", r.Node, planner.CodeLateAfterState)
	}
	if err := b.g.enter(r.Node); err != nil {
		return "", err
	}
	defer delete(b.g.reading, r.Node)
	args := make([]string, len(st.inputs))
	for i, in := range st.inputs {
		a, err := b.ref(in.From)
		if err != nil {
			return "", err
		}
		args[i] = a
	}
	return st.Fn + "(" + strings.Join(args, ", ") + ")", nil
}

// port names the variable holding the batch's rows of the port read.
func (b *batchInput) port(r ir.Ref) (string, error) {
	v := r.Port
	switch r.Port {
	case ir.PortValid, "":
		v = ir.PortValid
	case ir.PortInvalid:
		if b.src.Typed {
			return "", fmt.Errorf("source %s reads typed rows: it has no invalid rows", r.Node)
		}
	default:
		return "", fmt.Errorf("port %s of source %s cannot be read again", r.Port, r.Node)
	}
	if !slices.Contains(b.ports, v) {
		b.ports = append(b.ports, v)
		slices.Sort(b.ports)
	}
	return v, nil
}

// maxEnd renders the rt.late_max_end call for the stateful operator: the
// end of the latest window holding a row's event time (or the event time).
func maxEnd(n *ir.Node) string { return maxEndOf(n, SQLIdent(lateTimeColumn(n))) }

// lateTimeColumn is the event-time column the stateful operator judges
// late rows by: its window's time column, or its watermark's column.
func lateTimeColumn(n *ir.Node) string {
	if w := n.Window; w != nil {
		return w.TimeColumn
	}
	return watermarkColumn(n)
}

// maxEndOf renders the rt.late_max_end call for the stateful operator over
// the SQL of a row's event time.
func maxEndOf(n *ir.Node, timeSQL string) string {
	kind := "none"
	var size, slide, gap int64
	if w := n.Window; w != nil {
		kind = string(w.Kind)
		size, slide, gap = micros(w.Duration), micros(w.Slide), micros(w.Gap)
		if slide == 0 {
			slide = size
		}
	}
	return fmt.Sprintf("rt.late_max_end(%s, %s, %d, %d, %d)", PyString(timeSQL), PyString(kind), size, slide, gap)
}

// watermarkColumn is the column of the withWatermark nearest the operator
// on its first input (the rows a late tap reads), "" when none.
func watermarkColumn(n *ir.Node) string {
	col := ""
	if len(n.Inputs) > 0 {
		n.Inputs[0].Walk(func(x *ir.Node) bool {
			if x.Op == ir.OpWatermark {
				col = x.Column // post-order: the last one met is the nearest
			}
			return true
		})
	}
	return col
}
