package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleStorageIdentity: every load writes a table or directory of its own,
// outside every checkpoint, and no pipeline reads what it writes, directly
// or through other pipelines planned with it. Two writers on one location
// overwrite or mix each other's files (the file sink's part files, Delta's
// transactions of two queries); a query reading its own output never runs
// out of data (an available-now trigger never ends). Locations compare by
// identity (location.go): tables by catalog name, paths resolved and
// normalised (s3/s3a/s3n, file: URIs, trailing slashes), a path overlapping
// another when equal to it or inside it.
var ruleStorageIdentity = Rule{
	Name:    "storage-identity",
	Summary: "each load writes a location of its own, which no pipeline upstream of it reads",
	Codes:   []string{CodeSharedSinkLocation, CodeSinkFeedsSource},
	Check: func(c *Checker) {
		checkWriters(c)
		checkFeedback(c)
	},
}

// writer is a query writing a location: its sink, the output of one of
// its quarantine gates (asset), or its checkpoint.
type writer struct {
	q          *query
	asset      string
	loc        location
	checkpoint bool
}

// writers lists every query's sink location, its quarantine gates'
// outputs and its checkpoint.
func writers(c *Checker) []writer {
	var out []writer
	c.eachQuery(func(q *query) {
		if loc, ok := bindingLocation(q.sink, c.env.WorkDir); ok {
			out = append(out, writer{q: q, asset: q.name, loc: loc})
		}
		for _, g := range q.pp.p.Gates {
			if b := c.env.GateOutputs[g.Output]; b != nil && g.Load == q.name && g.Action == ir.GateQuarantine {
				if loc, ok := bindingLocation(b, c.env.WorkDir); ok {
					out = append(out, writer{q: q, asset: g.Output, loc: loc})
				}
			}
		}
		if c.env.CheckpointRoot != "" {
			out = append(out, writer{q: q, loc: pathLocation(q.checkpoint(c.env), c.env.WorkDir), checkpoint: true})
		}
	})
	return out
}

// checkWriters reports a sink overlapping an earlier sink or any
// checkpoint, once per sink. Two queries sharing a checkpoint are the same
// query twice: ETL-K501 says so already.
func checkWriters(c *Checker) {
	ws := writers(c)
	for i, w := range ws {
		if w.checkpoint {
			continue
		}
		for j, o := range ws {
			sameQuery := o.q.checkpoint(c.env) == w.q.checkpoint(c.env) && o.asset == w.asset
			if i == j || !o.checkpoint && (j > i || sameQuery) || !w.loc.overlaps(o.loc) {
				continue
			}
			reportSharedLocation(c, w, o)
			break
		}
	}
}

func reportSharedLocation(c *Checker, w, o writer) {
	what := fmt.Sprintf("load %s of pipeline %s writes there too (%s)", o.asset, o.q.pp.p.ID, o.loc.text)
	hint := "bind each load to a table or directory of its own, none inside another"
	if o.checkpoint {
		what = fmt.Sprintf("the checkpoint of query %s of pipeline %s is there (%s)", o.q.name, o.q.pp.p.ID, o.loc.text)
		hint = "keep sinks outside execution.checkpoint_root's checkpoints"
	}
	c.report(CodeSharedSinkLocation, diag.Error, w.q.loadPos(), w.q.pp.path("load:"+w.asset), hint,
		fmt.Sprintf("load %s writes %s %s, where %s: each would overwrite or mix the other's data", w.asset, w.loc.kind, w.loc.text, what))
}

// feed is one pipeline's load writing where a source of a pipeline reads.
type feed struct {
	from, to    *pipe
	load        *query
	source      string
	wrote, read location
}

// feeds lists, for every pair of planned pipelines (a pipeline with
// itself included), the loads of the first writing where a source of the
// second reads.
func feeds(c *Checker) []feed {
	var out []feed
	for _, from := range c.pipes {
		for _, q := range from.queries {
			wrote, ok := bindingLocation(q.sink, c.env.WorkDir)
			if !ok {
				continue
			}
			for _, to := range c.pipes {
				for _, ex := range to.p.Extracts {
					if read, ok := bindingLocation(c.env.Sources[ex.Asset], c.env.WorkDir); ok && wrote.overlaps(read) {
						out = append(out, feed{from: from, to: to, load: q, source: ex.Asset, wrote: wrote, read: read})
					}
				}
			}
		}
	}
	return out
}

// checkFeedback reports a load whose output comes back as input: read by
// its own pipeline, or by a pipeline that feeds back into its own.
func checkFeedback(c *Checker) {
	fs := feeds(c)
	next := map[*pipe][]*pipe{}
	for _, f := range fs {
		next[f.from] = append(next[f.from], f.to)
	}
	for _, f := range fs {
		if f.from == f.to {
			reportFeedback(c, f, fmt.Sprintf("source %s of the same pipeline reads %s", f.source, f.read.text))
			continue
		}
		if back := pathBetween(next, f.to, f.from); back != nil {
			reportFeedback(c, f, fmt.Sprintf("source %s of pipeline %s reads %s, and pipeline %s feeds pipeline %s (%s)",
				f.source, f.to.p.ID, f.read.text, f.to.p.ID, f.from.p.ID, pipeIDs(back)))
		}
	}
}

func reportFeedback(c *Checker, f feed, reader string) {
	c.report(CodeSinkFeedsSource, diag.Error, f.load.loadPos(), f.from.path("load:"+f.load.name),
		"write outside the tables and directories the pipeline reads, directly or through other pipelines",
		fmt.Sprintf("load %s writes %s %s, which %s: every batch's output is new input, so the stream never runs out of data", f.load.name, f.wrote.kind, f.wrote.text, reader))
}

// pathBetween returns the pipelines on a shortest feed path from a to b
// (both included), nil when there is none.
func pathBetween(next map[*pipe][]*pipe, a, b *pipe) []*pipe {
	prev := map[*pipe]*pipe{a: nil}
	queue := []*pipe{a}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == b {
			var out []*pipe
			for ; p != nil; p = prev[p] {
				out = append([]*pipe{p}, out...)
			}
			return out
		}
		for _, n := range next[p] {
			if _, seen := prev[n]; !seen {
				prev[n] = p
				queue = append(queue, n)
			}
		}
	}
	return nil
}

func pipeIDs(ps []*pipe) string {
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.p.ID
	}
	return strings.Join(ids, " → ")
}
