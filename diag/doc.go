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
// # Suggestions and fixes
//
// Where a value, a name or a key is rejected, the hint ends with
// DidYouMean: the candidates the input most likely stands for (a typo, a
// shorthand such as kafka for kafka-json, another spelling). A hint whose
// suggestion is mechanical also carries it as a Fix — set, rename or
// delete one key of the profile — which the JSON output holds and
// profile.ApplyFix applies.
//
// A Go error means the tool itself failed (I/O, a bug); a Diagnostic means the
// user's input is wrong.
package diag
