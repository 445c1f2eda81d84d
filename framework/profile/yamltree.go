package profile

import (
	"gopkg.in/yaml.v3"
)

// treeCheck measures a document's node tree as the decoder would walk it,
// with every alias and merge key expanded, in one pass over the tree as
// written: an alias counts the memoised size of its anchor's subtree
// instead of walking it again. An alias inside the node it refers to is a
// cycle. The pass stops at the first limit it reports.
type treeCheck struct {
	d        *decoder
	nodes    int                     // nodes written in the file, so far
	expanded int                     // nodes of the expanded tree, so far
	open     map[*yaml.Node]bool     // anchored nodes whose subtree is being walked
	measured map[*yaml.Node]treeSize // the expanded size of anchored nodes walked
	stop     bool                    // a limit was reported
	cyclic   bool                    // an alias cycle was reported
}

// treeSize is the size of an expanded subtree: its nodes and its height.
type treeSize struct{ nodes, height int }

// checkTree reports alias cycles and the node, expansion and depth limits
// of the tree under root, and returns whether it may be decoded.
func (d *decoder) checkTree(root *yaml.Node) bool {
	c := &treeCheck{d: d, open: map[*yaml.Node]bool{}, measured: map[*yaml.Node]treeSize{}}
	c.walk(root, 1)
	return !c.stop && !c.cyclic
}

// walk measures the expanded subtree of n, which sits at depth in the
// expanded tree.
func (c *treeCheck) walk(n *yaml.Node, depth int) treeSize {
	if c.stop {
		return treeSize{}
	}
	if c.nodes++; c.nodes > MaxNodes {
		c.limit(CodeTooManyNodes, n, "split the profile (one per deployment) or remove keys it does not need",
			"the profile has more than %d YAML nodes (keys, values and list items)", MaxNodes)
		return treeSize{}
	}
	if n.Kind == yaml.AliasNode {
		return c.alias(n, depth)
	}
	if !c.grow(n, treeSize{nodes: 1, height: 1}, depth) {
		return treeSize{}
	}
	if n.Anchor != "" {
		c.open[n] = true
	}
	size := treeSize{nodes: 1, height: 1}
	for _, child := range n.Content {
		s := c.walk(child, depth+1)
		size.nodes += s.nodes
		size.height = max(size.height, s.height+1)
	}
	if n.Anchor != "" {
		delete(c.open, n)
		c.measured[n] = size
	}
	return size
}

// alias measures an alias node: the expanded subtree of its anchor, which
// precedes it in the document and was measured already, unless the alias
// is inside it.
func (c *treeCheck) alias(n *yaml.Node, depth int) treeSize {
	if c.open[n.Alias] {
		c.cyclic = true
		c.d.report(CodeAliasCycle, n, "", "anchor a separate mapping and merge it (`<<: *defaults`), never one that encloses the alias",
			"alias *%s is inside the node it refers to: the profile would be infinitely deep", n.Value)
		return treeSize{nodes: 1, height: 1}
	}
	size, ok := c.measured[n.Alias]
	if !ok {
		size = treeSize{nodes: 1, height: 1}
	}
	if !c.grow(n, size, depth) {
		return treeSize{}
	}
	return size
}

// grow adds a subtree of size placed at depth to the expanded tree and
// reports the first expansion or depth limit it crosses.
func (c *treeCheck) grow(n *yaml.Node, size treeSize, depth int) bool {
	if c.expanded += size.nodes; c.expanded > MaxExpandedNodes {
		c.limit(CodeExpansionLimit, n, "write shared settings out, or share them through fewer levels of aliases and merge keys",
			"aliases and merge keys expand the profile to more than %d nodes", MaxExpandedNodes)
		return false
	}
	if depth+size.height-1 > MaxDepth {
		c.limit(CodeTooDeep, n, "flatten the profile: its schema is at most 6 levels deep",
			"the profile nests more than %d levels deep (aliases and merge keys expanded)", MaxDepth)
		return false
	}
	return true
}

// limit reports a limit at n and stops the walk.
func (c *treeCheck) limit(code string, n *yaml.Node, hint, format string, args ...any) {
	c.stop = true
	c.d.report(code, n, "", hint, format, args...)
}
