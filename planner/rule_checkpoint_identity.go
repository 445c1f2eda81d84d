package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// ruleCheckpointIdentity: every query has its own checkpoint, derived from
// pipeline id, major version, profile and query name; two queries sharing
// one (in one pipeline or across the pipelines planned together) would
// corrupt each other's offsets and state, so the plan is rejected before
// anything starts.
var ruleCheckpointIdentity = Rule{
	Name:    "checkpoint-identity",
	Summary: "each query has its own, well-formed checkpoint location",
	Codes:   []string{CodeSharedCheckpoint, CodeUnsafeQueryName, CodeCheckpointBadMajor},
	Check: func(c *Checker) {
		if c.env.Profile != "" && !safeSegment(c.env.Profile) {
			c.report(CodeUnsafeQueryName, diag.Error, c.env.Pos, "profile", "use letters, digits, '-', '_' and '.' only",
				fmt.Sprintf("profile name %q cannot be a checkpoint path segment", c.env.Profile))
		}
		for _, pp := range c.pipes {
			checkPipelineSegments(c, pp)
		}
		owners := map[string]*query{}
		c.eachQuery(func(q *query) {
			if !safeSegment(q.name) {
				c.report(CodeUnsafeQueryName, diag.Error, q.loadPos(), q.pp.path("load:"+q.name), "use letters, digits, '-', '_' and '.' only",
					fmt.Sprintf("query name %q cannot be a checkpoint path segment", q.name))
			}
			path := q.checkpoint(c.env)
			if prev, ok := owners[path]; ok {
				c.report(CodeSharedCheckpoint, diag.Error, q.loadPos(), q.pp.path("load:"+q.name), "give each pipeline a distinct id and each load a distinct asset",
					fmt.Sprintf("query %s of pipeline %s and query %s of pipeline %s share checkpoint %s", prev.name, prev.pp.p.ID, q.name, q.pp.p.ID, path))
				return
			}
			owners[path] = q
		})
	},
}

func checkPipelineSegments(c *Checker, pp *pipe) {
	p := pp.p
	if Major(p.Version) == "" {
		c.report(CodeCheckpointBadMajor, diag.Error, p.Pos, p.ID, "use a semantic version such as 1.0.0",
			fmt.Sprintf("pipeline %s version %q has no major number for its checkpoint identity", p.ID, p.Version))
	}
	if !safeSegment(p.ID) {
		c.report(CodeUnsafeQueryName, diag.Error, p.Pos, p.ID, "use letters, digits, '-', '_' and '.' only",
			fmt.Sprintf("pipeline id %q cannot be a checkpoint path segment", p.ID))
	}
}

// checkpoint is the query's checkpoint location.
func (q *query) checkpoint(e *env) string {
	return CheckpointPath(e.CheckpointRoot, q.pp.p.ID, q.pp.p.Version, e.Profile, q.name)
}
