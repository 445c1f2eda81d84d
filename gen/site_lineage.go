package gen

import "fmt"

// The node kinds of the project lineage graph, beside NodeQuarantine and
// NodeLate for contracts only rejected or late rows are written in.
const (
	siteNodePipeline NodeKind = "pipeline" // a pipeline
	siteNodeContract NodeKind = "contract" // a contract at the project's edge
	siteNodeShared   NodeKind = "shared"   // a contract one pipeline writes and another reads
	// svgLabelCh is how many characters of an asset name label an edge.
	svgLabelCh = 24
)

// projectLineage draws the lineage across pipelines: a node per pipeline
// and per contract, an edge from each contract to the pipelines that
// extract it and from each pipeline to the contracts it loads, labelled
// with the asset. A contract one pipeline loads and another extracts is
// one node. Each node links to its page, relative to the site root.
func projectLineage(cat *siteCatalog) svgView {
	var g Graph
	href := map[string]string{}
	pid := map[string]string{} // pipeline page → node id
	for i, p := range cat.Pipelines {
		id := fmt.Sprintf("p%d", i)
		pid[p.Href] = id
		detail := "v" + p.Version
		if p.Target != "" {
			detail += " · " + p.Target
		}
		g.Nodes = append(g.Nodes, GraphNode{ID: id, Ref: p.ID, Kind: siteNodePipeline, Title: "Pipeline: " + p.ID, Detail: detail})
		href[id] = p.Href
	}
	var dashed []bool
	for i, c := range cat.Contracts {
		if len(c.Producers)+len(c.Consumers) == 0 {
			continue
		}
		id := fmt.Sprintf("c%d", i)
		g.Nodes = append(g.Nodes, GraphNode{ID: id, Ref: c.ID, Kind: contractKind(c), Contract: c.ID,
			Title: "Contract: " + contractTitle(c), Detail: c.ID + versionSuffix(c.Contract.Version)})
		href[id] = c.Href
		for _, p := range c.Consumers {
			g.Edges = append(g.Edges, GraphEdge{From: id, To: pid[p.PipelineHref], Label: ellipsis(p.Asset, svgLabelCh)})
			dashed = append(dashed, false)
		}
		for _, p := range c.Producers {
			g.Edges = append(g.Edges, GraphEdge{From: pid[p.PipelineHref], To: id, Label: ellipsis(p.Asset, svgLabelCh)})
			dashed = append(dashed, p.Kind == string(NodeQuarantine) || p.Kind == string(NodeLate))
		}
	}
	forward, back := splitBackEdges(g)
	v := layoutGraph(Graph{Nodes: g.Nodes, Edges: forward})
	at := map[string]svgNode{}
	for i := range v.Nodes {
		v.Nodes[i].Target = href[v.Nodes[i].ID]
		at[v.Nodes[i].ID] = v.Nodes[i]
	}
	for _, e := range back {
		v.Edges = append(v.Edges, edgeOf(at[e.From], at[e.To], nil, e))
	}
	for i := range v.Edges {
		v.Edges[i].Dashed = dashed[edgeIndex(g.Edges, v.Edges[i])]
	}
	return v
}

// splitBackEdges splits the edges into those of a DAG and the back edges
// that close a cycle (a pipeline that reads and writes one contract), found
// by a depth-first search from the nodes nothing points to, then in node
// order; the layout layers the DAG and
// draws each back edge from the bottom of its node.
func splitBackEdges(g Graph) (forward, back []GraphEdge) {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	isBack := make([]bool, len(g.Edges))
	var visit func(id string)
	visit = func(id string) {
		state[id] = open
		for i, e := range g.Edges {
			if e.From != id {
				continue
			}
			switch state[e.To] {
			case open:
				isBack[i] = true
			case unseen:
				visit(e.To)
			}
		}
		state[id] = done
	}
	into := map[string]bool{}
	for _, e := range g.Edges {
		into[e.To] = true
	}
	for _, roots := range []bool{true, false} { // sources first
		for _, n := range g.Nodes {
			if state[n.ID] == unseen && into[n.ID] != roots {
				visit(n.ID)
			}
		}
	}
	for i, e := range g.Edges {
		if isBack[i] {
			back = append(back, e)
		} else {
			forward = append(forward, e)
		}
	}
	return forward, back
}

// edgeIndex is the index in edges of the edge drawn as d.
func edgeIndex(edges []GraphEdge, d svgEdge) int {
	for i, e := range edges {
		if e.From == d.From && e.To == d.To && e.Label == d.Label {
			return i
		}
	}
	return 0
}

// contractKind is how the lineage colours a contract: shared between
// pipelines, written only with rejected or late rows, or at the edge.
func contractKind(c *siteContract) NodeKind {
	if len(c.Producers) > 0 && len(c.Consumers) > 0 {
		return siteNodeShared
	}
	kind := NodeKind("")
	for _, p := range c.Producers {
		switch {
		case kind == "":
			kind = NodeKind(p.Kind)
		case kind != NodeKind(p.Kind):
			return siteNodeContract
		}
	}
	if kind == NodeQuarantine || kind == NodeLate {
		return kind
	}
	return siteNodeContract
}

// contractTitle is the contract's Go name, or its id when unknown.
func contractTitle(c *siteContract) string {
	if c.Contract.Name != "" {
		return c.Contract.Name
	}
	return c.ID
}

// versionSuffix is " v<version>", or "" without one.
func versionSuffix(v string) string {
	if v == "" {
		return ""
	}
	return " v" + v
}
