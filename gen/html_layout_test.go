package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// TestLayoutEdgesAvoidUnrelatedNodes: in the HTML graph of every pipeline
// case (gen's and pyspark's), no edge passes through the box of a node it
// does not join.
func TestLayoutEdgesAvoidUnrelatedNodes(t *testing.T) {
	dirs := pipelineCases(t)
	more, _ := filepath.Glob("../pyspark/testdata/*/ir.json")
	for _, f := range more {
		if fileExists(filepath.Join(filepath.Dir(f), "profile.yaml")) {
			dirs = append(dirs, filepath.Dir(f))
		}
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			m := layoutModel(t, dir)
			for i := range m.Plan.Pipelines {
				v := layoutGraph(PipelineGraph(m, &m.Plan.Pipelines[i]))
				for _, c := range edgeCrossings(t, v) {
					t.Error(c)
				}
			}
		})
	}
}

// TestLayoutLongEdgeGetsSlots: an edge that spans layers (the static side
// of a join in a second step) is routed through slots of its own: the
// graph is taller by one row, and the crossing checker sees the route.
func TestLayoutLongEdgeGetsSlots(t *testing.T) {
	g := Graph{
		Nodes: []GraphNode{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "q"}, {ID: "s"}},
		Edges: []GraphEdge{{From: "a", To: "b"}, {From: "b", To: "c"}, {From: "a", To: "q"}, {From: "s", To: "c"}},
	}
	// s (layer 0) → c (layer 2) passes layer 1, where b and q are.
	v := layoutGraph(g)
	if got := edgeCrossings(t, v); len(got) != 0 {
		t.Errorf("crossings: %v", got)
	}
	if want := 2*svgMargin + 3*svgNodeH + 2*svgGapY; v.Height != want {
		t.Errorf("height = %d, want %d (three rows in layer 1: b, q and the slot of s→c)", v.Height, want)
	}
	// The checker itself: a straight edge through q's box is a crossing.
	q := v.Nodes[3]
	bad := v
	bad.Edges = []svgEdge{{From: "s", To: "c", Path: fmt.Sprintf("M%d %d L%d %d", q.X-10, q.Y+q.H/2, q.X+q.W+10, q.Y+q.H/2)}}
	if got := edgeCrossings(t, bad); len(got) != 1 {
		t.Errorf("checker found %d crossings of a straight edge through q, want 1: %v", len(got), got)
	}
}

// layoutModel plans a case directory's ir.json with its profile.yaml.
func layoutModel(t *testing.T, dir string) *Model {
	t.Helper()
	if strings.HasPrefix(filepath.Base(dir), "pipeline_") {
		return pipelineModel(t, dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, "ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(filepath.Join(dir, "profile.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	return planned(doc, prof)
}

// edgeCrossings lists every edge that passes through the box of a node
// other than its two ends, sampling each segment of its path.
func edgeCrossings(t *testing.T, v svgView) []string {
	t.Helper()
	var out []string
	for _, e := range v.Edges {
		pts := sampledPath(t, e.Path)
		for _, n := range v.Nodes {
			if n.ID == e.From || n.ID == e.To {
				continue
			}
			for _, p := range pts {
				if p[0] > float64(n.X) && p[0] < float64(n.X+n.W) && p[1] > float64(n.Y) && p[1] < float64(n.Y+n.H) {
					out = append(out, fmt.Sprintf("edge %s → %s passes through node %s at (%.0f, %.0f)", e.From, e.To, n.ID, p[0], p[1]))
					break
				}
			}
		}
	}
	return out
}

// sampledPath reads an SVG path of M, L and C commands (absolute, as
// edgeOf writes them) and returns points along it.
func sampledPath(t *testing.T, d string) [][2]float64 {
	t.Helper()
	f := strings.Fields(d)
	num := func(i int) float64 {
		s := strings.TrimLeft(f[i], "MLC")
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("path %q: %v", d, err)
		}
		return x
	}
	var out [][2]float64
	var cur [2]float64
	for i := 0; i < len(f); {
		switch f[i][0] {
		case 'M':
			cur = [2]float64{num(i), num(i + 1)}
			out, i = append(out, cur), i+2
		case 'L':
			to := [2]float64{num(i), num(i + 1)}
			for s := 1; s <= 50; s++ {
				u := float64(s) / 50
				out = append(out, [2]float64{cur[0] + u*(to[0]-cur[0]), cur[1] + u*(to[1]-cur[1])})
			}
			cur, i = to, i+2
		case 'C':
			c1, c2, to := [2]float64{num(i), num(i + 1)}, [2]float64{num(i + 2), num(i + 3)}, [2]float64{num(i + 4), num(i + 5)}
			for s := 1; s <= 50; s++ {
				u := float64(s) / 50
				w0, w1, w2, w3 := (1-u)*(1-u)*(1-u), 3*u*(1-u)*(1-u), 3*u*u*(1-u), u*u*u
				out = append(out, [2]float64{w0*cur[0] + w1*c1[0] + w2*c2[0] + w3*to[0], w0*cur[1] + w1*c1[1] + w2*c2[1] + w3*to[1]})
			}
			cur, i = to, i+6
		default:
			t.Fatalf("path %q: unexpected %q", d, f[i])
		}
	}
	return out
}
