package gen

import (
	"context"
	"strings"

	"github.com/emicklei/dot"

	"github.com/etlgen/etlgen/planner"
)

// DOT writes one Graphviz graph per pipeline: <pipeline>.dot, built with
// emicklei/dot.
type DOT struct{}

// Name returns "dot".
func (DOT) Name() string { return "dot" }

// Spec describes the generator.
func (DOT) Spec() Spec {
	return Spec{
		Summary: "Graphviz DOT graph of each pipeline (render with dot -Tsvg)",
		Group:   GroupDocs,
		Outputs: "<pipeline>.dot",
		Owns:    []string{"*.dot"},
	}
}

// dotStyles are the node styles by kind: shape, fill and stroke colours.
var dotStyles = map[NodeKind][3]string{
	NodeSource:     {"cylinder", "#e7f0fb", "#2f6db0"},
	NodeValidate:   {"hexagon", "#fdf6e3", "#b08a2f"},
	NodeStep:       {"box", "#eaf6ee", "#2f8a4f"},
	NodeSink:       {"cylinder", "#e7f0fb", "#2f6db0"},
	NodeQuarantine: {"cylinder", "#fbe9e9", "#b03a3a"},
	NodeLate:       {"cylinder", "#f3ebfa", "#7a4fb0"},
}

// Generate returns one graph per planned pipeline.
func (DOT) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	ps := m.pipelines()
	for i := range ps {
		pp := &ps[i]
		out = append(out, File{Path: pp.ID + ".dot", Data: []byte("// " + Header + "\n" + dotGraph(m, pp).String())})
	}
	return out, nil
}

func dotGraph(m *Model, pp *planner.PipelinePlan) *dot.Graph {
	p := pp.IR()
	g := dot.NewGraph(dot.Directed)
	g.ID("pipeline_" + identifier(p.ID))
	g.Attr("rankdir", "LR")
	g.Attr("fontname", "Helvetica")
	g.Attr("label", dot.Literal(DOTQuote(p.ID+" "+p.Version)))
	g.Attr("labelloc", "t")
	pg := PipelineGraph(m, pp)
	nodes := map[string]dot.Node{}
	for _, n := range pg.Nodes {
		st := dotStyles[n.Kind]
		label := n.Title
		if n.Detail != "" {
			label += "\n" + n.Detail
		}
		nodes[n.ID] = g.Node(n.ID).
			Attr("id", n.ID).Attr("label", dot.Literal(DOTQuote(label))).
			Attr("shape", st[0]).Attr("style", "filled,rounded").
			Attr("fillcolor", st[1]).Attr("color", st[2]).Attr("fontname", "Helvetica")
	}
	for _, e := range pg.Edges {
		edge := g.Edge(nodes[e.From], nodes[e.To])
		if e.Label != "" {
			edge.Attr("label", dot.Literal(DOTQuote(e.Label))).Attr("fontname", "Helvetica")
		}
		if e.Label == "rejected" || e.Label == "late" {
			edge.Dashed()
		}
	}
	return g
}

// DOTQuote renders s as a double-quoted DOT string: quotes and backslashes
// are escaped (so \N, \G and friends stay literal text), a newline becomes
// DOT's centred line break \n and other control characters become spaces.
func DOTQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '&':
			b.WriteString("&amp;")
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
