package gen

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"text/template"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// cdfTemplate renders the CDF diagrams view-model; it only loops.
// Parsed when first used, not when every etlgen command starts.
var cdfTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("cdf.md.tmpl").
		Funcs(template.FuncMap{"label": MermaidLabel, "text": mermaidText, "md": markdownText, "htmlcomment": htmlCommentText}).
		ParseFS(templateFS, "templates/cdf.md.tmpl"))
})

// CDFDocs writes, for each pipeline that applies a Change Data Feed with a
// CDF MERGE (etl.LoadChanges), its data-flow flowchart and its checkpoint
// lifecycle sequence diagram as a Markdown fragment: <pipeline>.cdf.md.
// docs/cdf.md shows the example's.
type CDFDocs struct{}

// Name returns "cdf-docs".
func (CDFDocs) Name() string { return "cdf-docs" }

// Spec describes the generator.
func (CDFDocs) Spec() Spec {
	return Spec{
		Summary: "Mermaid data-flow and checkpoint-lifecycle diagrams of each pipeline with a CDF MERGE (Delta Change Data Feed)",
		Group:   GroupDocs,
		Outputs: "<pipeline>.cdf.md",
		Owns:    []string{"*.cdf.md"},
	}
}

// cdfView is what the template reads.
type cdfView struct {
	Header, Pipeline, Version, Query                      string
	QueryTitle, CheckpointTitle, SourceTitle, TargetTitle string
	StartText, ReadText, MergeText                        string
	Nodes                                                 []mermaidNode
	Edges                                                 []mermaidEdge
}

// Generate returns one fragment per pipeline with a CDF MERGE (the first
// such load when there are several).
func (CDFDocs) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	ps := m.pipelines()
	for i := range ps {
		pp := &ps[i]
		v, ok := cdfViewOf(pp)
		if !ok {
			continue
		}
		var buf bytes.Buffer
		if err := cdfTemplate().Execute(&buf, v); err != nil {
			return nil, fmt.Errorf("pipeline %s: render cdf diagrams: %w", pp.ID, err)
		}
		out = append(out, File{Path: pp.ID + ".cdf.md", Data: buf.Bytes()})
	}
	return out, nil
}

// cdfViewOf builds the view of the first CDF MERGE query of a pipeline.
func cdfViewOf(pp *planner.PipelinePlan) (cdfView, bool) {
	for i := range pp.Queries {
		q := &pp.Queries[i]
		if q.Sink.Changes == nil {
			continue
		}
		src, ok := cdfSource(pp, q)
		if !ok {
			continue
		}
		v := cdfView{Header: Header, Pipeline: pp.ID, Version: pp.Version, Query: q.Name}
		cdfNodes(&v, pp, src, q)
		cdfSequence(&v, src, q)
		return v, true
	}
	return cdfView{}, false
}

// cdfSource is the delta-cdf source a query reads.
func cdfSource(pp *planner.PipelinePlan, q *planner.Query) (*planner.Source, bool) {
	for i := range pp.Sources {
		s := &pp.Sources[i]
		if s.Binding != nil && s.Binding.Source().Rows == profile.RowsChanges && slices.Contains(q.Sources, s.Asset) {
			return s, true
		}
	}
	return nil, false
}

// cdfNodes lays out the data flow: table, CDF reader, steps, MERGE, target
// and the checkpoint.
func cdfNodes(v *cdfView, pp *planner.PipelinePlan, src *planner.Source, q *planner.Query) {
	node := func(id, open, close, title, detail string) {
		v.Nodes = append(v.Nodes, mermaidNode{ID: id, Open: open, Close: close, Title: title, Detail: detail})
	}
	edge := func(from, arrow, label, to string) {
		v.Edges = append(v.Edges, mermaidEdge{From: from, Arrow: arrow, Label: label, To: to})
	}
	node("SRC", "[(", ")]", "Source Delta table "+src.Identity, "_delta_log + Change Data Feed")
	node("CDF", "[", "]", "delta-cdf source "+src.Asset, "readChangeFeed=true"+startOption(src))
	prev := "CDF"
	edge("SRC", "-->", "", "CDF")
	for i, sp := range q.StepPlans {
		id := fmt.Sprintf("STEP%d", i+1)
		node(id, "[", "]", stepRole(sp)+": "+sp.Step.Transformation, "step "+sp.Step.ID)
		edge(prev, "-->", "", id)
		prev = id
	}
	cm := q.Sink.Changes
	node("SINK", "[", "]", "CDF MERGE sink "+q.Name, "foreachBatch · keys "+strings.Join(cm.Keys, ", ")+" · latest change per key")
	node("TGT", "[(", ")]", "Target Delta table "+q.Sink.Identity, "contract "+cm.Target)
	node("CKPT", "[(", ")]", "Checkpoint "+q.Checkpoint, "offsets / commits")
	edge(prev, "-->", "", "SINK")
	edge("SINK", "-->", "MERGE", "TGT")
	edge("CDF", "-.->", "reads startOffset on restart", "CKPT")
	edge("SINK", "-.->", "commits endOffset after batch", "CKPT")
}

// startOption renders the source's starting position option, if any.
func startOption(src *planner.Source) string {
	for _, o := range src.Options {
		if o.Name == "startingVersion" || o.Name == "startingTimestamp" {
			return " · " + o.Name + "=" + o.Value
		}
	}
	return ""
}

// stepRole names a step's role in the seed's terms: a change filter when
// its plan filters on _change_type, a transformer otherwise.
func stepRole(sp *planner.StepPlan) string {
	if filtersChangeType(sp.Step.Plan) {
		return "Change filter"
	}
	return "Transformer"
}

// filtersChangeType reports whether a plan filters on _change_type.
func filtersChangeType(n *ir.Node) bool {
	return !n.Walk(func(x *ir.Node) bool {
		return x.Op != ir.OpFilter || !exprUses(x.Predicate, ir.ColChangeType)
	})
}

func exprUses(e *ir.Expr, col string) bool {
	if e == nil {
		return false
	}
	if e.Kind == ir.ExprColumn && e.Name == col {
		return true
	}
	for _, a := range e.Args {
		if exprUses(a, col) {
			return true
		}
	}
	return false
}

// cdfSequence fills in the lifecycle texts.
func cdfSequence(v *cdfView, src *planner.Source, q *planner.Query) {
	v.QueryTitle = "Streaming query " + q.Name + " (" + q.Trigger.String() + ")"
	v.CheckpointTitle = "Checkpoint " + q.Checkpoint + " (offsets/, commits/)"
	v.SourceTitle = "Source " + src.Identity + " (CDF)"
	v.TargetTitle = "Target " + q.Sink.Identity
	v.StartText = "Use the latest version (snapshot as inserts)"
	if opt := strings.TrimPrefix(startOption(src), " · "); opt != "" {
		v.StartText = "Use " + opt
	}
	v.ReadText = "Read CDF changes up to the latest version"
	v.MergeText = "foreachBatch: MERGE the latest change per key (txnAppId, txnVersion = batch id)"
}

// mermaidText makes free text safe in a sequence-diagram participant alias
// or message: the characters Mermaid treats specially become entity codes.
func mermaidText(s string) string {
	return strings.ReplaceAll(mermaidEscape(s), ";", "#59;")
}

// markdownText makes a name safe as inline Markdown text (a heading): line
// breaks and other control characters become spaces, so it cannot start a
// block (a code fence, a raw HTML block); &, < and > become entities, so it
// holds no HTML; and the characters that start inline markup (backslash,
// backtick, *, _, [, ], #, |, ~, !) are backslash-escaped.
func markdownText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case lineBreakOrControl(r):
			b.WriteByte(' ')
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case strings.ContainsRune("\\`*_[]#|~!", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// htmlCommentText makes text safe inside an HTML comment (<!-- ... -->) on
// one line: control characters and line breaks become spaces, < and >
// entities (inert in a comment, but no "-->" or "<!--" can form), and no
// two hyphens stay adjacent.
func htmlCommentText(s string) string {
	out := strings.Map(func(r rune) rune {
		if lineBreakOrControl(r) {
			return ' '
		}
		return r
	}, s)
	out = strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(out)
	for strings.Contains(out, "--") {
		out = strings.ReplaceAll(out, "--", "- -")
	}
	return out
}
