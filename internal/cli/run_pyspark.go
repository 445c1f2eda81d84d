package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/etlgen/etlgen/pyspark"
)

// sparkReport is the run report of a pyspark run (run-report.json next to
// the compiled programs).
type sparkReport struct {
	Pipeline string             `json:"pipeline"`
	Profile  string             `json:"profile"`
	Engine   string             `json:"engine"`
	Program  string             `json:"program"`
	Start    string             `json:"start"` // fresh or checkpoint-recovery
	Status   string             `json:"status"`
	ExitCode int                `json:"exitCode"`
	Batches  int                `json:"batches"`
	Queries  []sparkQueryReport `json:"queries"`
	Failure  *pyspark.Failure   `json:"failure,omitempty"`
}

type sparkQueryReport struct {
	Name               string          `json:"name"`
	Start              string          `json:"start"`
	Batches            int             `json:"batches"`
	LastBatchID        int64           `json:"lastBatchId"`
	InputRows          int64           `json:"inputRows"`
	OutputRows         int64           `json:"outputRows"`
	LateRows           int64           `json:"lateRows"`
	DroppedByWatermark int64           `json:"droppedByWatermark"`
	StateRows          int64           `json:"stateRows"`
	Watermark          string          `json:"watermark,omitempty"`
	FinalOffsets       json.RawMessage `json:"finalOffsets,omitempty"`
	DeltaVersion       *int64          `json:"deltaVersion,omitempty"`
}

// runPySpark compiles the pipelines to PySpark programs in a fresh
// directory and runs each with the venv python, forwarding a stop (ctx
// ends on SIGINT/SIGTERM) as SIGTERM so the program stops gracefully.
func runPySpark(ctx context.Context, e env, f planFlags, pkgs []string) int {
	m, code := planForSpark(ctx, e, f, pkgs)
	if code != ExitOK {
		return code
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitPlanning
	}
	dir, err := os.MkdirTemp("", "etlgen-run-")
	if err == nil {
		err = pyspark.Write(dir, files)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitFailure
	}
	for _, p := range m.Pipelines {
		rep := &sparkReport{Pipeline: p.ID, Profile: m.Profile, Engine: m.Engine, Program: filepath.Join(dir, pyspark.ProgramName(p.ID))}
		if code := runProgram(ctx, e, rep); code != ExitOK {
			return code
		}
	}
	return ExitOK
}

// runProgram runs one program, shows its progress and writes its report.
func runProgram(ctx context.Context, e env, rep *sparkReport) int {
	live := isTerminal(e.stdout)
	h, err := pyspark.Run(ctx, rep.Program, pyspark.RunOptions{Stderr: programLog(e), OnEvent: func(ev pyspark.Event) {
		rep.add(ev)
		printSparkEvent(e.stdout, ev, live)
	}})
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitEnvironment
	}
	go func() {
		<-ctx.Done()
		_ = h.Signal(syscall.SIGTERM)
	}()
	res, err := h.Await(context.Background())
	if live {
		fmt.Fprintln(e.stdout)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitFailure
	}
	rep.Status, rep.ExitCode, rep.Failure = res.Status, res.ExitCode, res.Failure
	path := filepath.Join(filepath.Dir(rep.Program), "run-report.json")
	if data, err := json.MarshalIndent(rep, "", "  "); err == nil {
		_ = os.WriteFile(path, append(data, '\n'), 0o644)
	}
	printResumePositions(e.stdout, rep)
	fmt.Fprintf(e.stdout, "run %s: %s (%s), %d batches; report %s\n", rep.Pipeline, rep.Status, rep.Start, rep.Batches, path)
	if res.Failure != nil {
		fmt.Fprintf(e.stderr, "etlgen run: %s: %s\n  retry: %s\n", res.Failure.Code, firstLine(res.Failure.Message), res.Failure.Retry)
	}
	return sparkExit(res.ExitCode)
}

// sparkExit maps a program's exit code to etlgen's: 16 environment, 1 others.
func sparkExit(code int) int {
	switch code {
	case pyspark.ExitOK:
		return ExitOK
	case pyspark.ExitEnvironment:
		return ExitEnvironment
	}
	return ExitFailure
}

// programLog is where the program's stderr goes: ETLGEN_SPARK_LOG names a
// file; by default it is dropped (the last lines reach the report on a crash).
func programLog(e env) io.Writer {
	if p := os.Getenv("ETLGEN_SPARK_LOG"); p != "" {
		if f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			return f
		}
	}
	return nil
}

func (r *sparkReport) add(ev pyspark.Event) {
	switch {
	case ev.Kind == "start":
		r.start(ev.Raw)
	case ev.Batch != nil:
		r.Batches++
		r.batch(ev.Batch)
	}
}

func (r *sparkReport) start(raw json.RawMessage) {
	var s struct {
		Queries []struct{ Name, Start string } `json:"queries"`
	}
	_ = json.Unmarshal(raw, &s)
	r.Start = "fresh"
	for _, q := range s.Queries {
		r.Queries = append(r.Queries, sparkQueryReport{Name: q.Name, Start: q.Start})
		if q.Start == "checkpoint-recovery" {
			r.Start = q.Start
		}
	}
}

func (r *sparkReport) batch(b *pyspark.Batch) {
	for i := range r.Queries {
		q := &r.Queries[i]
		if q.Name != b.Query {
			continue
		}
		q.Batches++
		q.LastBatchID, q.InputRows, q.DroppedByWatermark, q.StateRows = b.BatchID, q.InputRows+b.InputRows, q.DroppedByWatermark+b.DroppedByWatermark, b.StateRows
		q.OutputRows += deref(b.OutputRows)
		q.LateRows += deref(b.LateRows)
		if b.Watermark != nil {
			q.Watermark = *b.Watermark
		}
		if len(b.EndOffsets) > 0 && string(b.EndOffsets) != "null" {
			q.FinalOffsets = b.EndOffsets
		}
		if b.DeltaVersion != nil {
			q.DeltaVersion = b.DeltaVersion
		}
	}
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// printSparkEvent prints a batch as one line; on a terminal the line is
// rewritten in place.
func printSparkEvent(w io.Writer, ev pyspark.Event, live bool) {
	switch ev.Kind {
	case "batch":
		b := ev.Batch
		if b == nil {
			return
		}
		rate, wm := 0.0, "-"
		if b.ProcessedRowsPerSecond != nil {
			rate = *b.ProcessedRowsPerSecond
		}
		if b.Watermark != nil {
			wm = *b.Watermark
		}
		line := fmt.Sprintf("batch %d %-24s input=%d rows/s=%.0f watermark=%s state=%d dropped=%d output=%d late=%d",
			b.BatchID, b.Query, b.InputRows, rate, wm, b.StateRows, b.DroppedByWatermark, deref(b.OutputRows), deref(b.LateRows))
		line += offsetSuffix(b.StartOffsets, b.EndOffsets)
		if live {
			fmt.Fprintf(w, "\r\033[K%s", line)
			return
		}
		fmt.Fprintln(w, line)
	case "retry", "restart":
		if !live {
			fmt.Fprintf(w, "%s: %s\n", ev.Kind, strings.TrimSpace(string(ev.Raw)))
		}
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
