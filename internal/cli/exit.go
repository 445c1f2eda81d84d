package cli

import "github.com/etlgen/etlgen/diag"

// Exit codes shared by every subcommand.
const (
	ExitOK           = 0
	ExitFailure      = 1  // the tool failed (I/O, a bug), or a run failed
	ExitUsage        = 2  // bad flags or arguments
	ExitInvalidModel = 10 // contracts, pipeline or profile are invalid
	ExitPlanning     = 12 // the planner rejected the pipeline
	ExitIncompatible = 14 // state incompatible with an existing checkpoint / breaking contract drift
	ExitEnvironment  = 16 // the environment is not usable (doctor, run)
)

// exitCodes maps each class of problem (diag.SeriesTable says which codes
// belong to which) to its exit status: the one table every subcommand uses.
var exitCodes = map[diag.Class]int{
	diag.ClassNone:              ExitOK,
	diag.ClassIncompatibleState: ExitIncompatible,
	diag.ClassPlanning:          ExitPlanning,
	diag.ClassInvalidModel:      ExitInvalidModel,
	diag.ClassEnvironment:       ExitEnvironment,
}

// exitFor maps diagnostics to the exit code of their worst error; warnings
// and notes never fail. When several classes apply, the lowest-level cause
// wins: environment, then invalid model, planning, incompatible state.
func exitFor(l diag.List) int { return exitCodes[l.Worst()] }
