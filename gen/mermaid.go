package gen

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/etlgen/etlgen/planner"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

// mermaidTemplate renders the flowchart view-model; it only loops.
// Parsed when first used, not when every etlgen command starts.
var mermaidTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("mermaid.mmd.tmpl").
		Funcs(template.FuncMap{"label": MermaidLabel, "comment": mermaidComment}).
		ParseFS(templateFS, "templates/mermaid.mmd.tmpl"))
})

// Mermaid writes one Mermaid flowchart per pipeline: <pipeline>.mmd.
type Mermaid struct{}

// Name returns "mermaid".
func (Mermaid) Name() string { return "mermaid" }

// Spec describes the generator.
func (Mermaid) Spec() Spec {
	return Spec{
		Summary: "Mermaid flowchart of each pipeline: source, validation, steps, sinks, quarantine and late outputs",
		Group:   GroupDocs,
		Outputs: "<pipeline>.mmd",
		Owns:    []string{"*.mmd"},
	}
}

// mermaidView is what the template reads.
type mermaidView struct {
	Header, Pipeline, Version string
	Nodes                     []mermaidNode
	Edges                     []mermaidEdge
	Classes                   []mermaidClass
}

type mermaidNode struct{ ID, Open, Close, Title, Detail string }

type mermaidEdge struct{ From, Arrow, Label, To string }

type mermaidClass struct{ Name, Style, IDs string }

// mermaidShapes are the node shapes by kind: open and close brackets.
var mermaidShapes = map[NodeKind][2]string{
	NodeSource: {"[(", ")]"}, NodeValidate: {"{{", "}}"}, NodeStep: {"[", "]"},
	NodeSink: {"[(", ")]"}, NodeQuarantine: {"[(", ")]"}, NodeLate: {"[(", ")]"},
}

// mermaidStyles are the class styles, in output order.
var mermaidStyles = []struct {
	kind  NodeKind
	style string
}{
	{NodeSource, "fill:#e7f0fb,stroke:#2f6db0,color:#10243d"},
	{NodeValidate, "fill:#fdf6e3,stroke:#b08a2f,color:#3d2f10"},
	{NodeStep, "fill:#eaf6ee,stroke:#2f8a4f,color:#10301c"},
	{NodeSink, "fill:#e7f0fb,stroke:#2f6db0,color:#10243d"},
	{NodeQuarantine, "fill:#fbe9e9,stroke:#b03a3a,color:#3d1010"},
	{NodeLate, "fill:#f3ebfa,stroke:#7a4fb0,color:#25103d"},
}

// Generate returns one flowchart per planned pipeline.
func (Mermaid) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	ps := m.pipelines()
	for i := range ps {
		pp := &ps[i]
		var buf bytes.Buffer
		if err := mermaidTemplate().Execute(&buf, mermaidViewOf(m, pp)); err != nil {
			return nil, fmt.Errorf("pipeline %s: render mermaid: %w", pp.ID, err)
		}
		out = append(out, File{Path: pp.ID + ".mmd", Data: buf.Bytes()})
	}
	return out, nil
}

func mermaidViewOf(m *Model, pp *planner.PipelinePlan) mermaidView {
	g := PipelineGraph(m, pp)
	v := mermaidView{Header: Header, Pipeline: pp.ID, Version: pp.Version}
	ids := map[NodeKind][]string{}
	for _, n := range g.Nodes {
		sh := mermaidShapes[n.Kind]
		v.Nodes = append(v.Nodes, mermaidNode{ID: n.ID, Open: sh[0], Close: sh[1], Title: n.Title, Detail: n.Detail})
		ids[n.Kind] = append(ids[n.Kind], n.ID)
	}
	for _, e := range g.Edges {
		arrow := "-->"
		if e.Label == "rejected" || e.Label == "late" {
			arrow = "-.->"
		}
		v.Edges = append(v.Edges, mermaidEdge{From: e.From, Arrow: arrow, Label: e.Label, To: e.To})
	}
	for _, s := range mermaidStyles {
		v.Classes = append(v.Classes, mermaidClass{Name: string(s.kind), Style: s.style, IDs: strings.Join(ids[s.kind], ",")})
	}
	return v
}

// MermaidLabel quotes text for use inside a double-quoted Mermaid label:
// every character Mermaid or its HTML labels treat specially becomes a
// numeric entity code (#34; for a double quote), control characters become
// spaces, an empty label becomes a space, and a non-empty detail goes on
// a second line.
func MermaidLabel(title, detail string) string {
	out := mermaidEscape(title)
	if out == "" {
		out = " " // Mermaid rejects an empty quoted label
	}
	if detail != "" {
		out += "<br/>" + mermaidEscape(detail)
	}
	return out
}

// mermaidSpecial are the characters MermaidLabel writes as entity codes.
const mermaidSpecial = "\"#&<>`|\\"

func mermaidEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case lineBreakOrControl(r):
			b.WriteByte(' ')
		case strings.ContainsRune(mermaidSpecial, r):
			b.WriteString("#" + strconv.Itoa(int(r)) + ";")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mermaidComment makes text safe in a %% comment line: no line break or
// other control character survives.
func mermaidComment(s string) string {
	return strings.Map(func(r rune) rune {
		if lineBreakOrControl(r) {
			return ' '
		}
		return r
	}, s)
}

// lineBreakOrControl reports whether r is a control character (C0, DEL,
// C1: NUL, \n, \r, U+0085 included) or a Unicode line or paragraph
// separator (U+2028, U+2029): characters a one-line text must not hold.
func lineBreakOrControl(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f || r == '\u2028' || r == '\u2029'
}
