package project

// The codes of what project reports itself; irload's (ETL-E720–E723,
// E729) cover a package that cannot be loaded. docs/diagnostics.md
// documents each one.
const (
	// CodeProfileUnreadable: the profile file cannot be read (environment,
	// exit status 16).
	CodeProfileUnreadable = "ETL-E724"
	// CodeIRUnreadable: the --ir file cannot be read (environment).
	CodeIRUnreadable = "ETL-E725"
	// CodeBadIR: the --ir file is not an IR document of this version
	// (invalid model, exit status 10).
	CodeBadIR = "ETL-D215"
	// CodeNoPipelines: the package (or IR file) declares no pipeline
	// (invalid model).
	CodeNoPipelines = "ETL-D216"
)
