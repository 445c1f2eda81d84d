package cli

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/testkit/engine"
)

// cdfReport is the Change Data Feed part of a run report: per query and
// delta-cdf source, every batch's start and end offset (the reservoir
// version: the next table version to read) and the resume position, the
// last committed end offset, where the next run starts.
type cdfReport struct {
	Query   string       `json:"query"`
	Source  string       `json:"source"`
	Batches []cdfBatch   `json:"batches"`
	Resume  *cdfPosition `json:"resumePosition,omitempty"`
}

type cdfBatch struct {
	BatchID int64        `json:"batchId"`
	Start   *cdfPosition `json:"startOffset"`
	End     cdfPosition  `json:"endOffset"`
}

// cdfPosition is a Delta source offset as Spark's progress shows it.
type cdfPosition struct {
	ReservoirVersion  int64 `json:"reservoirVersion"`
	IsStartingVersion bool  `json:"isStartingVersion,omitempty"`
}

// cdfRun follows the delta-cdf sources of one local run.
type cdfRun struct {
	reports []*cdfReport
}

// newCDFRun finds the queries of pipeline id that read a delta-cdf source
// and warns, for each whose checkpoint exists, that the source's
// starting_version / starting_timestamp is ignored.
func newCDFRun(e env, m *planner.Model, id string, prof *profile.Profile, eng *engine.Engine) *cdfRun {
	r := &cdfRun{}
	pp, ok := m.Pipeline(id)
	if !ok {
		return r
	}
	for _, s := range pp.Sources {
		if s.Plugin != "delta-cdf" {
			continue
		}
		for _, q := range pp.Queries {
			if slices.Contains(q.Sources, s.Asset) {
				r.reports = append(r.reports, &cdfReport{Query: q.Name, Source: s.Asset, Batches: []cdfBatch{}})
				warnIgnoredStart(e, prof, s.Asset, q.Name, eng)
			}
		}
	}
	return r
}

// warnIgnoredStart prints the warning when a resumed query's CDF source
// names a starting position.
func warnIgnoredStart(e env, prof *profile.Profile, asset, query string, eng *engine.Engine) {
	a, ok := prof.Asset(asset)
	q, ok2 := eng.Query(query)
	if !ok || !ok2 || !q.Recovered {
		return
	}
	for _, opt := range []string{"starting_version", "starting_timestamp"} {
		if a.Has(opt) {
			fmt.Fprintf(e.stderr, "etlgen run: warning: checkpoint %s exists: %s=%s of %s is ignored; query %s resumes after its last committed version (use a new checkpoint to replay from %s)\n",
				q.Checkpoint, opt, a.String(opt), asset, query, opt)
		}
	}
}

// batch prints and records the CDF offsets of one batch.
func (r *cdfRun) batch(e env, p *engine.Progress) {
	for _, rep := range r.reports {
		if rep.Query != p.Query {
			continue
		}
		end, ok := p.EndOffsets[rep.Source]
		if !ok {
			continue
		}
		b := cdfBatch{BatchID: p.BatchID, End: positionOf(end)}
		if start, ok := p.StartOffsets[rep.Source]; ok && start.Delta {
			pos := positionOf(start)
			b.Start = &pos
		}
		rep.Batches = append(rep.Batches, b)
		fmt.Fprintf(e.stdout, "batch %d %-24s %s startOffset=%s endOffset=%s\n", p.BatchID, p.Query, rep.Source, positionText(b.Start), positionText(&b.End))
	}
}

// finish labels each query's last end offset as its resume position.
func (r *cdfRun) finish(e env, eng *engine.Engine) []cdfReport {
	out := make([]cdfReport, 0, len(r.reports))
	for _, rep := range r.reports {
		if q, ok := eng.Query(rep.Query); ok {
			if o, ok := q.CommittedOffsets()[rep.Source]; ok && o.Delta {
				pos := positionOf(o)
				rep.Resume = &pos
			}
		}
		where := "none: no batch committed yet, the next run starts at the source's starting position"
		if rep.Resume != nil {
			where = positionText(rep.Resume) + " (last committed endOffset; the next run reads from this version)"
		}
		fmt.Fprintf(e.stdout, "resume position %s %s: %s\n", rep.Query, rep.Source, where)
		out = append(out, *rep)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Query+out[i].Source < out[j].Query+out[j].Source })
	return out
}

func positionOf(o engine.Offset) cdfPosition {
	return cdfPosition{ReservoirVersion: o.N, IsStartingVersion: o.Snapshot}
}

func positionText(p *cdfPosition) string {
	if p == nil {
		return "none"
	}
	s := "{reservoirVersion:" + strconv.FormatInt(p.ReservoirVersion, 10)
	if p.IsStartingVersion {
		s += ",isStartingVersion:true"
	}
	return s + "}"
}
