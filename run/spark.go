package run

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
	"github.com/etlgen/etlgen/sparkrun/doctor"
)

// compileSpark generates the pipelines' PySpark programs into a fresh
// directory and returns it.
func compileSpark(m *planner.Model) (string, error) {
	files, err := pyspark.Generate(m)
	if err != nil {
		return "", fmt.Errorf("run: %w", err)
	}
	dir, err := os.MkdirTemp("", "etlgen-run-")
	if err == nil {
		err = pyspark.Write(dir, files)
	}
	if err != nil {
		return "", fmt.Errorf("run: %w", err)
	}
	return dir, nil
}

// runSpark runs each pipeline's program in dir with the venv python,
// forwarding a stop (ctx ends) as SIGTERM so the program stops by its
// stop policy.
func runSpark(ctx context.Context, m *planner.Model, dir string, o Options, h *Handle) ([]*Report, error) {
	if err := checkServer(ctx, o); err != nil {
		return nil, err
	}
	preflight(ctx, o)
	var reports []*Report
	for i := range m.Pipelines {
		pp := &m.Pipelines[i]
		r := newReport(m, pp, h.ID())
		r.Program = filepath.Join(dir, pyspark.ProgramName(pp.ID))
		err := runProgram(ctx, m, pp, r, o, h)
		reports = append(reports, r)
		if err != nil || r.Status == StateFailed {
			return reports, err
		}
	}
	return reports, nil
}

// runProgram runs one program under the driver lease of its pipeline's
// checkpoints, turns its lines into lifecycle events and writes its
// report (after every line, so a killed etlgen leaves the report so far).
// A session the previous driver left running is released by the program
// before it starts; a program that dies without its end line has its
// session released at once.
func runProgram(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, r *Report, o Options, h *Handle) error {
	lease, err := takeLease(ctx, m, pp, leaseWait(m))
	if err != nil {
		return err
	}
	defer lease.release()
	r.Status = StateRunning
	r.Driver = &DriverReport{Lease: lease.path, Checkpoint: lease.Checkpoint}
	dir := filepath.Dir(r.Program)
	env := append([]string{"ETLGEN_RUN_ID=" + r.RunID}, o.env...)
	if lease.Orphan != "" {
		env = append(env, sparkrun.OrphanSessionEnv+"="+lease.Orphan)
	}
	var mu sync.Mutex // the lease record: the program's pid and its session
	pid, session := 0, ""
	lines := newSparkLines(m, pp, r, o, h)
	ph, err := sparkrun.Run(ctx, r.Program, sparkrun.RunOptions{Python: o.Python, Stderr: o.ProgramLog, Env: env,
		ExtraFiles: []*os.File{lease.File()}, OnEvent: func(ev events.Event) {
			if ev.Session != nil || ev.Start != nil {
				mu.Lock()
				session = startSession(ev)
				if err := lease.started(pid, session, r.RunID); err != nil {
					o.notice("warning", "%v", err)
				}
				mu.Unlock()
			}
			lines.event(ev)
			if err := r.write(dir); err != nil {
				o.notice("warning", "%v", err)
			}
		}})
	if err != nil {
		return &EnvironmentError{Err: fmt.Errorf("run %s: %w", r.Pipeline, err)}
	}
	mu.Lock()
	pid = ph.PID()
	if err := lease.started(pid, session, r.RunID); err != nil {
		o.notice("warning", "%v", err)
	}
	mu.Unlock()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			_ = ph.Signal(syscall.SIGTERM)
		case <-done:
		}
	}()
	res, err := ph.Await(context.Background())
	if err != nil {
		return fmt.Errorf("run %s: %w", r.Pipeline, err)
	}
	lines.end(res)
	r.ExitCode = res.ExitCode
	r.Driver.Session = session
	if res.Failure == nil || res.Failure.Code != "connectivity" { // a lost server has no UI to ask
		r.Executors = executorsOf(ctx, lines.ui, session)
	}
	switch {
	case res.Failure != nil && res.Failure.Code == "crashed" && session != "":
		// Its queries may run on without a client: release them now.
		r.Driver.ReleasedAfterCrash = releaseSession(r.Program, session, m, o) == nil
		if r.Driver.ReleasedAfterCrash {
			_ = lease.ended()
		}
	case res.Failure != nil && res.Failure.Code == "connectivity":
		// The session may outlive the lost connection: the next run
		// releases it (the lease keeps it).
	default:
		if err := lease.ended(); err != nil {
			o.notice("warning", "%v", err)
		}
	}
	h.s.ol.flush(r)
	return r.write(dir)
}

// releaseSession runs the program in release mode: it attaches to the
// session, stops its queries and releases it, bounded by the profile's
// server-loss timeout.
func releaseSession(program, session string, m *planner.Model, o Options) error {
	limit := m.Execution.ServerLossTimeout
	if limit <= 0 {
		limit = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit+30*time.Second)
	defer cancel()
	h, err := sparkrun.Run(ctx, program, sparkrun.RunOptions{Python: o.Python, Stderr: o.ProgramLog,
		Env: []string{sparkrun.OrphanSessionEnv + "=" + session, sparkrun.ReleaseOnlyEnv + "=1"}})
	if err == nil {
		var res *sparkrun.Result
		if res, err = h.Await(ctx); err == nil && res.Status != "released" {
			err = fmt.Errorf("release session %s: program ended %s", session, res.Status)
		}
		if err != nil {
			_ = h.Signal(syscall.SIGKILL)
		}
	}
	if err != nil {
		o.notice("warning", "the Spark program died; releasing its session %s failed (the next run releases it): %v", session, err)
		return err
	}
	o.notice("released", "the Spark program died; its session %s was released (its queries stopped)", session)
	return nil
}

// preflight warns, before any program starts, of what Spark would fail
// on only after the start: specific starting offsets that do not name
// exactly the partitions of their topics (ETL-E708). A warning, not a
// refusal: a query resuming from its checkpoint ignores its starting
// offsets, and only the program knows whether its checkpoint has any.
func preflight(ctx context.Context, o Options) {
	if o.Profile == nil {
		return
	}
	for _, c := range doctor.Preflight(ctx, doctor.ConfigOf(o.Profile)).Failed() {
		o.warn(c.Code, "%s: %s (a fresh checkpoint fails at start or at its first batch; one with offsets ignores starting offsets)",
			c.Detail, c.Hint)
	}
}

// checkServer refuses, before any program starts, a Spark Connect server
// of another line than the profile's spark_version (ETL-E702): the plan
// was checked with that line's rules. It warns of a server whose cache of
// compiled classes is too small for micro-batches (ETL-E711). A server
// that does not answer is left to the program, which reports it as it
// starts.
func checkServer(ctx context.Context, o Options) error {
	if o.Profile == nil {
		return nil
	}
	cfg := doctor.ConfigOf(o.Profile)
	cfg.Timeout = 10 * time.Second
	rep := doctor.CheckServer(ctx, cfg)
	for _, c := range rep.Failed() {
		if c.Code == doctor.CodeSparkVersion {
			return &EnvironmentError{Err: fmt.Errorf("%s: %s: %s", c.Code, c.Detail, c.Hint)}
		}
	}
	for _, c := range rep.Warnings() {
		o.warn(c.Code, "%s: %s", c.Detail, c.Hint)
	}
	return nil
}

// startSession is the Spark Connect session id of a session or start
// event ("" when it has none).
func startSession(ev events.Event) string {
	var id *string
	if ev.Session != nil {
		id = ev.Session.Session
	} else {
		id = ev.Start.Session
	}
	if id == nil {
		return ""
	}
	return *id
}

// newRunID is a random id of one run (the program's RUN_ID).
func newRunID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// EnvironmentError is a run that could not start for want of something in
// its environment (the Python interpreter, the Spark Connect server).
type EnvironmentError struct{ Err error }

// Error returns the cause's message.
func (e *EnvironmentError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *EnvironmentError) Unwrap() error { return e.Err }

// sparkBatch is a program's batch line as a Batch.
func sparkBatch(pp *planner.PipelinePlan, pb *events.Batch) Batch {
	b := Batch{Pipeline: pp.ID, Query: pb.Query, BatchID: pb.BatchID, InputRows: pb.InputRows, InvalidRows: pb.InvalidRows,
		OutputRows: deref(pb.OutputRows), LateRows: deref(pb.LateRows), DroppedByWatermark: pb.DroppedByWatermark,
		StateRows: pb.StateRows, Replay: pb.Replay, DeltaVersion: pb.DeltaVersion}
	if len(pb.EndOffsets) > 0 && string(pb.EndOffsets) != "null" {
		b.EndOffsets = pb.EndOffsets
	}
	if pb.ProcessedRowsPerSecond != nil {
		b.RowsPerSecond = *pb.ProcessedRowsPerSecond
	}
	b.LateWatermark, b.Watermark = sparkWatermark(pb.LateWatermark), sparkWatermark(pb.Watermark)
	if IsDeltaOffset(pb.EndOffsets) {
		b.Offsets = []SourceOffsets{{Source: streamingSource(pp, pb.Query), Start: pb.StartOffsets, End: pb.EndOffsets}}
	}
	for _, g := range pb.Gates {
		b.Gates = append(b.Gates, GateVerdict(g))
	}
	gateWarnings(&b)
	for _, e := range pb.Expectations {
		b.Expectations = append(b.Expectations, ExpectationCounts(e))
	}
	expectationWarnings(&b)
	return b
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// sparkWatermark is a watermark of a batch line; "" for none (null, or
// Spark's initial 0).
func sparkWatermark(w *string) string {
	if w == nil || isEpoch(*w) {
		return ""
	}
	return *w
}

// isEpoch reports whether a watermark is Spark's initial 0: a query whose
// watermark has not advanced yet reports 1970-01-01T00:00:00.000Z.
func isEpoch(watermark string) bool {
	t, err := time.Parse(time.RFC3339Nano, watermark)
	return err == nil && t.UnixMilli() == 0
}
