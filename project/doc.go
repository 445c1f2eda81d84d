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
// model, and the profile's and the planner's diagnostics, sorted. A
// failure to load anything at all is an *Error whose Class says which exit
// status the CLI gives it: a package that does not compile is an invalid
// model (the compiler's errors, irload.BuildError), anything else of the
// go toolchain an environment problem.
package project
