package planner

import (
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Rule is one check the planner runs over every pipeline of a document. Each
// rule lives in its own file, rule_<name>.go, with the source of the rule
// (Spark's UnsupportedOperationChecker, the programming guide, or etlgen's
// own model) in its doc comment.
type Rule struct {
	// Name is the rule's short name, e.g. "append-aggregation-watermark".
	Name string
	// Summary says in one line what the rule rejects.
	Summary string
	// Codes are the diagnostic codes the rule may report.
	Codes []string
	// Check runs the rule and reports through the checker.
	Check func(c *Checker)
}

// DefaultRules lists every rule the planner runs, in order: definition,
// streaming rules, sinks, checkpoint and storage identity and the capabilities of the
// profile's engine. This is the one place the
// default set is assembled.
func DefaultRules() []Rule {
	return []Rule{
		ruleContractsResolve,
		ruleTransformationsResolve,
		ruleInputsBound,
		ruleAcyclic,
		ruleBranchTypes,
		ruleParameters,
		ruleColumnsExist,
		ruleAppendAggregationWatermark,
		ruleCompleteNeedsAggregation,
		ruleUpdateSessionWindow,
		ruleStreamJoinAppend,
		ruleOuterJoinBounds,
		ruleStreamAntiJoin,
		ruleStaticJoinSide,
		ruleSortOnStream,
		ruleLimitOnStream,
		ruleDistinctAggregate,
		ruleWindowFunction,
		ruleStatefulAfterLate,
		ruleChainedAggregations,
		ruleWindowTime,
		ruleStreamStaticUnion,
		ruleStreamingSource,
		ruleExpandedPlan,
		ruleEventTimeColumns,
		ruleDedupWithinWatermark,
		ruleUnboundedState,
		ruleWatermarkPolicy,
		ruleSinkOutputMode,
		ruleCDFChanges,
		ruleCheckpointIdentity,
		ruleSourceNames,
		ruleStorageIdentity,
		ruleReservedPaths,
		ruleTypedSourcePorts,
		ruleSparkLateRouting,
		ruleGates,
		ruleSparkGates,
		ruleExpectations,
		ruleSparkExpectations,
		ruleSparkExpectGates,
		ruleQuarantine,
	}
}

// Checker gives a rule the analysed pipelines and collects its diagnostics.
type Checker struct {
	ix    *index
	env   *env
	pipes []*pipe
	diags diag.List
}

// report adds one diagnostic.
func (c *Checker) report(code string, sev diag.Severity, pos diag.Position, path, hint, msg string) {
	c.diags.Add(diag.Diagnostic{Code: code, Severity: sev, Pos: pos, Path: path, Message: msg, Hint: hint})
}

// eachQuery calls f for every query of every pipeline.
func (c *Checker) eachQuery(f func(q *query)) {
	for _, pp := range c.pipes {
		for _, q := range pp.queries {
			f(q)
		}
	}
}

// eachOp calls f for every operator of every query (an operator shared by
// two queries is visited twice; duplicate diagnostics are dropped later).
func (c *Checker) eachOp(f func(q *query, n *qnode)) {
	c.eachQuery(func(q *query) {
		for _, n := range q.ops {
			if n.node != nil && !n.static {
				f(q, n)
			}
		}
	})
}

// posOf is the best position of an operator: its own, else its step's.
func (pp *pipe) posOf(n *qnode) diag.Position {
	if n.node != nil && n.node.Pos.IsValid() {
		return n.node.Pos
	}
	if st, ok := pp.steps[n.step]; ok && st.Pos.IsValid() {
		return st.Pos
	}
	return pp.p.Pos
}

// opPath is the model path of an operator: pipeline/step/op.
func (pp *pipe) opPath(n *qnode) string {
	if n.node == nil {
		return pp.path(n.step)
	}
	return pp.path(n.step, string(n.node.Op))
}

// loadPos is the position of a query's load.
func (q *query) loadPos() diag.Position {
	if q.load.Pos.IsValid() {
		return q.load.Pos
	}
	return q.pp.p.Pos
}

// kidFacts returns the facts of an operator's i-th input.
func kidFacts(n *qnode, i int) *facts {
	if i < len(n.kids) && n.kids[i].facts != nil {
		return n.kids[i].facts
	}
	return newFacts(false)
}

func isOp(n *qnode, op ir.Op) bool { return n.node != nil && n.node.Op == op }
