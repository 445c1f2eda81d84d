package run

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// runSpark compiles the pipelines to PySpark programs in a fresh directory
// and runs each with the venv python, forwarding a stop (ctx ends) as
// SIGTERM so the program stops by its stop policy.
func runSpark(ctx context.Context, m *planner.Model, o Options) ([]*Report, error) {
	files, err := pyspark.Generate(m)
	if err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	dir, err := os.MkdirTemp("", "etlgen-run-")
	if err == nil {
		err = pyspark.Write(dir, files)
	}
	if err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	var reports []*Report
	for i := range m.Pipelines {
		pp := &m.Pipelines[i]
		r := newReport(m, pp)
		r.Program = filepath.Join(dir, pyspark.ProgramName(pp.ID))
		err := runProgram(ctx, r, o)
		reports = append(reports, r)
		if err != nil || r.Status == "failed" {
			return reports, err
		}
	}
	return reports, nil
}

// runProgram runs one program and fills and writes its report.
func runProgram(ctx context.Context, r *Report, o Options) error {
	h, err := pyspark.Run(ctx, r.Program, pyspark.RunOptions{Python: o.Python, Stderr: o.ProgramLog, OnEvent: func(ev pyspark.Event) {
		sparkEvent(r, ev, o)
	}})
	if err != nil {
		return &EnvironmentError{Err: fmt.Errorf("run %s: %w", r.Pipeline, err)}
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			_ = h.Signal(syscall.SIGTERM)
		case <-done:
		}
	}()
	res, err := h.Await(context.Background())
	if err != nil {
		return fmt.Errorf("run %s: %w", r.Pipeline, err)
	}
	r.Status, r.ExitCode = res.Status, res.ExitCode
	if f := res.Failure; f != nil {
		r.Failure = &Failure{Code: f.Code, Retry: f.Retry, Message: f.Message, Exception: f.Exception}
	}
	return r.write(filepath.Dir(r.Program))
}

// EnvironmentError is a run that could not start for want of something in
// its environment (the Python interpreter, the Spark Connect server).
type EnvironmentError struct{ Err error }

// Error returns the cause's message.
func (e *EnvironmentError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *EnvironmentError) Unwrap() error { return e.Err }

// sparkEvent folds one program event into the report and forwards it.
func sparkEvent(r *Report, ev pyspark.Event, o Options) {
	switch {
	case ev.Kind == "start":
		sparkStart(r, ev.Raw)
	case ev.Batch != nil:
		b := sparkBatch(r.Pipeline, ev.Batch)
		r.add(b)
		q := r.query(b.Query)
		if len(ev.Batch.EndOffsets) > 0 && string(ev.Batch.EndOffsets) != "null" {
			q.FinalOffsets = ev.Batch.EndOffsets
		}
		if ev.Batch.DeltaVersion != nil {
			q.DeltaVersion = ev.Batch.DeltaVersion
		}
		o.batch(b)
	case ev.Kind == "retry" || ev.Kind == "restart":
		o.notice(ev.Kind, "%s", strings.TrimSpace(string(ev.Raw)))
	}
}

// sparkStart records how each query started (fresh or recovered).
func sparkStart(r *Report, raw json.RawMessage) {
	var s struct {
		Queries []struct{ Name, Start string } `json:"queries"`
	}
	_ = json.Unmarshal(raw, &s)
	for _, q := range s.Queries {
		r.query(q.Name).Start = q.Start
		if q.Start == "checkpoint-recovery" {
			r.Start = q.Start
		}
	}
}

// sparkBatch is a program's batch line as a Batch.
func sparkBatch(pipeline string, pb *pyspark.Batch) Batch {
	b := Batch{Pipeline: pipeline, Query: pb.Query, BatchID: pb.BatchID, InputRows: pb.InputRows,
		OutputRows: deref(pb.OutputRows), LateRows: deref(pb.LateRows), DroppedByWatermark: pb.DroppedByWatermark,
		StateRows: pb.StateRows, Replay: pb.Replay}
	if pb.ProcessedRowsPerSecond != nil {
		b.RowsPerSecond = *pb.ProcessedRowsPerSecond
	}
	if pb.Watermark != nil {
		b.Watermark = *pb.Watermark
	}
	if IsDeltaOffset(pb.EndOffsets) {
		b.Offsets = []SourceOffsets{{Start: pb.StartOffsets, End: pb.EndOffsets}}
	}
	return b
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
