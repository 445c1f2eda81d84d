// Package project loads a user's pipelines and plans them: the one library
// call behind every etlgen subcommand that needs a plan.
//
// # Flow
//
//	Load(ctx, Options)
//	  the IR: built from a Go package (framework/irload), or read from an
//	          `etlgen ir` JSON file
//	  the profile: parsed (framework/profile); a profile with errors is
//	          still bound as far as it goes
//	  planner.Plan → *planner.Model + every diagnostic at once
//
// The result is what the engines, the generators and the CLI read: the
// model, and the profile's and the planner's diagnostics, sorted; a
// package or IR file that declares no pipeline adds ETL-D216. A failure
// to load anything at all is an *Error whose Diagnostics say what is
// wrong, each with a stable code, and whose Class (their worst) says which
// exit status the CLI gives it: a package that does not compile is an
// invalid model (the compiler's errors, irload.BuildError, ETL-D200), as is
// an IR file that is not one (ETL-D215); a package that cannot be found or
// built (irload's ETL-E720–E723, E729), or a profile or IR file that cannot
// be read (ETL-E724, E725), an environment problem.
//
// # Projects
//
// A repository of many pipelines has a project file, etlgen.yaml
// (ConfigFile, docs/projects.md): its pipeline packages, the targets
// (named profiles) each runs on, and where the published contracts, the
// docs site and the committed state manifests go. FindConfig finds it (in
// a directory or above, up to the module root), LoadConfig parses and
// checks it (ETL-P380–P383, with the file's line and column; every path
// stays inside the project), Config.Select picks units — package ×
// target — by package patterns (./..., ./clickstream) and target names,
// and LoadUnits loads each package's IR once (packages concurrently) and
// plans it on each of its targets. A unit that cannot be loaded carries
// its error; the others are planned all the same, so that one command
// reports on every unit.
package project
