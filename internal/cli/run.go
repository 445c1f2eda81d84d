package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// runReport is the JSON run report written next to the outputs.
type runReport struct {
	Pipeline string         `json:"pipeline"`
	Profile  string         `json:"profile"`
	Engine   string         `json:"engine"`
	Start    string         `json:"start"` // fresh or checkpoint-recovery
	Batches  int            `json:"batches"`
	Queries  []queryReport  `json:"queries"`
	Sinks    map[string]int `json:"sinks"`
	// CDF records the offsets of delta-cdf sources (run_cdf.go).
	CDF []cdfReport `json:"cdf,omitempty"`
}

type queryReport struct {
	Name               string `json:"name"`
	Start              string `json:"start"`
	Batches            int    `json:"batches"`
	NextBatch          int64  `json:"nextBatch"`
	InputRows          int    `json:"inputRows"`
	InvalidRows        int    `json:"invalidRows"`
	OutputRows         int    `json:"outputRows"`
	LateRows           int64  `json:"lateRows"`
	DroppedByWatermark int64  `json:"droppedByWatermark"`
	StateRows          int    `json:"stateRows"`
	Watermark          string `json:"watermark"`
}

// runRun implements `etlgen run PKG --profile FILE`: it plans the package's
// pipelines with the profile and runs them on the engine the profile names.
// The local engine runs in-process (package testkit/engine) as the trigger
// says (available-now: until no query has new data); the pyspark engine
// compiles and runs the generated programs (run_pyspark.go).
func runRun(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	f.register(fs, "human")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen run PKG --profile FILE [--pipeline ID]\n\nRuns the pipelines on the profile's engine (local: in-process, no JVM; pyspark: the generated program on Spark Connect).\nExit: 0 ok, 10 invalid model, 12 planning failure, 14 incompatible state, 16 environment failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	if f.profile == "" {
		fmt.Fprintln(e.stderr, "etlgen run: --profile FILE is required")
		return ExitUsage
	}
	prof, pdiags, err := profile.Load(joinDir(f.dir, f.profile))
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
		return ExitEnvironment
	}
	if pdiags.HasErrors() {
		return report(e.stdout, e.stderr, diag.FormatHuman, pdiags)
	}
	switch prof.Engine() {
	case profile.EngineLocal:
	case profile.EnginePySpark:
		return runPySpark(ctx, e, f, pkgs) // run_pyspark.go
	default:
		fmt.Fprintf(e.stderr, "etlgen run: unknown engine %q\n", prof.Engine())
		return ExitEnvironment
	}
	doc, code := loadIR(ctx, e, f, pkgs)
	if code != ExitOK {
		return code
	}
	m, diags := planner.Plan(doc, prof, planner.Options{Pipelines: f.pipelines, OutputModes: f.outputModes()})
	if diags.HasErrors() {
		return report(e.stdout, e.stderr, diag.FormatHuman, diags)
	}
	for _, p := range m.Pipelines {
		if code := runLocal(ctx, e, p.ID, m, prof); code != ExitOK {
			return code
		}
	}
	return ExitOK
}
