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
	// From and To are the ids of the nodes the edge joins.
	From, To    string
	Path, Label string
	LabelX      int
	LabelY      int
	Dashed      bool
}

// svgPoint is a point of an edge's route.
type svgPoint struct{ X, Y int }

// layoutGraph places the graph left to right, in the manner of Graphviz's
// dot: a node's layer is the longest path from a root; an edge that spans
// more than one layer gets a slot of its own in every layer it passes (a
// virtual node), so it is routed beside the boxes of that layer, never
// through one; nodes and slots keep graph order within a layer, then one
// pass orders each layer by the mean position of its predecessors.
func layoutGraph(g Graph) svgView {
	layer := layersOf(g)
	byLayer, maxLayer := layerItems(g, layer)
	rows := 0
	pos := map[string]float64{}
	for l := 0; l <= maxLayer; l++ {
		orderLayer(byLayer[l], pos)
		for r, it := range byLayer[l] {
			pos[it.key] = float64(r)
		}
		rows = max(rows, len(byLayer[l]))
	}
	v := svgView{Width: 2*svgMargin + (maxLayer+1)*svgNodeW + maxLayer*svgGapX,
		Height: 2*svgMargin + rows*svgNodeH + (rows-1)*svgGapY}
	at := map[string]svgNode{}
	for l := 0; l <= maxLayer; l++ {
		off := (rows - len(byLayer[l])) * (svgNodeH + svgGapY) / 2
		for r, it := range byLayer[l] {
			at[it.key] = placed(g, it, svgMargin+l*(svgNodeW+svgGapX), svgMargin+off+r*(svgNodeH+svgGapY))
		}
	}
	for _, n := range g.Nodes {
		v.Nodes = append(v.Nodes, at[n.ID])
	}
	for i, e := range g.Edges {
		var via []svgNode
		for l := layer[e.From] + 1; l < layer[e.To]; l++ {
			via = append(via, at[virtualKey(i, l)])
		}
		v.Edges = append(v.Edges, edgeOf(at[e.From], at[e.To], via, e))
	}
	return v
}

// layerItem is a node or an edge's virtual slot in a layer; preds are the
// keys of the items it is drawn after.
type layerItem struct {
	key   string
	node  int // index in g.Nodes; -1 for a virtual slot
	layer int
	order int // graph order: nodes first, then slots by edge
	preds []string
}

// virtualKey names the slot of an edge in a layer; no node id (made of
// [A-Za-z0-9_]) contains "@".
func virtualKey(edge, layer int) string { return fmt.Sprintf("edge%d@%d", edge, layer) }

// layerItems lists each layer's nodes and virtual slots in graph order.
func layerItems(g Graph, layer map[string]int) (map[int][]layerItem, int) {
	byLayer := map[int][]layerItem{}
	maxLayer := 0
	preds := map[string][]string{}
	var slots []layerItem
	for i, e := range g.Edges {
		last := e.From
		for l := layer[e.From] + 1; l < layer[e.To]; l++ {
			k := virtualKey(i, l)
			slots = append(slots, layerItem{key: k, node: -1, layer: l, order: len(g.Nodes) + i, preds: []string{last}})
			last = k
		}
		preds[e.To] = append(preds[e.To], last)
	}
	for i, n := range g.Nodes {
		l := layer[n.ID]
		byLayer[l] = append(byLayer[l], layerItem{key: n.ID, node: i, order: i, preds: preds[n.ID]})
		maxLayer = max(maxLayer, l)
	}
	for _, it := range slots {
		byLayer[it.layer] = append(byLayer[it.layer], it)
	}
	return byLayer, maxLayer
}

// placed is the box of a node, or of a virtual slot, at x, y.
func placed(g Graph, it layerItem, x, y int) svgNode {
	if it.node < 0 {
		return svgNode{ID: it.key, X: x, Y: y, W: svgNodeW, H: svgNodeH}
	}
	n := g.Nodes[it.node]
	kicker, name := splitTitle(n.Title)
	sn := svgNode{ID: n.ID, Kind: string(n.Kind), FullTitle: n.Title, FullDetail: n.Detail,
		Kicker: ellipsis(kicker, svgInfoCh), Title: ellipsis(name, svgTitleCh), Detail: ellipsis(n.Detail, svgInfoCh),
		X: x, Y: y, W: svgNodeW, H: svgNodeH}
	sn.Target = "contract-" + n.Contract
	if n.Kind == NodeStep {
		sn.Target = "step-" + n.Ref
	}
	return sn
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

// orderLayer sorts a layer by the mean row of each item's predecessors,
// graph order breaking ties.
func orderLayer(items []layerItem, pos map[string]float64) {
	key := map[string]float64{}
	for _, it := range items {
		sum, n := 0.0, 0
		for _, p := range it.preds {
			if r, ok := pos[p]; ok {
				sum += r
				n++
			}
		}
		key[it.key] = float64(it.order) / 1000
		if n > 0 {
			key[it.key] += sum / float64(n)
		}
	}
	sort.SliceStable(items, func(a, b int) bool { return key[items[a].key] < key[items[b].key] })
}

// edgeOf draws an edge from the right side of a to the left of b: a cubic
// curve across each gap between layers and a straight line through each
// virtual slot (via) of a layer it passes.
func edgeOf(a, b svgNode, via []svgNode, e GraphEdge) svgEdge {
	pts := edgeRoute(a, b, via)
	var path strings.Builder
	fmt.Fprintf(&path, "M%d %d", pts[0].X, pts[0].Y)
	for i := 1; i < len(pts); i++ {
		p, q := pts[i-1], pts[i]
		if i%2 == 0 { // through a slot
			fmt.Fprintf(&path, " L%d %d", q.X, q.Y)
			continue
		}
		mx := (p.X + q.X) / 2
		fmt.Fprintf(&path, " C%d %d %d %d %d %d", mx, p.Y, mx, q.Y, q.X, q.Y)
	}
	p, q := pts[0], pts[1]
	return svgEdge{From: e.From, To: e.To, Path: path.String(), Label: e.Label,
		LabelX: (p.X + q.X) / 2, LabelY: (p.Y+q.Y)/2 - 6, Dashed: e.Label == "rejected" || e.Label == "late"}
}

// edgeRoute lists the points an edge passes: its start, the left and right
// end of each slot, its end. An edge to the same or an earlier layer (a
// cycle in a model with errors) leaves a from the bottom.
func edgeRoute(a, b svgNode, via []svgNode) []svgPoint {
	pts := []svgPoint{{a.X + a.W, a.Y + a.H/2}}
	if b.X <= a.X {
		pts[0] = svgPoint{a.X + a.W/2, a.Y + a.H}
	}
	for _, s := range via {
		pts = append(pts, svgPoint{s.X, s.Y + s.H/2}, svgPoint{s.X + s.W, s.Y + s.H/2})
	}
	return append(pts, svgPoint{b.X - 6, b.Y + b.H/2})
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
