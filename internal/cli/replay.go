package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/run"
)

// replayCommand is `etlgen replay [PKG] --profile FILE --quarantine NAME
// [--yes]`: the quarantine's rows judged again under the current
// contracts, and with --yes the rows that pass now fed through the valid
// branch, each once.
func replayCommand() command {
	return command{
		summary: "validate a quarantine again under the current contracts; --yes ingests the rows that pass now",
		usage:   []string{"etlgen replay [PKG] --profile FILE --quarantine NAME [--yes] [--format text|json]"},
		help: "Reads the rows of a quarantine (the load of an extract's Invalid() stream, or a static table's\n" +
			"quarantine) where the profile binds it, as etlgen show does, validates each row's raw payload\n" +
			"again under the source's current contract (the Go validator of the local engine) and prints\n" +
			"the diff: each row's old reason and its verdict now (PASS or its reason), then the rows per old\n" +
			"and new reason. With --yes the rows that pass now are fed through the pipeline's valid branch\n" +
			"on the profile's engine, each once: a replay ledger under the pipeline's checkpoint directory\n" +
			"(_replay/NAME: a file on the local engine, a Delta table on Spark, appended once) records\n" +
			"every row by a stable id before it is fed, and the replay's own queries read it from their\n" +
			"own checkpoints, so a stopped replay finishes at the next one without writing anything twice\n" +
			"(on Spark a generated replay program, run as etlgen run runs a program). The quarantine is\n" +
			"left as it is; the ledger marks its replayed rows (column replayed of the diff). A valid\n" +
			"branch that holds state (aggregation, deduplication, watermark) is refused (docs/replay.md).\n" +
			"Exit: 0 ok, 1 the replay failed, 2 an unknown sink or not a quarantine, 10 invalid model,\n" +
			"16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var sink string
			var yes bool
			f.register(fs)
			fs.StringVar(&sink, "quarantine", "", "the quarantine sink `NAME`: its asset or its query (required)")
			fs.BoolVar(&yes, "yes", false, "feed the rows that pass now through the valid branch (each once)")
			formatFlag(fs, &f.format, formatText, formatJSON)
			return func(ctx context.Context, e env, pkgs []string) int {
				return runReplay(ctx, e, f, sink, yes, pkgs)
			}
		},
	}
}

// runReplay plans the package with the profile, replays and renders.
func runReplay(ctx context.Context, e env, f planFlags, sink string, yes bool, pkgs []string) int {
	res, format, code := loadSinkPlan(ctx, e, f, pkgs, "--quarantine", sink)
	if code != ExitOK {
		return code
	}
	r, err := run.Replay(ctx, res.Model, run.ReplayOptions{Quarantine: sink, Apply: yes, Run: run.Options{
		OnNotice: func(n run.Notice) { printNotice(e, n, false) }, ProgramLog: programLog(), Profile: res.Profile}})
	var coded *run.ReplayError
	switch {
	case errors.Is(err, run.ErrUnknownSink):
		return e.usageError("%v", err)
	case errors.As(err, &coded) && coded.Code == run.CodeReplayNotQuarantine:
		return e.usageError("%v", err)
	case r == nil && err != nil:
		return e.fail(ExitFailure, "%v", err)
	}
	if format == formatJSON {
		data, jerr := json.MarshalIndent(r, "", "  ")
		if jerr != nil {
			return e.fail(ExitFailure, "%v", jerr)
		}
		fmt.Fprintf(e.stdout, "%s\n", terminalSafeJSON(data))
	} else {
		writeReplay(e.stdout, r, yes && err == nil)
	}
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	return ExitOK
}

// writeReplay prints the diff of a replay, then what it fed (applied) or
// how to feed it.
func writeReplay(w io.Writer, r *run.ReplayReport, applied bool) {
	fmt.Fprintf(w, "quarantine %s of pipeline %s: %s, validated again under contract %s v%s\n",
		r.Quarantine, r.Pipeline, rowCount(int64(len(r.Rows))), r.Contract, printable(r.ContractVersion))
	for _, row := range r.Rows {
		now := "PASS"
		if row.Now != nil {
			now = verdictText(*row.Now)
		}
		mark := ""
		if row.Replayed {
			mark = "  (replayed)"
		}
		fmt.Fprintf(w, "  row %d %s: %s -> %s%s\n", row.Row, row.ID[:12], cell(verdictText(row.Was)), cell(now), mark)
	}
	fmt.Fprintln(w, "by reason (was -> now):")
	for _, c := range r.Changes {
		to := c.To
		if to == "" {
			to = "PASS"
		}
		fmt.Fprintf(w, "  %s -> %s: %s\n", printable(c.From), printable(to), rowCount(int64(c.Rows)))
	}
	fresh := r.Pass - passedReplayed(r)
	fmt.Fprintf(w, "%d pass now (%d already replayed), %d still fail\n", r.Pass, r.Pass-fresh, r.Fail)
	switch {
	case applied:
		fmt.Fprintf(w, "fed %s through the valid branch of %s (ledger %s)\n", rowCount(int64(r.Ingested)), r.Source, relToDir(".", r.Ledger))
	case fresh > 0:
		fmt.Fprintf(w, "run again with --yes to feed the %s that pass now through the valid branch of %s, each once\n", diag.Count(fresh, "row", "rows"), r.Source)
	}
}

// passedReplayed counts the rows that pass and are already in the ledger.
func passedReplayed(r *run.ReplayReport) int {
	n := 0
	for _, row := range r.Rows {
		if row.Now == nil && row.Replayed {
			n++
		}
	}
	return n
}

// verdictText is a verdict as "CODE field: reason".
func verdictText(v run.ReplayVerdict) string {
	if v.Field == "" {
		return v.Code + ": " + v.Reason
	}
	return v.Code + " " + v.Field + ": " + v.Reason
}
