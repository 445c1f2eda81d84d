package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// Engine capabilities: what the profile's engine can run, checked before
// anything starts, so that a pipeline `etlgen validate` accepts compiles
// and starts on its engine (docs/diagnostics.md, S46x).
const (
	CodeLateNoHost          = "ETL-S460" // pyspark: no query runs the stateful operator of a late output's step
	CodeLateNotRereadable   = "ETL-S461" // pyspark: a late output's rows come from a source whose batches cannot be read again
	CodeLateSeveralSources  = "ETL-S462" // pyspark: a late output's stateful operator reads several streaming sources
	CodeLateHostSources     = "ETL-S463" // pyspark: the query hosting a late output reads several streaming sources
	CodeLateAfterState      = "ETL-S464" // pyspark: the rows reaching a late output's operator pass another stateful operator
	CodeLocalSemiJoinNoTime = "ETL-S465" // retired: the local engine evicts a semi join's state by a watermarked join key too
)

// ruleSparkLateRouting: Spark drops rows behind the watermark silently; the
// Spark engine routes them to a Late() output by reading the host query's
// micro-batch again (the Kafka offset range or the file-source log batch
// of its checkpoint) and recomputing the rows that reach the step's first
// stateful operator against the previous batch's watermark. That needs a
// query that runs the operator, exactly one streaming source with batches
// that can be read again (static tables are read in full, as the query
// does), and no other stateful operator on the way.
var ruleSparkLateRouting = Rule{
	Name:    "spark-late-routing",
	Summary: "the Spark engine can route every Late() output: a host query, one re-readable streaming source, no state on the way",
	Codes:   []string{CodeLateNoHost, CodeLateNotRereadable, CodeLateSeveralSources, CodeLateHostSources, CodeLateAfterState},
	Check: func(c *Checker) {
		if !profile.OnSpark(c.env.Engine) {
			return
		}
		c.eachQuery(func(q *query) {
			if q.root != nil && q.root.late && q.root.step != "" {
				checkLateRoute(c, q)
			}
		})
	},
}

const lateHint = "load the late rows from a step whose stateful operator reads one kafka-json or file-json source (static tables may be joined), or drop the Late() load"

// checkLateRoute reports why the Spark engine could not route one late
// output, at its load.
func checkLateRoute(c *Checker, q *query) {
	step := q.root.step
	report := func(code, hint, msg string) {
		c.report(code, diag.Error, q.loadPos(), q.pp.path("load:"+q.name), hint, msg+" (docs/spark-engine.md, \"Late events\")")
	}
	host, _ := lateRoute(q)
	if host == "" {
		report(CodeLateNoHost, "also load the output of step "+step+": that query runs the stateful operator whose batches decide which rows are late",
			fmt.Sprintf("late output %s: no query of pipeline %s runs the stateful operator of step %s, so the Spark engine has no micro-batch to route its late rows from", q.name, q.pp.p.ID, step))
		return
	}
	in := kidFacts(q.root, 0)
	if len(in.stateful) > 0 {
		report(CodeLateAfterState, lateHint,
			fmt.Sprintf("late output %s: the rows reaching the stateful operator of step %s pass %s of step %s first; the Spark engine cannot recompute them from a re-read batch", q.name, step, in.stateful[0].Kind, in.stateful[0].Step))
		return
	}
	srcs := uniq(in.sources)
	switch {
	case len(srcs) > 1:
		report(CodeLateSeveralSources, lateHint,
			fmt.Sprintf("late output %s: the stateful operator of step %s reads the streaming sources %s; the Spark engine routes late rows only from one", q.name, step, strings.Join(srcs, ", ")))
		return
	case len(srcs) == 1:
		if b := c.env.Sources[srcs[0]]; b != nil && !b.Source().Reread {
			report(CodeLateNotRereadable, lateHint,
				fmt.Sprintf("late output %s: step %s reads source %s (plugin %s), whose micro-batches the Spark engine cannot read again on their own (only kafka-json offset ranges and file-json log batches)", q.name, step, srcs[0], pluginName(b)))
			return
		}
	}
	for _, o := range q.pp.queries {
		if o.name == host {
			if hs := o.sourceAssets(); len(hs) > 1 {
				report(CodeLateHostSources, "split the query: load the step's output from a stream of one source",
					fmt.Sprintf("late output %s: query %s, which runs step %s's stateful operator, reads the streaming sources %s; the Spark engine finds a batch's offsets only for a query reading one", q.name, host, step, strings.Join(hs, ", ")))
			}
		}
	}
}
