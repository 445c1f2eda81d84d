package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/project"
	"github.com/etlgen/etlgen/run"
)

// defaultShowLimit is how many rows show prints unless --limit says.
const defaultShowLimit = 20

// showCommand is `etlgen show [PKG] --profile FILE --sink NAME`: the rows
// a sink holds, read where the profile binds it.
func showCommand() command {
	return command{
		summary: "print the rows a sink holds (local: file-json; Spark: the Delta or Iceberg table)",
		usage:   []string{"etlgen show [PKG] --profile FILE --sink NAME [--limit N] [--format text|json]"},
		help: "Prints the rows of one sink of the package's pipelines, read where the profile binds it: a\n" +
			"file-json directory's committed files (local engine), a Delta or Iceberg table through the\n" +
			"profile's Spark Connect server (pyspark engine; an Iceberg table in the catalog the profile\n" +
			"configures). NAME is the sink's asset or its query. Every run's rows\n" +
			"count, not only the last run's; the first N rows are printed as a table (json: one document\n" +
			"with the rows as the sink holds them). A quarantine that etlgen replay --yes fed from gets a\n" +
			"last column (replayed): whether its replay ledger holds the row.\n" +
			"Exit: 0 ok, 1 the sink cannot be read, 2 an unknown sink, 10 invalid model, 16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var sink string
			var limit int
			f.register(fs)
			fs.StringVar(&sink, "sink", "", "the sink `NAME`: a load's asset or its query (required)")
			fs.IntVar(&limit, "limit", defaultShowLimit, "print at most `N` rows")
			formatFlag(fs, &f.format, formatText, formatJSON)
			return func(ctx context.Context, e env, pkgs []string) int {
				return runShow(ctx, e, f, sink, limit, pkgs)
			}
		},
	}
}

// runShow plans the package with the profile and prints the sink's rows.
func runShow(ctx context.Context, e env, f planFlags, sink string, limit int, pkgs []string) int {
	if limit < 0 {
		return e.usageError("--limit %d: want 0 or more", limit)
	}
	res, format, code := loadSinkPlan(ctx, e, f, pkgs, "--sink", sink)
	if code != ExitOK {
		return code
	}
	rows, err := run.ReadSink(ctx, res.Model, sink, limit)
	switch {
	case errors.Is(err, run.ErrUnknownSink):
		return e.usageError("%v", err)
	case err != nil:
		return e.fail(ExitFailure, "%v", err)
	}
	if format == formatJSON {
		data, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		fmt.Fprintf(e.stdout, "%s\n", terminalSafeJSON(data))
		return ExitOK
	}
	fmt.Fprintf(e.stdout, "%s (%s %s): %s\n", rows.Asset, rows.Plugin, relToDir(".", rows.Where), rowCount(rows.Total))
	columns, data := withReplayedColumn(rows)
	writeRowTable(e.stdout, columns, data, rows.Total)
	return ExitOK
}

// replayedColumn is the column of the table of a quarantine's rows that
// says which ones `etlgen replay --yes` fed (its ledger holds them); its
// parentheses keep it apart from the sink's own columns.
const replayedColumn = "(replayed)"

// withReplayedColumn returns the columns and rows to print: the sink's,
// and for a quarantine with a replay ledger the replayedColumn too.
func withReplayedColumn(rows *run.SinkRows) ([]string, []json.RawMessage) {
	if rows.Replayed == nil {
		return rows.Columns, rows.Rows
	}
	out := make([]json.RawMessage, len(rows.Rows))
	for i, r := range rows.Rows {
		var obj map[string]json.RawMessage
		if json.Unmarshal(r, &obj) != nil {
			out[i] = r
			continue
		}
		obj[replayedColumn], _ = json.Marshal(rows.Replayed[i])
		out[i], _ = json.Marshal(obj)
	}
	return append(slices.Clone(rows.Columns), replayedColumn), out
}

// loadSinkPlan checks the flags of a command about one sink (show,
// replay: a profile, the sink named by flag, the format) and plans the
// one package; it returns the plan, the format and ExitOK, or the exit
// code of what went wrong.
func loadSinkPlan(ctx context.Context, e env, f planFlags, pkgs []string, flag, sink string) (*project.Result, string, int) {
	pkgs, code := f.resolveOne(e, pkgs)
	if code != ExitOK {
		return nil, "", code
	}
	format, err := parseFormat(f.format, formatText, formatJSON)
	switch {
	case err != nil:
		return nil, "", e.usageError("%v", err)
	case f.profile == "":
		return nil, "", e.usageError("--profile FILE is required")
	case sink == "":
		return nil, "", e.usageError("%s NAME is required", flag)
	}
	res, code := loadActionablePlan(ctx, e, f, pkgs)
	return res, format, code
}
