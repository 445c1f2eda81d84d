// Package diag holds the diagnostics every etlgen tool reports about a user's
// input: a stable code, a severity, a position (Go source or YAML file:line:col),
// a path inside the model, a message and a hint that says how to fix it.
//
// # Flow
//
// Loaders, the planner and the profile parser collect diagnostics into a List
// instead of stopping at the first problem. The CLI sorts the list, renders it
// once (text, JSON or SARIF) and maps it to an exit code.
//
// A Go error means the tool itself failed (I/O, a bug); a Diagnostic means the
// user's input is wrong.
package diag
