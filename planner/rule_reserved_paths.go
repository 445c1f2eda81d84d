package planner

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// ruleReservedPaths: a pipeline's checkpoints (every version and profile
// of it: <checkpoint_root>/<pipeline id>/) belong to its runs, a source's
// directory to its producer, and the OpenLineage file to the run. A sink
// there (ETL-K505), a source there (ETL-K507), or an OpenLineage file in a
// source, a sink or a pipeline's checkpoints (ETL-K508) would mix data
// with checkpoints: `run --fresh` deletes a pipeline's checkpoints with
// everything in them (the input too), a file source lists the checkpoint
// files of a checkpoint_root inside its directory (Spark lists leaf files
// recursively), and a source reading its own run's lineage never runs out
// of data. Locations beside the checkpoints under checkpoint_root are
// fine. Paths compare by identity (location.go); storage-identity checks
// sinks against each query's own checkpoint.
var ruleReservedPaths = Rule{
	Name:    "reserved-paths",
	Summary: "no source, sink or OpenLineage file inside a pipeline's checkpoints, and no OpenLineage file inside data",
	Codes:   []string{CodeSharedSinkLocation, CodeSourceInCheckpoint, CodeLineageFileInData},
	Check: func(c *Checker) {
		regions := checkpointRegions(c)
		checkSinksOutsideCheckpoints(c, regions)
		checkSourcesOutsideCheckpoints(c, regions)
		checkLineageFile(c, regions)
	},
}

// region is a location and what it is, for messages.
type region struct {
	what string
	loc  location
	// holds is true for checkpoint_root: no data may hold it (a directory
	// around it lists its checkpoints), though data may sit beside the
	// checkpoints in it; other regions hold no data.
	holds bool
}

// clash reports whether loc is the region, lies in it (other than
// checkpoint_root) or holds it (checkpoint_root).
func (r region) clash(loc location) bool {
	if loc.kind != r.loc.kind || loc.kind == locTable {
		return false
	}
	if r.holds {
		return loc.key == r.loc.key || within(r.loc.key, loc.key)
	}
	return loc.key == r.loc.key || within(loc.key, r.loc.key)
}

// checkpointRegions lists checkpoint_root (which no data may hold) and
// each planned pipeline's checkpoint directory (which no data may be in);
// none without a checkpoint root.
func checkpointRegions(c *Checker) []region {
	if c.env.CheckpointRoot == "" {
		return nil
	}
	root := pathLocation(c.env.CheckpointRoot, c.env.WorkDir)
	out := []region{{what: "execution.checkpoint_root (" + root.text + ")", loc: root, holds: true}}
	for _, pp := range c.pipes {
		dir := strings.TrimRight(c.env.CheckpointRoot, "/") + "/" + pp.p.ID
		loc := pathLocation(dir, c.env.WorkDir)
		out = append(out, region{what: "the checkpoints of pipeline " + pp.p.ID + " (" + loc.text + ")", loc: loc})
	}
	return out
}

// firstClash returns the first region loc clashes with.
func firstClash(regions []region, loc location) (region, bool) {
	for _, r := range regions {
		if r.clash(loc) {
			return r, true
		}
	}
	return region{}, false
}

// checkSinksOutsideCheckpoints reports a load (or a quarantine gate's
// output) written in a pipeline's checkpoints or around checkpoint_root,
// unless storage-identity already reported it against a checkpoint.
func checkSinksOutsideCheckpoints(c *Checker, regions []region) {
	for _, w := range writers(c) {
		if w.checkpoint || overlapsACheckpoint(c, w.loc) {
			continue
		}
		if r, ok := firstClash(regions, w.loc); ok {
			c.report(CodeSharedSinkLocation, diag.Error, w.q.loadPos(), w.q.pp.path("load:"+w.asset),
				"keep sinks outside the pipelines' checkpoints and around none of execution.checkpoint_root: `etlgen run --fresh` deletes checkpoints with everything in them",
				fmt.Sprintf("load %s writes %s %s, overlapping %s: checkpoints and data would mix", w.asset, w.loc.kind, w.loc.text, r.what))
		}
	}
}

// overlapsACheckpoint reports whether loc overlaps some query's
// checkpoint (storage-identity's ETL-K505 then names that query).
func overlapsACheckpoint(c *Checker, loc location) bool {
	if c.env.CheckpointRoot == "" {
		return false
	}
	found := false
	c.eachQuery(func(q *query) {
		found = found || loc.overlaps(pathLocation(q.checkpoint(c.env), c.env.WorkDir))
	})
	return found
}

// checkSourcesOutsideCheckpoints reports each source bound in a
// pipeline's checkpoints or around checkpoint_root, once per source.
func checkSourcesOutsideCheckpoints(c *Checker, regions []region) {
	for _, name := range slices.Sorted(maps.Keys(c.env.Sources)) {
		b := c.env.Sources[name]
		loc, ok := bindingLocation(b, c.env.WorkDir)
		if !ok {
			continue
		}
		if r, ok := firstClash(regions, loc); ok {
			c.report(CodeSourceInCheckpoint, diag.Error, b.Asset.Pos, "source:"+name,
				"read the input from a directory of its own, outside the pipelines' checkpoints and around none of execution.checkpoint_root",
				fmt.Sprintf("source %s reads %s %s, overlapping %s: `etlgen run --fresh` would delete the input with the checkpoints, or the source would read checkpoint files", name, loc.kind, loc.text, r.what))
		}
	}
}

// checkLineageFile reports an OpenLineage file inside a source, a sink, a
// quarantine output or a pipeline's checkpoints.
func checkLineageFile(c *Checker, regions []region) {
	if c.env.prof == nil || c.env.prof.Execution().OpenLineage == nil || c.env.prof.Execution().OpenLineage.File == "" {
		return
	}
	ol := c.env.prof.Execution().OpenLineage
	file := pathLocation(ol.File, c.env.WorkDir)
	regions = slices.DeleteFunc(slices.Clone(regions), func(r region) bool { return r.holds }) // a file holds no directory
	for _, set := range []struct {
		kind     string
		bindings map[string]*profile.AssetBinding
	}{{"source", c.env.Sources}, {"sink", c.env.Sinks}, {"quarantine output", c.env.GateOutputs}} {
		for _, name := range slices.Sorted(maps.Keys(set.bindings)) {
			if loc, ok := bindingLocation(set.bindings[name], c.env.WorkDir); ok {
				regions = append(regions, region{what: fmt.Sprintf("%s %s (%s)", set.kind, name, loc.text), loc: loc})
			}
		}
	}
	if r, ok := firstClash(regions, file); ok {
		c.report(CodeLineageFileInData, diag.Error, ol.Pos, "execution.openlineage.file",
			"write the OpenLineage events to a file outside every source, sink and pipeline checkpoint",
			fmt.Sprintf("execution.openlineage.file %s is inside %s: a source would read the run's own events as input, a sink's readers would see them, and `run --fresh` would delete them", ol.File, r.what))
	}
}
