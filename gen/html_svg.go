package gen

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// The geometry of the inline SVG graph, in SVG user units (px).
const (
	svgNodeW   = 244
	svgNodeH   = 74
	svgGapX    = 66
	svgGapY    = 24
	svgMargin  = 12
	svgTitleCh = 26 // characters of a bold name that fit a node
	svgInfoCh  = 38 // characters of a kicker or detail line that fit a node
)

// svgView is the laid-out graph the HTML template draws.
type svgView struct {
	Width, Height int
	Nodes         []svgNode
	Edges         []svgEdge
}

type svgNode struct {
	ID, Kind, Kicker, Title, Detail, FullTitle, FullDetail string
	// Target is the id of the page section the node describes.
	Target     string
	X, Y, W, H int
}

type svgEdge struct {
	Path, Label string
	LabelX      int
	LabelY      int
	Dashed      bool
}

// layoutGraph places the graph left to right: a node's layer is the
// longest path from a root, nodes keep graph order within a layer, then one
// pass orders each layer by the mean position of its predecessors.
func layoutGraph(g Graph) svgView {
	layer := layersOf(g)
	byLayer := map[int][]int{}
	maxLayer := 0
	for i := range g.Nodes {
		l := layer[g.Nodes[i].ID]
		byLayer[l] = append(byLayer[l], i)
		maxLayer = max(maxLayer, l)
	}
	pos := map[string]float64{}
	rows := 0
	for l := 0; l <= maxLayer; l++ {
		orderLayer(g, byLayer[l], pos)
		for r, i := range byLayer[l] {
			pos[g.Nodes[i].ID] = float64(r)
		}
		rows = max(rows, len(byLayer[l]))
	}
	v := svgView{Width: 2*svgMargin + (maxLayer+1)*svgNodeW + maxLayer*svgGapX,
		Height: 2*svgMargin + rows*svgNodeH + (rows-1)*svgGapY}
	at := map[string]svgNode{}
	for l := 0; l <= maxLayer; l++ {
		off := (rows - len(byLayer[l])) * (svgNodeH + svgGapY) / 2
		for r, i := range byLayer[l] {
			n := g.Nodes[i]
			kicker, name := splitTitle(n.Title)
			sn := svgNode{ID: n.ID, Kind: string(n.Kind), FullTitle: n.Title, FullDetail: n.Detail,
				Kicker: ellipsis(kicker, svgInfoCh), Title: ellipsis(name, svgTitleCh), Detail: ellipsis(n.Detail, svgInfoCh),
				X: svgMargin + l*(svgNodeW+svgGapX), Y: svgMargin + off + r*(svgNodeH+svgGapY), W: svgNodeW, H: svgNodeH}
			sn.Target = "contract-" + n.Contract
			if n.Kind == NodeStep {
				sn.Target = "step-" + n.Ref
			}
			at[n.ID] = sn
		}
	}
	for _, n := range g.Nodes {
		v.Nodes = append(v.Nodes, at[n.ID])
	}
	for _, e := range g.Edges {
		v.Edges = append(v.Edges, edgeOf(at[e.From], at[e.To], e.Label))
	}
	return v
}

// layersOf assigns each node the length of the longest path reaching it.
func layersOf(g Graph) map[string]int {
	layer := map[string]int{}
	for range g.Nodes { // at most len(nodes) relaxations in a DAG
		changed := false
		for _, e := range g.Edges {
			if layer[e.To] < layer[e.From]+1 && layer[e.From]+1 < len(g.Nodes) {
				layer[e.To] = layer[e.From] + 1
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return layer
}

// orderLayer sorts a layer by the mean row of each node's predecessors.
func orderLayer(g Graph, idx []int, pos map[string]float64) {
	key := map[int]float64{}
	for _, i := range idx {
		sum, n := 0.0, 0
		for _, e := range g.Edges {
			if e.To == g.Nodes[i].ID {
				if p, ok := pos[e.From]; ok {
					sum += p
					n++
				}
			}
		}
		key[i] = float64(i) / 1000
		if n > 0 {
			key[i] += sum / float64(n)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return key[idx[a]] < key[idx[b]] })
}

// edgeOf draws a cubic curve from the right side of a to the left of b.
func edgeOf(a, b svgNode, label string) svgEdge {
	x1, y1 := a.X+a.W, a.Y+a.H/2
	x2, y2 := b.X-6, b.Y+b.H/2
	if b.X <= a.X { // same or earlier layer: leave from the bottom
		x1, y1 = a.X+a.W/2, a.Y+a.H
	}
	mx := (x1 + x2) / 2
	return svgEdge{
		Path:   fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, mx, y1, mx, y2, x2, y2),
		Label:  label,
		LabelX: mx,
		LabelY: (y1+y2)/2 - 6,
		Dashed: label == "rejected" || label == "late",
	}
}

// ellipsis shortens s to n characters with a trailing "…".
func ellipsis(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// splitTitle splits "Kafka: OrderEvent" or "Validate OrderEvent" into a
// small kicker line and the bold name.
func splitTitle(title string) (kicker, name string) {
	if k, n, ok := strings.Cut(title, ": "); ok {
		return k, n
	}
	if k, n, ok := strings.Cut(title, " "); ok {
		return k, n
	}
	return "", title
}
