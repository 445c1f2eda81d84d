package ir

// Walk calls fn for n and every node below it, inputs before the node that
// reads them (post-order), left input first. A node reachable twice is
// visited twice. fn returning false stops the walk; Walk then returns false.
func (n *Node) Walk(fn func(*Node) bool) bool {
	if n == nil {
		return true
	}
	for _, in := range n.Inputs {
		if !in.Walk(fn) {
			return false
		}
	}
	return fn(n)
}

// Stateful reports whether the operator keeps state across micro-batches
// when it runs on a stream: an aggregation, a deduplication, or a join
// whose right side is a stream (not a static table).
func (n *Node) Stateful() bool {
	switch n.Op {
	case OpAggregate, OpDropDuplicates, OpDropDuplicatesWithinWM:
		return true
	case OpJoin:
		return n.Join != nil && !n.Join.Static
	}
	return false
}

// FirstStateful returns the stateful operator nearest the inputs of the
// plan (the first one Walk meets), or nil.
func (n *Node) FirstStateful() *Node {
	var found *Node
	n.Walk(func(x *Node) bool {
		if x.Stateful() {
			found = x
			return false
		}
		return true
	})
	return found
}

// Watermarked reports whether the plan declares a watermark and has a
// stateful operator: Late() of its step has rows to route.
func (n *Node) Watermarked() bool {
	wm, state := false, false
	n.Walk(func(x *Node) bool {
		wm = wm || x.Op == OpWatermark
		state = state || x.Stateful()
		return true
	})
	return wm && state
}
