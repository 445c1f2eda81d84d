package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/testkit/engine"
)

// runLocal runs one pipeline on the local engine as the profile's trigger
// says (engine.Run), printing a progress line per micro-batch and writing
// the run report.
func runLocal(ctx context.Context, e env, id string, m *planner.Model, prof *profile.Profile) int {
	eng, err := engine.Open(m, id, &engine.Env{})
	var ie *engine.IncompatibleStateError
	if errors.As(err, &ie) {
		return report(e.stdout, e.stderr, diag.FormatHuman, ie.Diagnostics)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitEnvironment
	}
	rep := newReport(id, prof, eng)
	cdf := newCDFRun(e, m, id, prof, eng)
	err = eng.Run(ctx, m.Trigger, func(p *engine.Progress) {
		printProgress(e, p)
		cdf.batch(e, p)
		rep.add(p)
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitFailure
	}
	rep.finish(eng)
	rep.CDF = cdf.finish(e, eng)
	path, err := rep.write(prof)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitFailure
	}
	fmt.Fprintf(e.stdout, "run %s: %s, %d batches; report %s\n", id, rep.Start, rep.Batches, path)
	return ExitOK
}

func printProgress(e env, p *engine.Progress) {
	rate := 0.0
	if p.Duration > 0 {
		rate = float64(p.InputRows) / p.Duration.Seconds()
	}
	fmt.Fprintf(e.stdout, "batch %d %-24s input=%d rows/s=%.0f watermark=%s state=%d dropped=%d invalid=%d late=%d output=%d\n",
		p.BatchID, p.Query, p.InputRows, rate, p.Watermark.Format(time.RFC3339), p.StateRows,
		p.DroppedByWatermark, p.InvalidRows, p.LateRows, p.OutputRows)
}

func newReport(id string, prof *profile.Profile, eng *engine.Engine) *runReport {
	r := &runReport{Pipeline: id, Profile: prof.Name(), Engine: prof.Engine(), Start: "fresh", Sinks: map[string]int{}}
	for _, q := range eng.Queries {
		qr := queryReport{Name: q.Name, Start: "fresh"}
		if q.Recovered {
			qr.Start, r.Start = "checkpoint-recovery", "checkpoint-recovery"
		}
		r.Queries = append(r.Queries, qr)
	}
	return r
}

func (r *runReport) add(p *engine.Progress) {
	r.Batches++
	for i := range r.Queries {
		q := &r.Queries[i]
		if q.Name != p.Query {
			continue
		}
		q.Batches++
		q.InputRows += p.InputRows
		q.InvalidRows += p.InvalidRows
		q.OutputRows += p.OutputRows
		q.LateRows += p.LateRows
		q.DroppedByWatermark += p.DroppedByWatermark
		if !p.Skipped {
			r.Sinks[p.Query] += p.OutputRows
		}
	}
}

func (r *runReport) finish(eng *engine.Engine) {
	for i := range r.Queries {
		q, _ := eng.Query(r.Queries[i].Name)
		r.Queries[i].NextBatch = q.NextBatch()
		r.Queries[i].StateRows = q.StateRows()
		r.Queries[i].Watermark = q.Watermark().Format(time.RFC3339)
	}
	for _, q := range r.Queries {
		if _, ok := r.Sinks[q.Name]; !ok {
			r.Sinks[q.Name] = 0
		}
	}
}

// write stores the report as run-report.json in the directory that holds
// the file sinks (the parent of the first one), else the checkpoint root.
func (r *runReport) write(prof *profile.Profile) (string, error) {
	dir := prof.CheckpointRoot()
	for _, q := range r.Queries {
		if a, ok := prof.Asset(q.Name); ok && a.Plugin != nil && a.Plugin.Name == "file-json" {
			dir = filepath.Dir(a.Path("path"))
			break
		}
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", fmt.Errorf("write run report: %w", err)
	}
	path := filepath.Join(dir, "run-report.json")
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("write run report: %w", err)
	}
	return path, nil
}
